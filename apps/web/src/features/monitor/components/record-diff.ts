import { formatStoredTime } from '@/lib/format/date';

export type DiffRow = {
  key: string;
  before: unknown;
  after: unknown;
  change: 'added' | 'removed' | 'changed';
};

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields that differ between a record's before and after states, in key order. */
export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const a = asObject(before);
  const b = asObject(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const rows: DiffRow[] = [];
  for (const key of keys) {
    const inA = key in a;
    const inB = key in b;
    if (inA && inB && same(a[key], b[key])) continue;
    rows.push({
      key,
      before: a[key],
      after: b[key],
      change: !inA ? 'added' : !inB ? 'removed' : 'changed',
    });
  }
  return rows;
}

export type ValueWords = {
  /** Related record id → its name (`GET /api/activity-monitor/:id/names`). */
  names?: Record<string, string>;
  /** A select field's choice as its screens name it ('' when none does). */
  choice?: (value: string) => string;
  yes: string;
  no: string;
};

/**
 * One value in words: a related record by its name, a choice as its screens name it, a stored
 * time as a date, a flag as yes or no.
 */
function oneValue(value: unknown, words: ValueWords): string {
  if (typeof value === 'string') {
    if (words.names?.[value]) return words.names[value];
    const choice = words.choice?.(value);
    if (choice) return choice;
    return formatStoredTime(value) ?? value;
  }
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return JSON.stringify(value);
}

/**
 * A short text for a JSON value in the diff table, as people read it (the stored value stays in
 * the JSON below the table).
 */
export function showValue(value: unknown, words: ValueWords): string {
  if (value === undefined) return '';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.map((v) => oneValue(v, words)).join(', ');
  return oneValue(value, words);
}

/** The related ids a value holds that have a name: the ones shown in words. */
export function namedIds(value: unknown, names: Record<string, string> | undefined): string[] {
  if (!names) return [];
  const ids = Array.isArray(value) ? value : [value];
  return ids.filter((id): id is string => typeof id === 'string' && !!names[id]);
}
