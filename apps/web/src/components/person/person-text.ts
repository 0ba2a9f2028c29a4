import { formatAge, formatDate, formatYearsOld, parseDate } from '@/lib/format/date';

/** `<sex> (<age>)`, `<sex>`, `(<age>)` or '' from translated sex and a birth date. */
export function sexAndAge(sexLabel: string, birthDate: string, locale: string): string {
  const age = parseDate(birthDate) ? formatYearsOld(birthDate, { locale, empty: '' }) : '';
  if (sexLabel && age) return `${sexLabel} (${age})`;
  return sexLabel || (age ? `(${age})` : '');
}

/** `MM/DD/YYYY (duration)` for a joining date (`(today)` the same day); '' when there is none. */
export function dateWithDuration(value: string, locale: string): string {
  if (!parseDate(value)) return '';
  const age = formatAge(value, { locale, empty: '' });
  return age ? `${formatDate(value)} (${age})` : formatDate(value);
}
