import { describe, expect, it } from 'vitest';
import { dateRangeFilters, dayStart, declaredChoiceFilter, nextDayStart } from './list-filters';

describe('list filters', () => {
  it('turns days into the stored text, whole days included', () => {
    expect(dayStart('2026-03-01')).toBe('2026-03-01 00:00:00.000Z');
    expect(nextDayStart('2026-02-28')).toBe('2026-03-01 00:00:00.000Z');
    expect(nextDayStart('2026-12-31')).toBe('2027-01-01 00:00:00.000Z');
    for (const bad of ['', '2026-3-1', '2026-03-01" || id != "', 'x']) {
      expect(dayStart(bad)).toBe('');
      expect(nextDayStart(bad)).toBe('');
    }
  });

  it('filters a date range, and ignores a day that is not one', () => {
    const [from, to] = dateRangeFilters('date', { from: 'From', to: 'To' });
    expect(from.key).toBe('from');
    expect(from.kind).toBe('date');
    expect(from.toFilter('2026-01-01')).toBe('date >= "2026-01-01 00:00:00.000Z"');
    expect(to.toFilter('2026-01-31')).toBe('date < "2026-02-01 00:00:00.000Z"');
    expect(to.toFilter('"; drop')).toBe('');
  });

  it('offers the values the field declares, and only those', () => {
    const status = declaredChoiceFilter('expenses', 'status', 'Status', (v) => v.toUpperCase());
    expect(status.options.map((o) => o.value)).toContain('paid');
    expect(status.options.find((o) => o.value === 'paid')?.label).toBe('PAID');
    expect(status.toFilter('paid')).toBe('status = "paid"');
    expect(status.toFilter('paid" || id != "')).toBe('');
  });
});
