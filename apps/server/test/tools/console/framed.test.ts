import { describe, expect, it } from 'vitest';
import { CONSOLE_COLUMNS, framed, wrapLine } from '../../../src/tools/console/framed';

describe('framed', () => {
  it('keeps a box of short lines as it was', () => {
    expect(framed(['Hello', 'a longer line'])).toBe(
      [
        '',
        '+---------------+',
        '| Hello         |',
        '| a longer line |',
        '+---------------+',
        '',
      ].join('\n'),
    );
  });

  it('fits long lines in 80 columns, wrapped at spaces', () => {
    const long = `Loaded the demo organisation: ${Array.from({ length: 30 }, (_, i) => `${i} things`).join(', ')}.`;
    const box = framed([long, '  an indented line that is also rather long '.repeat(3).trimEnd()]);
    const lines = box.split('\n').filter(Boolean);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(CONSOLE_COLUMNS);
    // Nothing lost: the words come back in order.
    const text = lines
      .slice(1, -1)
      .map((l) => l.slice(2, -2).trim())
      .join(' ');
    expect(text.replace(/ +/g, ' ')).toContain(long);
  });

  it('wraps a table row under its last column, keeping its padding', () => {
    const row = `  khalid@demo.org   demo-password-1  ${'board user who must choose a new password at first sign-in'}`;
    const lines = wrapLine(row, 60, 37);
    expect(lines[0].startsWith('  khalid@demo.org   demo-password-1  board')).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines.slice(1).every((l) => /^ {37}\S/.test(l))).toBe(true);
  });

  it('leaves a word longer than the line whole', () => {
    expect(wrapLine('a '.concat('x'.repeat(20)), 10)).toEqual(['a', 'x'.repeat(20)]);
  });
});
