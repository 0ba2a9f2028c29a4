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

/** A short text for a JSON value in the diff table. */
export function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
