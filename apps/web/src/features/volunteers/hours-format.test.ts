// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatHours, shareOf } from './hours-format';

describe('hours', () => {
  it.each([
    [3.5, '3.5'],
    [2, '2'],
    [0.25, '0.25'],
    [9.499999, '9.5'],
    [0.1 + 0.2, '0.3'],
    [null, '0'],
    [Number.NaN, '0'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatHours(value)).toBe(expected);
  });

  it('gives shares of the total', () => {
    expect(shareOf(7.5, 9.5)).toBe(79);
    expect(shareOf(2, 0)).toBe(0);
    expect(shareOf(12, 10)).toBe(100);
  });
});
