// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toCsv, type CsvCell } from './csv';

/** One cell as it is written. */
const csvCell = async (value: CsvCell): Promise<string> =>
  (await toCsv(['h'], [[value]])).slice('h\r\n'.length);

describe('csv', async () => {
  it('quotes only when needed', async () => {
    expect(await csvCell('plain')).toBe('plain');
    expect(await csvCell('a,b')).toBe('"a,b"');
    expect(await csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(await csvCell('two\nlines')).toBe('"two\nlines"');
    expect(await csvCell('cr\ronly')).toBe('"cr\ronly"');
    expect(await csvCell('')).toBe('');
    expect(await csvCell(null)).toBe('');
    expect(await csvCell(12.5)).toBe('12.5');
    expect(await csvCell(-3)).toBe('-3');
    expect(await csvCell(true)).toBe('true');
  });

  it('neutralises spreadsheet formulas', async () => {
    expect(await csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(await csvCell('@cmd')).toBe("'@cmd");
    expect(await csvCell('+1+2')).toBe("'+1+2");
    expect(await csvCell('-1+2')).toBe("'-1+2");
    expect(await csvCell('\uff1dSUM(A1)')).toBe("'\uff1dSUM(A1)");
    // Plain numbers, negative ones included, stay numbers.
    expect(await csvCell('-3.5')).toBe('-3.5');
    // A neutralised cell is still quoted when it needs it.
    expect(await csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('builds a document with CRLF lines', async () => {
    expect(
      await toCsv(
        ['Name', 'Email'],
        [
          ['Amna', 'amna@example.org'],
          ['عمر', null],
        ],
      ),
    ).toBe('Name,Email\r\nAmna,amna@example.org\r\nعمر,');
  });
});
