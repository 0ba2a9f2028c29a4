import { loadShrinkImage } from '@/lib/offline/outbox-runtime';
import { loadFixDialog } from './outbox-item';

/**
 * Fetches, while the connection is up, the code of what a person may use in the field without
 * one (the outbox panel and its "Fix and resend", the entry dialog and its fields, the timeline,
 * confirmations, the shrinking of photos put in the outbox, and whatever `more` adds), so that
 * it opens offline (the service worker keeps what was fetched). Once per page.
 */
let prefetched = false;
export function prefetchForOffline(more: readonly (() => Promise<unknown>)[] = []): void {
  if (prefetched || !navigator.onLine) return;
  prefetched = true;
  const modules = [
    () => import('./outbox'),
    loadFixDialog,
    loadShrinkImage,
    () => import('@/components/resource/entry-dialog-open'),
    () => import('@/components/resource/timeline-thread'),
    () => import('@/components/confirm/confirm-dialog-open'),
    () => import('@/components/form/date-input'),
    () => import('@/components/form/choice-fields-open'),
    () => import('@/components/form/rich-text-editor'),
    ...more,
  ];
  for (const load of modules) void load().catch(() => {});
}
