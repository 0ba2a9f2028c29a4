// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ageInYears, daysUntilBirthday, yearsAndMonths } from './dates';

describe('employee dates', () => {
  it.each([
    ['1990-06-15', '2026-06-14', 35],
    ['1990-06-15', '2026-06-15', 36],
    ['1990-06-15 00:00:00.000Z', '2026-12-31', 36],
    ['2000-02-29', '2026-02-28', 26],
    ['2000-02-29', '2026-02-27', 25],
  ])('age of someone born %s on %s is %i', (birth, now, age) => {
    expect(ageInYears(birth, now)).toBe(age);
  });

  it('has no age without a birth date or with one in the future', () => {
    expect(ageInYears('', '2026-01-01')).toBeNull();
    expect(ageInYears('2030-01-01', '2026-01-01')).toBeNull();
  });

  it.each([
    ['1990-06-15', '2026-06-15', 0],
    ['1990-06-15', '2026-06-14', 1],
    ['1990-06-15', '2026-06-16', 364],
    ['1990-01-01', '2026-12-31', 1],
    ['2000-02-29', '2026-02-27', 1],
    ['1990-03-29', '2026-03-01', 28],
  ])('the birthday of someone born %s is, on %s, in %i days', (birth, now, days) => {
    expect(daysUntilBirthday(birth, now)).toBe(days);
  });

  it('counts time in post in years and months', () => {
    expect(yearsAndMonths('2023-03-01', '2026-03-01')).toEqual({ years: 3, months: 0 });
    expect(yearsAndMonths('2023-03-15', '2026-05-14')).toEqual({ years: 3, months: 1 });
    expect(yearsAndMonths('2026-05-01', '2026-05-20')).toEqual({ years: 0, months: 0 });
    expect(yearsAndMonths('2027-01-01', '2026-05-20')).toBeNull();
  });
});
