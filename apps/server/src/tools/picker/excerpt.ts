/**
 * HTML → plain text conversion for the `:excerpt(max, withEllipsis?)` fields
 * modifier. This is a small forgiving scanner, not a full HTML5 parser: it is
 * linear in the input size and never throws, which is what an output filter
 * applied to user content needs.
 */

/** Elements whose whole content is dropped. */
const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'head',
  // A real HTML parser hoists <title> into <head>, so its text never shows up either.
  'title',
  'style',
  'script',
  'iframe',
  'embed',
  'applet',
  'object',
  'svg',
  'img',
  'picture',
  'dialog',
  'template',
  'button',
  'form',
  'textarea',
  'input',
  'select',
  'option',
]);

/** Elements whose content is raw text: tags inside them are not tags. */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'iframe',
]);

/** Elements that never have content or an end tag. */
const VOID_TAGS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/**
 * Phrasing elements that do not separate words. Every other element (p, div,
 * li, td, br, unknown custom elements, ...) is treated as block-level and
 * becomes a space, so adjacent blocks never glue their words together.
 */
const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
]);

// Named entities are case-sensitive; these are the common ones (plus the legacy uppercase forms).
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  AMP: '&',
  LT: '<',
  GT: '>',
  QUOT: '"',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  middot: '\u00b7',
  bull: '\u2022',
  times: '\u00d7',
};

const ENTITY_RE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|([A-Za-z]{2,8}));/g;

function decodeCodePoint(code: number): string {
  // Per HTML, NUL, surrogates and out-of-range values become U+FFFD.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    ENTITY_RE,
    (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (dec !== undefined) return decodeCodePoint(Number.parseInt(dec, 10));
      if (hex !== undefined) return decodeCodePoint(Number.parseInt(hex, 16));
      return name !== undefined && Object.hasOwn(NAMED_ENTITIES, name)
        ? NAMED_ENTITIES[name]
        : match;
    },
  );
}

function isAsciiLetter(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

function isTagSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';
}

type Tag = { name: string; end: boolean; selfClosing: boolean; next: number };

/**
 * Reads a start or end tag beginning at `pos` (which holds `<`). Returns null
 * when the tag is not closed before the end of input.
 */
function readTag(html: string, pos: number): Tag | null {
  let i = pos + 1;
  const end = html[i] === '/';
  if (end) i++;
  const nameStart = i;
  while (i < html.length && !isTagSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(nameStart, i).toLowerCase();

  // Attributes: only quoted values can hide a `>`, and only right after `=`.
  while (i < html.length) {
    const ch = html[i];
    if (ch === '>') {
      return { name, end, selfClosing: html[i - 1] === '/', next: i + 1 };
    }
    if (ch === '=') {
      i++;
      while (i < html.length && isTagSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return null;
        i = close + 1;
        continue;
      }
      continue;
    }
    i++;
  }
  return null;
}

/** Finds the end tag closing a raw text element; returns the index after it, or the input length. */
function skipRawText(html: string, from: number, name: string): number {
  const re = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  re.lastIndex = from;
  const match = re.exec(html);
  if (!match) return html.length;
  const close = html.indexOf('>', match.index);
  return close < 0 ? html.length : close + 1;
}

/**
 * Open elements whose content is being dropped. The per-name counts make
 * unmatched end tags O(1), so hostile nesting cannot make the scan quadratic.
 */
class SkipStack {
  private readonly stack: string[] = [];
  private readonly counts = new Map<string, number>();

  isEmpty(): boolean {
    return this.stack.length === 0;
  }

  open(name: string): void {
    this.stack.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** Closes the innermost open `name` and everything opened inside it. */
  close(name: string): void {
    if (!this.counts.get(name)) return;
    for (;;) {
      const top = this.stack.pop();
      if (top === undefined) return;
      this.counts.set(top, (this.counts.get(top) ?? 1) - 1);
      if (top === name) return;
    }
  }

  closeTop(name: string): void {
    if (this.stack[this.stack.length - 1] === name) this.close(name);
  }
}

/**
 * Converts HTML to plain text: tags are stripped, the content of non-visible or
 * interactive elements (head, style, script, iframe, embed, applet, object, svg,
 * img, picture, dialog, template, button, form, textarea, input, select, option)
 * is dropped, block-level tags become spaces, common entities are decoded and
 * whitespace (including non-breaking spaces, which JS `\s` matches) is collapsed
 * into single spaces and trimmed.
 */
export function htmlToPlainText(html: string): string {
  const parts: string[] = [];
  const skipped = new SkipStack();
  let pos = 0;
  let textStart = 0;

  const flushText = (until: number): void => {
    if (until > textStart && skipped.isEmpty()) {
      parts.push(decodeEntities(html.slice(textStart, until)));
    }
  };

  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) break;
    const next = html[lt + 1] ?? '';

    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const close = html.indexOf('-->', lt + 4);
      pos = textStart = close < 0 ? html.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !isAsciiLetter(html[lt + 2] ?? ''))) {
      // Doctype, processing instruction or bogus comment: dropped up to `>`.
      flushText(lt);
      const close = html.indexOf('>', lt + 2);
      pos = textStart = close < 0 ? html.length : close + 1;
      continue;
    }
    if (!isAsciiLetter(next) && next !== '/') {
      // A lone `<` (as in `a < b`) is just text.
      pos = lt + 1;
      continue;
    }

    flushText(lt);
    const tag = readTag(html, lt);
    if (!tag) {
      // An unterminated tag swallows the rest of the input, as in browsers.
      pos = textStart = html.length;
      break;
    }
    pos = textStart = tag.next;

    if (tag.end) {
      skipped.close(tag.name);
    } else if (SKIPPED_TAGS.has(tag.name)) {
      if (RAW_TEXT_TAGS.has(tag.name)) {
        if (!tag.selfClosing) pos = textStart = skipRawText(html, tag.next, tag.name);
      } else if (!tag.selfClosing && !VOID_TAGS.has(tag.name)) {
        // A new <option> implicitly closes the previous one.
        if (tag.name === 'option') skipped.closeTop('option');
        skipped.open(tag.name);
      }
    } else if (tag.name === 'body') {
      // <body> implicitly closes an unterminated <head>.
      skipped.close('head');
    }

    if (!INLINE_TAGS.has(tag.name)) parts.push(' ');
  }
  flushText(html.length);

  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Returns the plain text of `html` truncated to `max` code points (runes),
 * with `...` appended only when it was truncated and `withEllipsis` is set.
 */
export function excerpt(html: string, max: number, withEllipsis: boolean): string {
  const text = htmlToPlainText(html);
  // Cheap exit: a string never has more code points than UTF-16 units.
  if (text.length <= max) return text;
  const runes = Array.from(text);
  if (runes.length <= max) return text;
  const cut = runes.slice(0, Math.max(0, Math.floor(max))).join('');
  return withEllipsis ? `${cut}...` : cut;
}
