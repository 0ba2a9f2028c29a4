// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatDate,
  formatDateTime,
  formatRelative,
  fromApiDate,
  parseDate,
  toApiDate,
} from './date';

describe('dates', () => {
  it('formats DD/MM/YYYY and DD/MM/YYYY - HH:mm', () => {
    const d = new Date(2024, 0, 5, 9, 7);
    expect(formatDate(d)).toBe('05/01/2024');
    expect(formatDateTime(d)).toBe('05/01/2024 - 09:07');
  });

  it('reads the API format (UTC) as local time', () => {
    const value = '2024-03-01 10:30:00.000Z';
    const expected = new Date(Date.UTC(2024, 2, 1, 10, 30));
    expect(parseDate(value)?.valueOf()).toBe(expected.valueOf());
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(value)).toBe(
      `${pad(expected.getDate())}/${pad(expected.getMonth() + 1)}/${expected.getFullYear()} - ${pad(expected.getHours())}:${pad(expected.getMinutes())}`,
    );
  });

  it('shows a date-only value on its own day in every time zone', () => {
    expect(formatDate('1990-07-15 00:00:00.000Z')).toBe('15/07/1990');
    expect(formatDate('1990-07-15')).toBe('15/07/1990');
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

  it('converts between the date input and the API', () => {
    expect(toApiDate('2024-03-09')).toBe('2024-03-09 00:00:00.000Z');
    expect(toApiDate(null)).toBe('');
    expect(fromApiDate('2024-03-09 00:00:00.000Z')).toBe('2024-03-09');
    expect(fromApiDate('')).toBeNull();
  });
});
