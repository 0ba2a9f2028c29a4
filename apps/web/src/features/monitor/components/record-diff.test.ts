// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { diffRecords, namedIds, showValue } from './record-diff';

describe('record diff', () => {
  it('lists changed, added and removed fields in key order', () => {
    expect(
      diffRecords(
        { name: 'A', roles: ['r1'], bio: 'x', same: 1 },
        { name: 'B', roles: ['r1', 'r2'], status: 'ACTIVE', same: 1 },
      ),
    ).toEqual([
      { key: 'bio', before: 'x', after: undefined, change: 'removed' },
      { key: 'name', before: 'A', after: 'B', change: 'changed' },
      { key: 'roles', before: ['r1'], after: ['r1', 'r2'], change: 'changed' },
      { key: 'status', before: undefined, after: 'ACTIVE', change: 'added' },
    ]);
  });

  it('handles a create (no before) and a delete (no after)', () => {
    expect(diffRecords(null, { a: 1 })).toEqual([
      { key: 'a', before: undefined, after: 1, change: 'added' },
    ]);
    expect(diffRecords({ a: 1 }, null)).toEqual([
      { key: 'a', before: 1, after: undefined, change: 'removed' },
    ]);
  });

  it('shows values in words: related records by name, stored times as dates, flags', () => {
    const words = {
      names: { emp000000000001: 'Salma Osman', role00000000001: 'Accountant' },
      yes: 'Yes',
      no: 'No',
    };
    expect(showValue('emp000000000001', words)).toBe('Salma Osman');
    // A list keeps the ids it has no name for (a record the reader may not see, or gone).
    expect(showValue(['role00000000001', 'gone00000000001'], words)).toBe(
      'Accountant, gone00000000001',
    );
    expect(namedIds(['role00000000001', 'gone00000000001'], words.names)).toEqual([
      'role00000000001',
    ]);
    expect(namedIds('plain text', words.names)).toEqual([]);
    // A day (a date field holds midnight UTC) without a time; a moment with its local time.
    expect(showValue('2026-03-01 00:00:00.000Z', words)).toBe('03/01/2026');
    expect(showValue('2026-11-28 09:35:18.639Z', words)).toMatch(/^11\/2[78]\/2026 - \d{2}:\d{2}$/);
    expect(showValue(true, words)).toBe('Yes');
    expect(showValue(false, words)).toBe('No');
    expect(showValue(400, words)).toBe('400');
    expect(showValue({ a: 1 }, words)).toBe('{"a":1}');
    expect(showValue('School fees', words)).toBe('School fees');
    const choices = { ...words, choice: (v: string) => (v === 'paid' ? 'Paid' : '') };
    expect(showValue('paid', choices)).toBe('Paid');
    expect(showValue(['paid', 'other'], choices)).toBe('Paid, other');
    expect(showValue(undefined, words)).toBe('');
    expect(showValue([1, 2], words)).toBe('[1,2]');
    // A text shaped like a day but not a stored time is left as it is.
    expect(showValue('2026-03-01', words)).toBe('2026-03-01');
  });
});
