export type CsvCell = string | number | boolean | null | undefined;

// Cells starting with these could run as formulas in a spreadsheet (the full-width forms too).
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell's text, with a leading apostrophe when a spreadsheet could take it for a formula. */
function safeText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * A CSV document (RFC 4180, written by csv-stringify): a header line, then one line per row,
 * separated by CRLF; a cell is quoted when it holds a separator, a quote or a line break.
 * csv-stringify is loaded on the first export (≈10 kB gzipped the list screens need not carry).
 */
export async function toCsv(
  headers: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  return stringify(
    [headers, ...rows].map((row) => row.map(safeText)),
    { record_delimiter: 'windows', quote_record_delimiter: true, eof: false },
  );
}

/** Offers the text as a file download; a BOM keeps Arabic readable in spreadsheet apps. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
