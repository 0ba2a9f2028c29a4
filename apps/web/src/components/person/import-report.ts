/**
 * The CSV import of members and volunteers: the server's report (`POST /api/hr/import/…`) and
 * what the preview needs from it.
 */
import { toCsv } from '@/components/data-table/list/csv';

export type ImportColumn = { header: string; field: string | null };
export type ImportRow = {
  /** The row's number as a spreadsheet shows it (the header is line 1). */
  line: number;
  values: Record<string, unknown>;
  errors: Record<string, string>;
};
export type ImportReport = {
  columns: ImportColumn[];
  rows: ImportRow[];
  total: number;
  valid: number;
  invalid: number;
  imported: number;
};

/**
 * Splits CSV text into rows of cells the way the server reads it (RFC 4180 quotes, CRLF or LF,
 * a leading BOM, blank lines skipped), so the preview can show each cell as typed.
 * Returns null when a quote is never closed.
 */
export function splitCsv(text: string): string[][] | null {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let cells: string[] = [];
  let current = '';
  let inQuotes = false;
  const finishRow = () => {
    cells.push(current);
    current = '';
    const blank = cells.length === 1 && cells[0].trim() === '';
    if (!blank) rows.push(cells);
    cells = [];
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (inQuotes) {
      if (ch !== '"') current += ch;
      else if (source[i + 1] === '"') {
        current += '"';
        i++;
      } else inQuotes = false;
    } else if (ch === '"' && current === '') inQuotes = true;
    else if (ch === ',') {
      cells.push(current);
      current = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      finishRow();
    } else current += ch;
  }
  if (inQuotes) return null;
  if (current !== '' || cells.length > 0) finishRow();
  return rows;
}

/** The cells of a report row as typed in the file (empty when the text cannot be split). */
export function cellsOfLine(table: string[][] | null, line: number): string[] {
  return table?.[line - 1] ?? [];
}

/** The errors of a row that belong to no column of the file (e.g. a required field left out). */
export function errorsOutsideColumns(
  row: ImportRow,
  columns: readonly ImportColumn[],
): [string, string][] {
  const mapped = new Set(columns.map((c) => c.field).filter(Boolean));
  return Object.entries(row.errors).filter(([field]) => !mapped.has(field));
}

/** The headers of the file that match no field (they are ignored). */
export function ignoredHeaders(columns: readonly ImportColumn[]): string[] {
  return columns.filter((c) => c.field === null && c.header.trim() !== '').map((c) => c.header);
}

/** A template people can fill in: the accepted headers and example rows. */
export function templateCsv(headers: readonly string[], examples: readonly string[][]): string {
  return toCsv(headers, examples);
}
