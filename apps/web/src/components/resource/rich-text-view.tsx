import { Box, Text, Typography } from '@mantine/core';
import { useMemo } from 'react';

/** Tags an editor field may show; anything else is unwrapped (its text kept) or dropped. */
const KEPT = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'CODE',
  'PRE',
  'A',
  'SPAN',
]);
/** Tags dropped with their content. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'SVG',
  'MATH',
]);

function clean(node: Node, doc: Document, out: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      out.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child instanceof Element) {
      if (DROPPED.has(child.tagName)) continue;
      if (!KEPT.has(child.tagName)) {
        clean(child, doc, out);
        continue;
      }
      const copy = doc.createElement(child.tagName);
      const href = child.getAttribute('href');
      // Only plain web and mail links; never javascript: or data:.
      if (child.tagName === 'A' && href && /^(https?:|mailto:)/i.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('rel', 'noopener noreferrer');
        copy.setAttribute('target', '_blank');
      }
      clean(child, doc, copy);
      out.appendChild(copy);
    }
  }
}

/** The HTML of an editor field, reduced to the formatting tags the editor writes. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out = doc.createElement('div');
  clean(doc.body, doc, out);
  return out.innerHTML;
}

/** Shows an editor field's text (sanitized), or a dimmed "none" when it is empty. */
export function RichTextView({ html, empty }: { html: string | undefined; empty: string }) {
  const safe = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!safe.replace(/<[^>]*>/g, '').trim())
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Typography>
      {/* Sanitized above: only formatting tags and plain links remain. */}
      <Box dir="auto" dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
}
