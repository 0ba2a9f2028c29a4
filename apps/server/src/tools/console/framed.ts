/** A terminal's usual width: a framed message fits in it, borders included. */
export const CONSOLE_COLUMNS = 80;

/** The room for text inside a framed box: its borders and their spaces take four columns. */
export const FRAMED_ROOM = CONSOLE_COLUMNS - 4;

/**
 * A line cut at spaces into lines of at most `width` characters. Lines after the first are
 * indented by `hang` spaces (a column of a table goes on under itself); a word longer than a
 * line stays whole.
 */
export function wrapLine(line: string, width: number, hang = 0): string[] {
  if (line.length <= width) return [line];
  const lead = /^ */.exec(line)![0];
  // Words and the runs of spaces between them, kept as they are (a table's padding).
  const [first, ...rest] = line.slice(lead.length).split(/( +)/);
  const out: string[] = [];
  let current = lead + first;
  for (let i = 0; i < rest.length; i += 2) {
    const [gap, word] = [rest[i], rest[i + 1]];
    if (current.length + gap.length + word.length > width) {
      out.push(current);
      current = ' '.repeat(hang) + word;
    } else {
      current += gap + word;
    }
  }
  out.push(current);
  return out;
}

/**
 * Lines in a box, so a message stays visible among pages of build and server output. The box
 * fits in CONSOLE_COLUMNS: longer lines are wrapped at spaces, their continuations indented two
 * spaces more than the line (wrap a table's rows beforehand with wrapLine and FRAMED_ROOM).
 */
export function framed(lines: readonly string[]): string {
  const wrapped = lines.flatMap((line) =>
    wrapLine(line, FRAMED_ROOM, /^ */.exec(line)![0].length + 2),
  );
  const width = Math.max(...wrapped.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...wrapped.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n');
}
