/**
 * Counted units in the interface language ("1 year", "4 years", "٣ سنوات" rules), through Intl so
 * plural forms are right in English and Arabic. Digits stay Latin, as elsewhere in the app.
 */
function locale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-latn' : 'en';
}

export function formatUnit(
  value: number,
  unit: 'year' | 'month' | 'day',
  language: string,
): string {
  return new Intl.NumberFormat(locale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}

/** "4 years, 8 months", "8 months", "1 year"; "0 months" for less than a month. */
export function formatYearsMonths(
  span: { years: number; months: number },
  language: string,
): string {
  const parts: string[] = [];
  if (span.years > 0) parts.push(formatUnit(span.years, 'year', language));
  if (span.months > 0 || parts.length === 0) parts.push(formatUnit(span.months, 'month', language));
  return new Intl.ListFormat(locale(language), { style: 'long', type: 'unit' }).format(parts);
}
