// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  cellsOfLine,
  errorsOutsideColumns,
  ignoredHeaders,
  splitCsv,
  templateCsv,
  type ImportColumn,
} from './import-report';

describe('splitCsv (the preview reads cells as the server does)', () => {
  it('splits quoted cells, doubled quotes and both line ends', () => {
    const text = 'Name,Notes\r\n"Omer, Jr.","He said ""hi"""\nAsha,"two\nlines"\n';
    expect(splitCsv(text)).toEqual([
      ['Name', 'Notes'],
      ['Omer, Jr.', 'He said "hi"'],
      ['Asha', 'two\nlines'],
    ]);
  });

  it('skips blank lines and a byte-order mark, keeps empty cells', () => {
    expect(splitCsv('\ufeffName,Email\n\n   \nLi,\n,x')).toEqual([
      ['Name', 'Email'],
      ['Li', ''],
      ['', 'x'],
    ]);
  });

  it('reads a last line without a line end, and refuses an unclosed quote', () => {
    expect(splitCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(splitCsv('Name\n"unterminated')).toBeNull();
  });

  it('finds a report row by its spreadsheet line (the header is line 1)', () => {
    const table = splitCsv('Name\nFirst\n\nSecond\n');
    expect(cellsOfLine(table, 2)).toEqual(['First']);
    expect(cellsOfLine(table, 3)).toEqual(['Second']);
    expect(cellsOfLine(table, 9)).toEqual([]);
    expect(cellsOfLine(null, 2)).toEqual([]);
  });
});

describe('import report helpers', () => {
  const columns: ImportColumn[] = [
    { header: 'Name', field: 'name' },
    { header: 'Email', field: 'email' },
    { header: 'Shoe size', field: null },
    { header: '', field: null },
  ];

  it('lists errors that belong to no column of the file', () => {
    const row = { line: 2, values: {}, errors: { email: 'bad', membership_status: 'missing' } };
    expect(errorsOutsideColumns(row, columns)).toEqual([['membership_status', 'missing']]);
  });

  it('names the ignored columns', () => {
    expect(ignoredHeaders(columns)).toEqual(['Shoe size']);
  });

  it('writes the template with its headers and quotes what needs quoting', () => {
    expect(
      templateCsv(
        ['Name', 'Phone'],
        [
          ['Asha', '0912; 0913'],
          ['Omer, Jr.', ''],
        ],
      ),
    ).toBe('Name,Phone\r\nAsha,0912; 0913\r\n"Omer, Jr.",');
  });
});
