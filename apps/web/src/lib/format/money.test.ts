// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addMoney, compareMoney, formatMoney, fromMinorUnits, toMinorUnits } from './money';

describe('money', () => {
  it.each([
    [1234.5, '1,234.50 USD'],
    ['1234.5', '1,234.50 USD'],
    [0, '0.00 USD'],
    [-3, '-3.00 USD'],
    [1.005, '1.01 USD'],
    [0.1 + 0.2, '0.30 USD'],
    ['12', '12.00 USD'],
    [1_000_000, '1,000,000.00 USD'],
    [-0.004, '0.00 USD'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([null, undefined, '', '   ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'shows N/A for %j',
    (value) => {
      expect(formatMoney(value)).toBe('N/A');
    },
  );

  it('takes the currency code', () => {
    expect(formatMoney(5, 'SDG')).toBe('5.00 SDG');
  });

  it('computes in minor units', () => {
    expect(toMinorUnits('19.999')).toBe(2000);
    expect(toMinorUnits('-19.994')).toBe(-1999);
    expect(toMinorUnits('.5')).toBe(50);
    expect(toMinorUnits('1,250.75')).toBe(125075);
    expect(fromMinorUnits(-123450)).toBe('-1234.50');
    expect(fromMinorUnits(5)).toBe('0.05');
    expect(addMoney(0.1, 0.2, '0.3', null)).toBe(60);
    expect(compareMoney('10.00', 10)).toBe(0);
    expect(compareMoney(9.99, 10)).toBe(-1);
    expect(compareMoney(10.01, '10')).toBe(1);
  });
});
