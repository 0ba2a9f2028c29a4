/**
 * Server-side HTML cleaning for what users store and others display: rich text from the editor
 * and embed codes (a video or podcast player). The HTML is parsed the way a browser parses it
 * (parse5 follows the HTML standard), then written out again from an allow-list, so nothing
 * that is not on the list (scripts, event handlers, `javascript:` links, styles, forms) can
 * survive, however it was spelled.
 */
import { parseFragment } from 'parse5';

type Attr = { name: string; value: string };
type Node = {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: Attr[];
  childNodes?: Node[];
  /** Set on <template>: its content lives apart from childNodes. */
  content?: Node;
};

type Policy = {
  /** Tags kept, with the attributes each may keep (checked by `attribute`). */
  tags: ReadonlySet<string>;
  /** Returns the attribute to keep (possibly rewritten), or null to drop it. */
  attribute: (tag: string, attr: Attr) => Attr | null;
  /** Attributes added to a kept tag whatever it held (e.g. rel on links). */
  forced?: (tag: string, kept: Attr[]) => Attr[];
};

/** Tags dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'noscript',
  'noembed',
  'noframes',
  'title',
  'textarea',
  'select',
  'button',
  'head',
  'xmp',
  'plaintext',
]);

const VOID_TAGS = new Set(['br', 'source', 'hr']);

/** The formatting the rich-text editor writes (the web's viewer keeps the same tags). */
const RICH_TEXT_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'a',
  'span',
]);

const SAFE_LINK = /^(https?:|mailto:)/i;
const HTTPS_URL = /^https:\/\/[^\s"'<>]+$/i;

function linkAttribute(tag: string, attr: Attr): Attr | null {
  if (tag === 'a' && attr.name === 'href' && SAFE_LINK.test(attr.value.trim()))
    return { name: 'href', value: attr.value.trim() };
  return null;
}

function linkForced(tag: string, kept: Attr[]): Attr[] {
  if (tag !== 'a' || !kept.some((a) => a.name === 'href')) return kept;
  return [
    ...kept,
    { name: 'rel', value: 'noopener noreferrer' },
    { name: 'target', value: '_blank' },
  ];
}

const RICH_TEXT: Policy = { tags: RICH_TEXT_TAGS, attribute: linkAttribute, forced: linkForced };

/** Players an embed code may hold, besides the rich-text tags (a quoted post, a link). */
const EMBED_TAGS = new Set([...RICH_TEXT_TAGS, 'iframe', 'video', 'audio', 'source']);
const EMBED_SIZES = /^\d{1,4}(%|px)?$/;
const PLAYER_ATTRIBUTES: Record<string, (value: string) => boolean> = {
  width: (v) => EMBED_SIZES.test(v),
  height: (v) => EMBED_SIZES.test(v),
  title: () => true,
  allow: (v) => /^[a-z0-9\-;=*' ]*$/i.test(v),
  allowfullscreen: () => true,
  frameborder: (v) => /^\d$/.test(v),
  loading: (v) => v === 'lazy' || v === 'eager',
  referrerpolicy: (v) => /^[a-z-]+$/.test(v),
  controls: () => true,
  type: (v) => /^(video|audio)\/[a-z0-9.+-]+$/i.test(v),
};

const EMBED: Policy = {
  tags: EMBED_TAGS,
  attribute(tag, attr) {
    if (tag === 'a') return linkAttribute(tag, attr);
    if (tag !== 'iframe' && tag !== 'video' && tag !== 'audio' && tag !== 'source') return null;
    // Players load only from https addresses: never javascript:, data: or a relative path.
    if (attr.name === 'src') return HTTPS_URL.test(attr.value.trim()) ? attr : null;
    const allowed = PLAYER_ATTRIBUTES[attr.name];
    return allowed && allowed(attr.value) ? attr : null;
  },
  forced: linkForced,
};

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function write(nodes: readonly Node[], policy: Policy, out: string[]): void {
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      out.push(escapeText(node.value ?? ''));
      continue;
    }
    const tag = node.tagName;
    if (!tag) continue; // comments, doctypes
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!policy.tags.has(tag)) {
      // Unknown wrapper (div, font, table…): keep what it says, not the element.
      write(node.childNodes ?? [], policy, out);
      continue;
    }
    if (tag === 'iframe' || tag === 'video' || tag === 'audio' || tag === 'source') {
      // A player without a safe address is dropped whole.
      const hasSource =
        (node.attrs ?? []).some((a) => a.name === 'src' && policy.attribute(tag, a)) ||
        (node.childNodes ?? []).some((c) => c.tagName === 'source');
      if (!hasSource) continue;
    }
    const kept = (node.attrs ?? [])
      .map((a) => policy.attribute(tag, a))
      .filter((a): a is Attr => a !== null);
    const attrs = policy.forced ? policy.forced(tag, kept) : kept;
    const open = attrs.map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`).join('');
    out.push(`<${tag}${open}>`);
    if (VOID_TAGS.has(tag)) continue;
    // An iframe's inner text is never shown by a browser; drop it.
    if (tag !== 'iframe') write(node.childNodes ?? [], policy, out);
    out.push(`</${tag}>`);
  }
}

function clean(html: string, policy: Policy): string {
  if (!html) return '';
  const fragment = parseFragment(html) as unknown as Node;
  const out: string[] = [];
  write(fragment.childNodes ?? [], policy, out);
  return out.join('');
}

/** Rich text reduced to the editor's formatting tags and safe links. */
export function sanitizeRichText(html: string): string {
  return clean(html, RICH_TEXT);
}

/** An embed code reduced to https players (iframe, video, audio) and rich text. */
export function sanitizeEmbed(html: string): string {
  return clean(html, EMBED);
}

/** The text a reader sees in some HTML, spaces collapsed (to check a minimum length). */
export function visibleText(html: string): string {
  if (!html) return '';
  const fragment = parseFragment(html) as unknown as Node;
  const parts: string[] = [];
  const walk = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (node.nodeName === '#text') parts.push(node.value ?? '');
      else if (node.tagName && !DROPPED_WITH_CONTENT.has(node.tagName)) {
        if (node.tagName === 'br' || node.tagName === 'p' || node.tagName === 'li') parts.push(' ');
        walk(node.childNodes ?? []);
      }
    }
  };
  walk(fragment.childNodes ?? []);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
