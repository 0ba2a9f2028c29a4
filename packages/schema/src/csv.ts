/**
 * The one CSV writer of every file the server and the web app produce (RFC 4180: cells quoted
 * when they hold a comma, a quote or a line break; lines joined by CRLF).
 *
 * A spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a formula
 * (OWASP's list for CSV injection), and some also take the full-width ＝ ＋ － ＠ for them. Such a
 * cell gets a leading apostrophe, so it is shown as text, unless it is a plain number: a
 * negative amount stays a number, while `-1+HYPERLINK(…)`, which only starts like one, does not.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as a CSV document, without a line break after the last one. */
export function csvText(lines: readonly (readonly CsvValue[])[]): string {
  return lines.map((line) => line.map(csvCell).join(',')).join('\r\n');
}
