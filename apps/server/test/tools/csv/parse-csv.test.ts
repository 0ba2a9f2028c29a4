import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from '../../../src/tools/csv/parse-csv';

describe('parseCsv', () => {
  it.each([
    [
      'plain',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF and trailing newline',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'quoted comma and newline',
      'name,note\n"Doe, Jane","line1\nline2"',
      [
        ['name', 'note'],
        ['Doe, Jane', 'line1\nline2'],
      ],
    ],
    ['doubled quotes', '"say ""hi"""', [['say "hi"']]],
    [
      'empty cells',
      'a,,c\n,,',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    ['blank lines skipped', 'a\n\n\nb\n', [['a'], ['b']]],
    ['byte-order mark', '\ufeffa,b', [['a', 'b']]],
    ['unicode', 'الاسم,Ünïcode', [['الاسم', 'Ünïcode']]],
    ['a line of spaces skipped', 'a\n   \nb', [['a'], ['b']]],
    ['CR line ends and mixed ends', 'a\rb\r\nc\nd', [['a'], ['b'], ['c'], ['d']]],
    [
      'rows of different lengths',
      'a,b,c\n1\n1,2,3,4',
      [['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']],
    ],
    ['a quote inside an unquoted cell', 'O"Brien,x', [['O"Brien', 'x']]],
    ['quoted empty cell', '"",b', [['', 'b']]],
    ['BOM then quoted header', '\ufeff"Name",Email', [['Name', 'Email']]],
  ])('%s', (_name, text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n1,2')).toThrow(new CsvSyntaxError('a quoted cell is not closed'));
  });

  it('refuses too many rows, and accepts exactly the limit', () => {
    expect(() => parseCsv('a\nb\nc', 2)).toThrow(new CsvSyntaxError('too many rows (more than 2)'));
    expect(parseCsv('a\n\nb\n', 2)).toEqual([['a'], ['b']]);
  });

  it('reads what a spreadsheet writes: quoted cells with commas, quotes and line breaks', () => {
    const text = '\ufeffName,Note\r\n"Doe, Jane","said ""hi""\r\nthen left"\r\n';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Note'],
      ['Doe, Jane', 'said "hi"\r\nthen left'],
    ]);
  });
});
