import { csvText, type CsvValue } from '@app/schema';

export type CsvCell = CsvValue;

/**
 * A CSV document: a header line, then one line per row, separated by CRLF. Each cell goes
 * through the cell writer the server's CSV files use too (packages/schema/src/csv.ts): quoted
 * when it holds a separator, a quote or a line break, and kept from running as a spreadsheet
 * formula.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvText([headers, ...rows]);
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
