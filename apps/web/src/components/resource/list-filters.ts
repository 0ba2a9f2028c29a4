import { fieldDef } from './common/declarations';
import type { DataTableFilter } from '@/components/data-table/list/data-table';
import { equalsFilter } from '@/lib/data/records';

/** A day of a date input as the stored UTC text a filter compares with (`''` for no day). */
export function dayStart(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day} 00:00:00.000Z` : '';
}

/** The start of the day after, so that "to" keeps the whole day it names. */
export function nextDayStart(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  d.setUTCDate(d.getUTCDate() + 1);
  return `${d.toISOString().slice(0, 10)} 00:00:00.000Z`;
}

/**
 * A filter by one of the values a select field declares (a status), each labelled by the
 * screen; the address keeps the value (`?status=paid`).
 */
export function declaredChoiceFilter(
  collection: string,
  field: string,
  label: string,
  labelOf: (value: string) => string,
  key = field,
): DataTableFilter {
  const def = fieldDef(collection, field);
  const values = def.type === 'select' ? def.values : [];
  return {
    key,
    label,
    options: values.map((value) => ({ value, label: labelOf(value) })),
    toFilter: (value) => (values.includes(value) ? equalsFilter(field, value) : ''),
  };
}

/** A filter by a related record (a vault) picked among `options`. */
export function relationFilter(
  field: string,
  label: string,
  options: { value: string; label: string }[],
  key = field,
): DataTableFilter {
  return { key, label, options, toFilter: (value) => equalsFilter(field, value) };
}

/** "From" and "to" days on a date field, both kept whole (`?from=2026-01-01&to=2026-01-31`). */
export function dateRangeFilters(
  field: string,
  labels: { from: string; to: string },
  keys: { from: string; to: string } = { from: 'from', to: 'to' },
): DataTableFilter[] {
  return [
    {
      key: keys.from,
      label: labels.from,
      kind: 'date',
      options: [],
      toFilter: (value) => (dayStart(value) ? `${field} >= "${dayStart(value)}"` : ''),
    },
    {
      key: keys.to,
      label: labels.to,
      kind: 'date',
      options: [],
      toFilter: (value) => (nextDayStart(value) ? `${field} < "${nextDayStart(value)}"` : ''),
    },
  ];
}
