/**
 * Turns a message into a sentence, like PocketBase's inflector.Sentenize: trims it,
 * upper-cases the first letter and appends `.` unless it already ends with `.`, `?` or `!`.
 * An empty (or blank) message stays empty.
 */
export function sentenize(message: string): string {
  const trimmed = typeof message === 'string' ? message.trim() : '';
  if (trimmed === '') return '';
  const first = String.fromCodePoint(trimmed.codePointAt(0) ?? 0);
  const upper = first.toUpperCase();
  // Keep characters whose upper case is several letters (`ß` ⇒ `SS`), as Go's ToUpper does.
  const head = Array.from(upper).length === 1 ? upper : first;
  const sentence = head + trimmed.slice(first.length);
  return /[.?!]$/.test(sentence) ? sentence : `${sentence}.`;
}
