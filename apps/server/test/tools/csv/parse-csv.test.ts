import { describe, expect, it } from 'vitest';
import { csvCell, CsvSyntaxError, parseCsv } from '../../../src/tools/csv/parse-csv';

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
  ])('%s', (_name, text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n1,2')).toThrow(CsvSyntaxError);
  });

  it('refuses too many rows', () => {
    expect(() => parseCsv('a\nb\nc', 2)).toThrow(CsvSyntaxError);
  });

  it('round-trips cells through csvCell', () => {
    const cells = ['plain', 'with,comma', 'with "quote"', 'two\nlines'];
    expect(parseCsv(cells.map(csvCell).join(','))).toEqual([cells]);
  });
});
