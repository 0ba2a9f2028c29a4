// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  formatCompactMoney,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
} from './money';

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

  it.each([
    ['en', 1_234_567.89, '1.2M USD'],
    ['en', 12_500, '12.5K USD'],
    ['en', 950, '950 USD'],
    ['en', -45_000, '-45K USD'],
    ['ar', 1_234_567.89, '1.2 مليون USD'],
    ['ar', 12_500, '12.5 ألف USD'],
    ['ar', 2_400_000_000, '2.4 مليار USD'],
  ])('shows a compact figure in %s: %j as %j', (language, value, expected) => {
    // Arabic joins the figure and its word with a no-break space and marks a minus's direction;
    // the figures keep Latin digits everywhere.
    const shown = formatCompactMoney(value, language);
    expect(shown.replace(/\u200e/g, '').replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('gives the empty text and takes the currency in compact figures too', () => {
    expect(formatCompactMoney(null, 'en')).toBe('N/A');
    expect(formatCompactMoney('3000', 'en', 'SDG')).toBe('3K SDG');
  });
});
