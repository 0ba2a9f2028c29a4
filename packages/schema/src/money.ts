/**
 * Money: amounts are decimals with two places. Arithmetic happens in integer minor units
 * (cents), never on floats; formatting always shows two decimals and the currency code. The one
 * formatter of the project: the web app shows amounts with it and the server prints them with it
 * on every document (payslips, project reports), in both languages.
 */

/** The organisation's currency: amounts without a vault of another currency are in it. */
export const BASE_CURRENCY = 'USD';

export const EMPTY_AMOUNT = 'N/A';

export type MoneyInput = number | string | null | undefined;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

function plainDecimal(value: number): string {
  // `String(1e21)` is exponential; fixed notation with enough digits keeps the exact cents.
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/**
 * Parses an amount into minor units, rounding half away from zero to two places.
 * Returns null for empty or non-numeric input.
 */
export function toMinorUnits(value: MoneyInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = (typeof value === 'number' ? plainDecimal(value) : value).trim().replace(/,/g, '');
  if (!text) return null;
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const whole = match[2] || '0';
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let minor = Number(whole) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return minor === 0 ? 0 : sign * minor;
}

/** Minor units back to a plain decimal string with two places, e.g. `-1234.50`. */
export function fromMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Sums amounts exactly (empty values count as zero); returns minor units. */
export function addMoney(...values: MoneyInput[]): number {
  return values.reduce<number>((sum, v) => sum + (toMinorUnits(v) ?? 0), 0);
}

/** -1, 0 or 1, comparing two amounts exactly (empty counts as zero). */
export function compareMoney(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  const diff = (toMinorUnits(a) ?? 0) - (toMinorUnits(b) ?? 0);
  return diff === 0 ? 0 : diff < 0 ? -1 : 1;
}

/**
 * Made on first use, not as the module loads: the guest page imports this module for
 * BASE_CURRENCY alone, in the task that shows the sign-in form, and making a number format is
 * slow on a phone (bench/README.md, "one sign-in, shorter tasks").
 */
let grouping: Intl.NumberFormat | undefined;

/**
 * Formats an amount as `1,234.50 USD`; empty or invalid input gives `N/A`.
 * Digits stay Latin in every language, as on the organisation's documents.
 */
export function formatMoney(
  value: MoneyInput,
  currency: string = BASE_CURRENCY,
  empty: string = EMPTY_AMOUNT,
): string {
  const minor = toMinorUnits(value);
  if (minor === null) return empty;
  const abs = Math.abs(minor);
  grouping ??= new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });
  const whole = grouping.format(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${whole}.${cents} ${currency}`;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * A short figure for narrow screens, in the reader's language: `1.2M USD`, `1.2 مليون USD` (Latin digits, as everywhere)
 * (Intl.NumberFormat's compact notation). Show the whole amount (`formatMoney`) beside it for
 * hover, keyboard focus and screen readers; empty or invalid input gives `empty`.
 */
export function formatCompactMoney(
  value: MoneyInput,
  language: string,
  currency: string = BASE_CURRENCY,
  empty: string = EMPTY_AMOUNT,
): string {
  const minor = toMinorUnits(value);
  if (minor === null) return empty;
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 1,
      numberingSystem: 'latn',
    });
    compactFormats.set(language, format);
  }
  return `${format.format(minor / 100)} ${currency}`;
}
