/** Ages, birthdays and time in post, computed on calendar days in local time. */
import { parseDate, type DateInput } from '@/lib/format/date';

const DAY_MS = 86_400_000;

function midnight(value: DateInput): Date | null {
  const d = parseDate(value);
  return d ? new Date(d.year(), d.month(), d.date()) : null;
}

/** The birthday in a given year; 29 February falls on 28 February in common years. */
function birthdayIn(year: number, month: number, day: number): Date {
  const lastDay = new Date(year, month + 1, 0).getDate();
  return new Date(year, month, Math.min(day, lastDay));
}

/** Whole years since the birth date (null when there is none or it is in the future). */
export function ageInYears(birthDate: DateInput, now: DateInput = new Date()): number | null {
  const birth = midnight(birthDate);
  const today = midnight(now);
  if (!birth || !today || birth > today) return null;
  let years = today.getFullYear() - birth.getFullYear();
  if (today < birthdayIn(today.getFullYear(), birth.getMonth(), birth.getDate())) years -= 1;
  return years;
}

/** Days until the next birthday: 0 today, 1 tomorrow; null without a birth date. */
export function daysUntilBirthday(
  birthDate: DateInput,
  now: DateInput = new Date(),
): number | null {
  const birth = midnight(birthDate);
  const today = midnight(now);
  if (!birth || !today) return null;
  let next = birthdayIn(today.getFullYear(), birth.getMonth(), birth.getDate());
  if (next < today) next = birthdayIn(today.getFullYear() + 1, birth.getMonth(), birth.getDate());
  // Round: a daylight-saving change makes a day 23 or 25 hours long.
  return Math.round((next.getTime() - today.getTime()) / DAY_MS);
}

/** Whole years and remaining months between two dates (time in post). */
export function yearsAndMonths(
  from: DateInput,
  now: DateInput = new Date(),
): { years: number; months: number } | null {
  const start = midnight(from);
  const today = midnight(now);
  if (!start || !today || start > today) return null;
  let months =
    (today.getFullYear() - start.getFullYear()) * 12 + (today.getMonth() - start.getMonth());
  if (today.getDate() < start.getDate()) months -= 1;
  return { years: Math.floor(months / 12), months: months % 12 };
}
