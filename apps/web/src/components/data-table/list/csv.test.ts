// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toCsv, type CsvCell } from './csv';

/** One cell as it is written. */
const csvCell = (value: CsvCell): string => toCsv(['h'], [[value]]).slice('h\r\n'.length);

describe('csv', () => {
  it('quotes only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\ronly')).toBe('"cr\ronly"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
  });

  it('neutralises spreadsheet formulas', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('\uff1dSUM(A1)')).toBe("'\uff1dSUM(A1)");
    // Plain numbers, negative ones included, stay numbers.
    expect(csvCell('-3.5')).toBe('-3.5');
    // A neutralised cell is still quoted when it needs it.
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('builds a document with CRLF lines', () => {
    expect(
      toCsv(
        ['Name', 'Email'],
        [
          ['Amna', 'amna@example.org'],
          ['عمر', null],
        ],
      ),
    ).toBe('Name,Email\r\nAmna,amna@example.org\r\nعمر,');
  });
});
