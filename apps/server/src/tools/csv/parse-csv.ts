import { CsvError, parse } from 'csv-parse/sync';

export class CsvSyntaxError extends Error {}

/** What people see for the parser's errors; anything else is reported in the parser's words. */
const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell is followed by text',
};

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF, LF or CR line ends, a leading
 * byte-order mark) into rows of cells, with csv-parse. Rows may differ in length; blank lines
 * are skipped; a quote inside an unquoted cell is kept as text. Throws CsvSyntaxError on an
 * unterminated quote or when `maxRows` is exceeded.
 */
export function parseCsv(text: string, maxRows = 10_000): string[][] {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // A line of spaces is blank too.
      on_record: (record: string[]) =>
        record.length === 1 && record[0].trim() === '' ? null : record,
      // One row past the limit is enough to know it is exceeded.
      to: maxRows + 1,
    });
  } catch (err) {
    if (err instanceof CsvError) {
      throw new CsvSyntaxError(MESSAGES[err.code] ?? err.message.replace(/\.$/, ''));
    }
    throw err;
  }
  if (rows.length > maxRows) throw new CsvSyntaxError(`too many rows (more than ${maxRows})`);
  return rows;
}
