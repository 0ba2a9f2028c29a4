/**
 * Counted units in the interface language ("1 year", "4 years", "٣ سنوات" rules), through Intl so
 * plural forms are right in English and Arabic. Digits stay Latin, as elsewhere in the app.
 */
function locale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-latn' : 'en';
}

type Unit = 'year' | 'month' | 'day';

/**
 * One formatter per language and unit, made on first use: a list shows an age on every row, and
 * making an Intl formatter costs a hundred times what using one does.
 */
const unitFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

export function formatUnit(value: number, unit: Unit, language: string): string {
  const key = `${language} ${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale(language), { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(key, format);
  }
  return format.format(value);
}

/** "4 years, 8 months", "8 months", "1 year"; "0 months" for less than a month. */
export function formatYearsMonths(
  span: { years: number; months: number },
  language: string,
): string {
  const parts: string[] = [];
  if (span.years > 0) parts.push(formatUnit(span.years, 'year', language));
  if (span.months > 0 || parts.length === 0) parts.push(formatUnit(span.months, 'month', language));
  let list = listFormats.get(language);
  if (!list) {
    list = new Intl.ListFormat(locale(language), { style: 'long', type: 'unit' });
    listFormats.set(language, list);
  }
  return list.format(parts);
}
