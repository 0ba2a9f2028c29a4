import { formatAge, formatDate, parseDate } from '@/lib/format/date';

/** `<sex> (<age>)`, `<sex>`, `(<age>)` or '' from translated sex and a birth date. */
export function sexAndAge(sexLabel: string, birthDate: string, locale: string): string {
  const age = parseDate(birthDate) ? formatAge(birthDate, { locale }) : '';
  if (sexLabel && age) return `${sexLabel} (${age})`;
  return sexLabel || (age ? `(${age})` : '');
}

/** `DD/MM/YYYY (duration)` for a joining date; '' when there is none. */
export function dateWithDuration(value: string, locale: string): string {
  if (!parseDate(value)) return '';
  return `${formatDate(value)} (${formatAge(value, { locale })})`;
}
