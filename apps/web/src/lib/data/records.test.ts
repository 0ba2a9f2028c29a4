// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { andFilters, equalsFilter, orFilters } from './records';

describe('filter expressions', () => {
  it('combine their parts, each in parentheses, skipping empty ones', () => {
    expect(andFilters('a = 1 || b = 2', 'c = 3')).toBe('(a = 1 || b = 2) && (c = 3)');
    expect(orFilters('a = 1 && b = 2', '', false, 'c = 3')).toBe('(a = 1 && b = 2) || (c = 3)');
    // One part is left as it is; none gives no filter.
    expect(orFilters('a = 1 || b = 2', false)).toBe('a = 1 || b = 2');
    expect(andFilters('', null, undefined)).toBe('');
  });

  it('quote the value of an equality', () => {
    expect(equalsFilter('record', 'a"b')).toBe('record = "a\\"b"');
  });
});
