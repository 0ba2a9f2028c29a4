export type CsvCell = string | number | boolean | null | undefined;

/** Quotes a cell when it holds a separator, a quote or a line break (RFC 4180). */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Cells starting with these could run as formulas in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document: a header line, then one line per row, separated by CRLF. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
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
