/**
 * Dates: one module for reading what people type and what the API sends, and for showing dates.
 * A date is typed as mm/dd/yyyy (the spec's placeholder) and shown in its language's one format
 * everywhere (lists, profiles, and the date input itself), so a date reads the same on every
 * screen. Both languages use the typed order today; `DATE_FORMATS` is the one place to change it.
 */
import dayjs, { type Dayjs } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/ar';
import { currentLanguage, i18n, type Language } from '../i18n';

dayjs.extend(relativeTime);

/** The placeholder of every date input (spec §5). */
export const DATE_PLACEHOLDER = 'mm/dd/yyyy';

/** How dates are shown, per language: the date input uses the same format as every screen. */
export const DATE_FORMATS: Record<Language, { date: string; dateTime: string }> = {
  en: { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY - HH:mm' },
  ar: { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY - HH:mm' },
};
export const EMPTY_DATE = 'N/A';

/** The date format of the language (the interface's by default). */
export function dateFormat(language: Language = currentLanguage()): string {
  return DATE_FORMATS[language].date;
}

export type DateInput = string | number | Date | null | undefined;

/** A value with no time of day (`2024-03-01` or `2024-03-01 00:00:00.000Z`): shown as is. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]00:00:00(?:\.0+)?Z)?$/;

/** Parses a Date, a timestamp or the API's `YYYY-MM-DD HH:MM:SS.sssZ` (UTC) string. */
export function parseDate(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const text = value.trim();
    const dateOnly = DATE_ONLY.exec(text);
    if (dateOnly) {
      const d = dayjs(new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])));
      return d.isValid() ? d : null;
    }
    const d = dayjs(text.replace(' ', 'T'));
    return d.isValid() ? d : null;
  }
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** How the API stores a time: `2026-03-01 09:35:18.639Z` (UTC). */
const STORED_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * A stored time as people read it: a day alone (a date field holds midnight) as its date, a
 * moment as its date and local time; null for a text that is not a stored time.
 */
export function formatStoredTime(value: string): string | null {
  if (!STORED_TIME.test(value)) return null;
  return DATE_ONLY.test(value) ? formatDate(value) : formatDateTime(value);
}

/** The date in the language's format (`MM/DD/YYYY`), or `N/A` when empty. */
export function formatDate(
  value: DateInput,
  empty: string = EMPTY_DATE,
  language: Language = currentLanguage(),
): string {
  return parseDate(value)?.format(DATE_FORMATS[language].date) ?? empty;
}

/** The date and local time in the language's format (`MM/DD/YYYY - HH:mm`), or `N/A`. */
export function formatDateTime(
  value: DateInput,
  empty: string = EMPTY_DATE,
  language: Language = currentLanguage(),
): string {
  return parseDate(value)?.format(DATE_FORMATS[language].dateTime) ?? empty;
}

const US_DATE = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
const ISO_DATE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Reads a typed `mm/dd/yyyy` (or `yyyy-mm-dd`) into `YYYY-MM-DD`; null when not a real date. */
export function parseDateInput(text: string): string | null {
  let y: number, m: number, d: number;
  const us = US_DATE.exec(text);
  const iso = us ? null : ISO_DATE.exec(text);
  if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** `3 days`, `1 year`, `سنتان`: a count with the language's plural form (`duration.*_one`, …). */
function counted(unit: 'days' | 'months' | 'years', count: number, lng: Language): string {
  return i18n.t(`duration.${unit}`, { count, lng });
}

/** `1 day`, `334 days`, `يومان`: a number of days in the current (or given) language. */
export function formatDays(count: number, lng: Language = currentLanguage()): string {
  return counted('days', count, lng);
}

/** Whole calendar years, months and days from `from` to `to` (null when `from` is later). */
export function calendarSpan(
  from: DateInput,
  to: DateInput = new Date(),
): { years: number; months: number; days: number } | null {
  const a = parseDate(from)?.startOf('day');
  const b = parseDate(to)?.startOf('day');
  if (!a || !b || a.isAfter(b)) return null;
  const totalMonths = b.diff(a, 'month');
  const days = b.diff(a.add(totalMonths, 'month'), 'day');
  return { years: Math.floor(totalMonths / 12), months: totalMonths % 12, days };
}

/**
 * How long ago a date was, in calendar terms: `today`, `3 days`, `5 months`, `1 year, 6 months`,
 * `34 years` (in the language, with its plural forms). A date has no hours: the same day is
 * "today". A date in the future gives `empty`.
 */
export function formatAge(
  value: DateInput,
  options: { now?: DateInput; locale?: string; empty?: string } = {},
): string {
  if (!parseDate(value)) return options.empty ?? EMPTY_DATE;
  const span = calendarSpan(value, options.now ?? new Date());
  if (!span) return options.empty ?? '';
  const lng = options.locale === 'ar' ? 'ar' : 'en';
  const t = (unit: 'days' | 'months' | 'years', count: number) => counted(unit, count, lng);
  const { years, months, days } = span;
  if (years === 0 && months === 0)
    return days === 0 ? i18n.t('duration.today', { lng }) : t('days', days);
  if (years === 0) return t('months', months);
  if (months === 0) return t('years', years);
  return i18n.t('duration.pair', { lng, first: t('years', years), second: t('months', months) });
}

/** An age in whole years (`34 years`); under a year, as `formatAge` (`5 months`, `today`). */
export function formatYearsOld(
  value: DateInput,
  options: { now?: DateInput; locale?: string; empty?: string } = {},
): string {
  const span = parseDate(value) ? calendarSpan(value, options.now ?? new Date()) : null;
  if (!span || span.years === 0) return formatAge(value, options);
  return counted('years', span.years, options.locale === 'ar' ? 'ar' : 'en');
}

/** A relative time with suffix, e.g. `3 days ago`, `in an hour`. */
export function formatRelative(
  value: DateInput,
  options: { now?: DateInput; locale?: string; empty?: string } = {},
): string {
  const d = parseDate(value);
  if (!d) return options.empty ?? EMPTY_DATE;
  const now = parseDate(options.now) ?? dayjs();
  return d.locale(options.locale ?? 'en').from(now);
}

/** A `YYYY-MM-DD` date (what the date input gives) as the API's date value. */
/** Today as the date inputs hold it (`YYYY-MM-DD`). */
export function todayInput(): string {
  return new Date().toISOString().slice(0, 10);
}

export function toApiDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = parseDate(value);
  return d ? `${d.format('YYYY-MM-DD')} 00:00:00.000Z` : '';
}

/** The API's date value as `YYYY-MM-DD` for the date input. */
export function fromApiDate(value: string | null | undefined): string | null {
  const d = parseDate(value);
  return d ? d.format('YYYY-MM-DD') : null;
}

/** "2026-03" for a run's year and month (the same in both languages). */
export function monthLabel(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}
