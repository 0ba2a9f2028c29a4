// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatDate,
  formatDateTime,
  formatRelative,
  formatStoredTime,
  formatYearsOld,
  fromApiDate,
  parseDate,
  parseDateInput,
  toApiDate,
} from './date';
import { setLanguage } from '../i18n';

describe('dates', () => {
  it('shows dates in the order they are typed (mm/dd/yyyy), in both languages', () => {
    const d = new Date(2024, 0, 5, 9, 7);
    expect(formatDate(d)).toBe('01/05/2024');
    expect(formatDateTime(d)).toBe('01/05/2024 - 09:07');
    expect(formatDate(d, '', 'ar')).toBe('01/05/2024');
    // What is typed reads back the same: the input's text and every screen agree.
    expect(formatDate(parseDateInput('02/11/1981'))).toBe('02/11/1981');
    expect(formatDate(parseDateInput('2/1/1981'))).toBe('02/01/1981');
  });

  it('reads the API format (UTC) as local time', () => {
    const value = '2024-03-01 10:30:00.000Z';
    const expected = new Date(Date.UTC(2024, 2, 1, 10, 30));
    expect(parseDate(value)?.valueOf()).toBe(expected.valueOf());
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(value)).toBe(
      `${pad(expected.getMonth() + 1)}/${pad(expected.getDate())}/${expected.getFullYear()} - ${pad(expected.getHours())}:${pad(expected.getMinutes())}`,
    );
  });

  it('shows a date-only value on its own day in every time zone', () => {
    expect(formatDate('1990-07-15 00:00:00.000Z')).toBe('07/15/1990');
    expect(formatDate('1990-07-15')).toBe('07/15/1990');
  });

  it('shows a stored time as a day or a moment, and leaves other text alone', () => {
    expect(formatStoredTime('1990-07-15 00:00:00.000Z')).toBe('07/15/1990');
    expect(formatStoredTime('2024-03-01 10:30:00.000Z')).toBe(
      formatDateTime('2024-03-01 10:30:00.000Z'),
    );
    expect(formatStoredTime('1990-07-15')).toBeNull();
    expect(formatStoredTime('School fees')).toBeNull();
  });

  it('shows N/A for empty or invalid values', () => {
    expect(formatDate('')).toBe('N/A');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('gives relative ages', () => {
    const now = new Date(2024, 5, 10, 12, 0);
    expect(formatAge(new Date(2024, 5, 7, 12, 0), { now })).toBe('3 days');
    expect(formatAge(new Date(1990, 5, 10), { now })).toBe('34 years');
    expect(formatRelative(new Date(2024, 5, 10, 11, 0), { now })).toBe('an hour ago');
    expect(formatRelative(new Date(2024, 5, 10, 11, 0), { now, locale: 'ar' })).toContain('ساعة');
  });

  it('gives durations in calendar terms: today, days, months, years and months', () => {
    const now = new Date(2024, 5, 10, 15, 0);
    // A date has no hours: joined this morning is "today", not "15 hours".
    expect(formatAge('2024-06-10 00:00:00.000Z', { now })).toBe('today');
    expect(formatAge('2024-06-09', { now })).toBe('1 day');
    expect(formatAge('2024-05-11', { now })).toBe('30 days');
    expect(formatAge('2024-05-10', { now })).toBe('1 month');
    // 18 months is not "2 years".
    expect(formatAge('2022-12-10', { now })).toBe('1 year, 6 months');
    expect(formatAge('2022-12-11', { now })).toBe('1 year, 5 months');
    expect(formatAge('2022-06-10', { now })).toBe('2 years');
    expect(formatAge('2024-07-01', { now })).toBe('');
    // An age is counted in whole years.
    expect(formatYearsOld('1990-01-01', { now })).toBe('34 years');
    expect(formatYearsOld('2023-12-10', { now })).toBe('6 months');
  });

  it('gives durations with the Arabic plural forms', async () => {
    await setLanguage('ar'); // loads the Arabic texts
    await setLanguage('en');
    const now = new Date(2024, 5, 10);
    const ar = (value: string) => formatAge(value, { now, locale: 'ar' });
    expect(ar('2024-06-10')).toBe('اليوم');
    expect(ar('2024-06-09')).toBe('يوم واحد');
    expect(ar('2024-06-08')).toBe('يومان');
    expect(ar('2024-06-05')).toBe('5 أيام');
    expect(ar('2024-05-10')).toBe('شهر واحد');
    expect(ar('2022-12-10')).toBe('سنة واحدة و6 أشهر');
    expect(ar('2022-04-10')).toBe('سنتان وشهران');
    expect(ar('2013-06-10')).toBe('11 سنة');
  });

  it('converts between the date input and the API', () => {
    expect(toApiDate('2024-03-09')).toBe('2024-03-09 00:00:00.000Z');
    expect(toApiDate(null)).toBe('');
    expect(fromApiDate('2024-03-09 00:00:00.000Z')).toBe('2024-03-09');
    expect(fromApiDate('')).toBeNull();
  });
});
