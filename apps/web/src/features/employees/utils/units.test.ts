// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatUnit, formatYearsMonths } from './units';

describe('units', () => {
  it('uses singular and plural forms', () => {
    expect(formatUnit(1, 'year', 'en')).toBe('1 year');
    expect(formatUnit(44, 'year', 'en')).toBe('44 years');
    expect(formatUnit(111, 'day', 'en')).toBe('111 days');
  });

  it('keeps Latin digits in Arabic', () => {
    expect(formatUnit(3, 'year', 'ar')).toMatch(/^3 /);
  });

  it('writes a time in post in years and months', () => {
    expect(formatYearsMonths({ years: 4, months: 8 }, 'en')).toBe('4 years, 8 months');
    expect(formatYearsMonths({ years: 1, months: 0 }, 'en')).toBe('1 year');
    expect(formatYearsMonths({ years: 0, months: 0 }, 'en')).toBe('0 months');
  });
});
