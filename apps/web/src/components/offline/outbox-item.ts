import type { OutboxItem } from '@/lib/offline/outbox';

/*
 * What the outbox panel (./outbox.tsx) and its "Fix and resend" dialog (./outbox-fix-dialog.tsx)
 * both read of a waiting change.
 */

/** Refused because the record changed after the change was made (If-Match, docs/offline.md). */
export const changedMeanwhile = (item: OutboxItem) => item.status === 412 && Boolean(item.recordId);

/** A field's value as the record holds it now, in a line of plain text. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? (new DOMParser().parseFromString(value, 'text/html').body.textContent ?? '')
      : String(value);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
