/** Dates: one module for parsing the API's timestamps and showing them. */
import dayjs, { type Dayjs } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/ar';

dayjs.extend(relativeTime);

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY - HH:mm';
export const EMPTY_DATE = 'N/A';

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

/** `DD/MM/YYYY`, or `N/A` when empty. */
export function formatDate(value: DateInput, empty: string = EMPTY_DATE): string {
  return parseDate(value)?.format(DATE_FORMAT) ?? empty;
}

/** `DD/MM/YYYY - HH:mm` in local time, or `N/A` when empty. */
export function formatDateTime(value: DateInput, empty: string = EMPTY_DATE): string {
  return parseDate(value)?.format(DATE_TIME_FORMAT) ?? empty;
}

/** An age without suffix, e.g. `3 days`, `a year` (today's "fromNow(true)"). */
export function formatAge(
  value: DateInput,
  options: { now?: DateInput; locale?: string; empty?: string } = {},
): string {
  const d = parseDate(value);
  if (!d) return options.empty ?? EMPTY_DATE;
  const now = parseDate(options.now) ?? dayjs();
  return d.locale(options.locale ?? 'en').from(now, true);
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
