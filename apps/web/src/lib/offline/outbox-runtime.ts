import type { QueryClient } from '@tanstack/react-query';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { toAppError } from '../errors';
import { pb } from '../pocketbase';
import { recordKeys } from '../data/query-keys';
import { currentAccountKey } from './offline-reading';
// The translator instance only: lib/i18n's index brings the dictionaries and the client with it,
// and importing it here kept the entry dialog from rendering in entry-dialog.test.
import { translator as i18n } from '../i18n/instance';
import {
  bodyOf,
  createOutbox,
  newIdempotencyKey,
  OutboxFullError,
  type NewChange,
  type OutboxItem,
} from './outbox';
import { isOffline } from './reachability';

/**
 * What only a change with files needs, fetched when one is queued or sent (the app fetches them
 * ahead for offline use, components/offline/prefetch-for-offline.ts): sending large files in
 * pieces, and shrinking photos. This file comes with every signed-in page.
 */
export const loadUploads = () => import('./resumable-upload');
export const loadShrinkImage = () => import('./shrink-image');

/**
 * The app's outbox (outbox.ts) over the one PocketBase client: what sends a change, when the
 * outbox is sent, and the save that queues a change it cannot send.
 *
 * It is sent by this tab, for the account signed in here: when the app starts signed in, when
 * someone signs in, and when the browser comes back online; after a run stopped by the network
 * or a server error, again after 5 s, 10 s, 20 s … up to 5 minutes. Not by the service worker:
 * the session lives in the tab (sessionStorage) and is never handed to the worker, so a closed
 * tab sends nothing until the person opens the app and signs in again.
 */

let client: QueryClient | null = null;

function send(item: OutboxItem, key = item.key, body = bodyOf(item)): Promise<unknown> {
  // A queued update names the version it was made from: the server refuses it (412) if the
  // record changed meanwhile (docs/offline.md). `updated` is an entity tag in ISO 8601.
  const headers: Record<string, string> = { 'Idempotency-Key': key };
  if (item.version) headers['If-Match'] = `"${item.version.replace(' ', 'T')}"`;
  const options = { headers };
  const records = pb.collection(item.collection);
  return item.recordId
    ? records.update(item.recordId, body, options)
    : records.create(body, options);
}

function refresh(collections: readonly string[]) {
  for (const collection of collections)
    void client?.invalidateQueries({ queryKey: recordKeys.all(collection) });
}

export const outbox = createOutbox({
  send: (item) => {
    // The client now holds another account's session (a sign-out and a sign-in during a run):
    // this change is not sent under it; it waits for its own account.
    if (currentAccountKey() !== item.account)
      return Promise.reject(new ClientResponseError({ status: 401 }));
    if (item.files.length === 0) return send(item);
    // Large files go first, in pieces that a cut connection does not make us send again.
    return loadUploads().then(({ sendInPieces, uploadTransport }) =>
      sendInPieces(item, {
        transport: uploadTransport(pb),
        save: (files) => outbox.saveFiles(item.account, item.seq, files),
        send: (body) => send(item, item.key, body),
      }),
    );
  },
  onSent: (item) => refresh([item.collection, ...(item.refresh ?? [])]),
});

const FIRST_DELAY = 5_000;
const MAX_DELAY = 5 * 60_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let delay = 0;

/** Sends the signed-in account's waiting changes, if the browser is online. */
export function syncOutbox(): void {
  const account = currentAccountKey();
  if (!account || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  clearTimeout(retryTimer);
  void outbox
    .flush(account)
    .then((result) => {
      if (!result.stopped) {
        delay = 0;
        return;
      }
      delay = delay ? Math.min(delay * 2, MAX_DELAY) : FIRST_DELAY;
      retryTimer = setTimeout(syncOutbox, delay);
    })
    .catch(() => {});
}

/** Why a change was not queued: the outbox is full (its limits, in the person's language). */
export function outboxFullMessage(error: OutboxFullError, lng = i18n.language || 'en'): string {
  const number = (n: number) => new Intl.NumberFormat(lng).format(n);
  return i18n.t('outbox.full', {
    lng,
    size: i18n.t('outbox.megabytes', { lng, n: number(error.limits.bytes / 1024 / 1024) }),
    count: number(error.limits.count),
  });
}

/** What a save answers when its change went to the outbox instead of the server. */
export const QUEUED = Object.freeze({ queued: true as const });
export type Queued = typeof QUEUED;

export function isQueued(value: unknown): value is Queued {
  return value === QUEUED;
}

const hasFiles = (body: Record<string, unknown>) =>
  Object.values(body).some(
    (value) =>
      value instanceof File || (Array.isArray(value) && value.some((v) => v instanceof File)),
  );

/**
 * Saves a change now, or puts it in the outbox when the server cannot be reached: the browser is
 * offline, the request failed for want of a network (sent again later under the same key, so a
 * request that did arrive is not written twice), or older changes still wait (they go first).
 * Photos are shrunk (shrink-image.ts) either way. A refusal by the server is the caller's, as
 * for any save: the person is there to fix it.
 */
export async function saveOrQueue<T>(change: NewChange): Promise<T | Queued> {
  const account = currentAccountKey();
  // Without its code (offline, never fetched), photos go as they are: kept beats lost.
  const body = hasFiles(change.body)
    ? await loadShrinkImage().then(
        ({ shrinkImages }) => shrinkImages(change.body),
        () => change.body,
      )
    : change.body;
  if (!account) throw new Error('Not signed in');
  const queue = async (key?: string) => {
    try {
      await outbox.enqueue(account, { ...change, body, key });
    } catch (error) {
      // The form stays open with the person's values, and says why.
      if (error instanceof OutboxFullError) throw new Error(outboxFullMessage(error));
      throw error;
    }
    syncOutbox();
    return QUEUED;
  };
  const earlier = (await outbox.list(account).catch(() => [])).some(
    (item) => item.state !== 'refused',
  );
  if (isOffline() || earlier) return queue();
  const key = newIdempotencyKey();
  try {
    const saved = (await send(
      { collection: change.collection, recordId: change.recordId } as OutboxItem,
      key,
      body,
    )) as T;
    return saved;
  } catch (error) {
    const failure = toAppError(error);
    if (failure.status === 0 && !failure.isAbort) return queue(key);
    throw error;
  }
}

/**
 * The record a change refused because it changed meanwhile (412) was meant for, as it is now:
 * "Overwrite with my change" shows it and sends the change again against its `updated`. Needs
 * the connection.
 */
export function currentRecord(item: OutboxItem): Promise<RecordModel> {
  if (!item.recordId) return Promise.reject(new Error('Not a change to a record'));
  return pb.collection(item.collection).getOne(item.recordId, { requestKey: null });
}

let started = false;

/** Connects the outbox to the app (called once, with the query client). */
export function startOutbox(queryClient: QueryClient): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  client = queryClient;
  window.addEventListener('online', () => {
    delay = 0;
    syncOutbox();
  });
  let account = currentAccountKey();
  pb.authStore.onChange(() => {
    const next = currentAccountKey();
    if (next === account) return;
    account = next;
    clearTimeout(retryTimer);
    delay = 0;
    // Another account's run (if any) goes on to its end; this one's changes are sent now.
    if (next) setTimeout(syncOutbox, 0);
  });
  setTimeout(syncOutbox, 500);
}
