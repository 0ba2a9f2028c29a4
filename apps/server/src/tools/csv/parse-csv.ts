export class CsvSyntaxError extends Error {}

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF line ends, a leading
 * byte-order mark) into rows of cells. Blank lines are skipped. Throws CsvSyntaxError on an
 * unterminated quote or when `maxRows` is exceeded.
 */
export function parseCsv(text: string, maxRows = 10_000): string[][] {
  const input = text.startsWith('\ufeff') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    cell = '';
    if (!(row.length === 1 && row[0].trim() === '')) {
      rows.push(row);
      if (rows.length > maxRows) throw new CsvSyntaxError(`too many rows (more than ${maxRows})`);
    }
    row = [];
  };
  while (i < input.length) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && input[i + 1] === '\n') i += 1;
    } else {
      cell += c;
    }
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError('a quoted cell is not closed');
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Quotes a cell for CSV output when it needs it. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
