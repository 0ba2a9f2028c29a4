// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { diffRecords, showValue } from './record-diff';

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

  it('shows values as text', () => {
    expect(showValue('x')).toBe('x');
    expect(showValue(['a'])).toBe('["a"]');
    expect(showValue(undefined)).toBe('');
  });
});
