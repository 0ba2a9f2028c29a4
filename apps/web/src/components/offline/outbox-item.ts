import type { TFunction } from '@/lib/i18n/translator';
import type { OutboxItem } from '@/lib/offline/outbox';

/*
 * What the outbox's button (./outbox-button.tsx), its panel (./outbox.tsx) and its "Fix and
 * resend" dialog (./outbox-fix-dialog.tsx) share: what they read of a waiting change, and how
 * they show its size.
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

/** `1.2 MB`, `340 KB`, `12 B` in the reader's language. */
export function formatBytes(t: TFunction, bytes: number, language: string): string {
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(language === 'ar' ? 'ar' : 'en', {
      maximumFractionDigits: digits,
    }).format(n);
  if (bytes < 1024) return t('outbox.bytes', { n: number(bytes, 0) });
  if (bytes < 1024 * 1024) return t('outbox.kilobytes', { n: number(bytes / 1024, 0) });
  return t('outbox.megabytes', { n: number(bytes / 1024 / 1024, 1) });
}

/** "Fix and resend" (./outbox-fix-dialog.tsx): the panel's, fetched when first needed. */
export const loadFixDialog = () => import('./outbox-fix-dialog');
