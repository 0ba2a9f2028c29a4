import { type Query, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { toAppError } from '../errors';
import { idbClear, idbGet, idbPut, idbSweep } from './idb';
import { setUnreachable } from './reachability';

/**
 * Screens read offline what they showed online. Every answer a record query receives is kept in
 * IndexedDB (idb.ts) for the signed-in account; when a query cannot reach the server (the
 * browser is offline, so TanStack Query pauses it, or the request fails for want of a network)
 * and holds nothing yet, its last kept answer is put back with the time it was received, which
 * the offline banner shows.
 *
 * What is kept is only what the server answered to this account, so a field the account may not
 * read (a salary) was never in it. The store holds one account's answers: it is emptied at
 * sign-out and when another account signs in. It is limited in size (the oldest answers go first).
 */

/** At most this many bytes of answers (as JSON) are kept, and one answer at most PER_ANSWER. */
export const MAX_BYTES = 5 * 1024 * 1024;
const PER_ANSWER = 1024 * 1024;

export type KeptAnswer = {
  /** `<account>|<query hash>` */
  id: string;
  account: string;
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server gave it (ms since 1970). */
  savedAt: number;
  bytes: number;
};

/** The queries whose answers are records the account read (not file tokens or checks). */
export function keptQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === 'records' || queryKey[0] === 'dashboard';
}

/** True for a failure that says nothing about the request: no network, no server. */
export function isNetworkFailure(error: unknown): boolean {
  const appError = toAppError(error);
  return appError.status === 0 && !appError.isAbort;
}

type Owner = { name: 'owner'; account: string };

export type QueryStore = {
  /** Writes a received answer (and later trims the store to its size). */
  keep(account: string, query: Query): Promise<void>;
  /** The kept answer of a query, if any. */
  find(account: string, queryHash: string): Promise<KeptAnswer | undefined>;
  /** Makes `account` the store's owner, emptying it if it held another account's answers. */
  own(account: string): Promise<void>;
  /** Empties the store (sign-out). */
  wipe(): Promise<void>;
};

export function createQueryStore(maxBytes = MAX_BYTES): QueryStore {
  let trimming: ReturnType<typeof setTimeout> | undefined;
  const trim = () =>
    idbSweep<KeptAnswer>(
      'queries',
      'savedAt',
      (() => {
        let total = 0;
        return (answer) => {
          total += answer.bytes;
          return total > maxBytes;
        };
      })(),
    );
  return {
    async keep(account, query) {
      const data = query.state.data;
      if (data === undefined) return;
      let bytes: number;
      try {
        bytes = JSON.stringify(data).length;
      } catch {
        return;
      }
      if (bytes > PER_ANSWER) return;
      const answer: KeptAnswer = {
        id: `${account}|${query.queryHash}`,
        account,
        queryKey: query.queryKey,
        data,
        savedAt: query.state.dataUpdatedAt || Date.now(),
        bytes,
      };
      await idbPut('queries', answer);
      clearTimeout(trimming);
      trimming = setTimeout(() => void trim().catch(() => {}), 1000);
    },
    find: (account, queryHash) => idbGet<KeptAnswer>('queries', `${account}|${queryHash}`),
    async own(account) {
      const owner = await idbGet<Owner>('meta', 'owner');
      if (owner?.account === account) return;
      await idbClear('queries');
      await idbPut('meta', { name: 'owner', account } satisfies Owner);
    },
    wipe: () => idbClear('queries', 'meta'),
  };
}

/**
 * Connects the query cache to the store for the account `accountOf()` names (null: signed out,
 * nothing kept). Returns a function that disconnects it.
 */
export function persistQueries(
  client: QueryClient,
  store: QueryStore,
  accountOf: () => string | null,
): () => void {
  const restoring = new Set<string>();
  const restore = (query: Query) => {
    const account = accountOf();
    if (!account || query.state.data !== undefined || restoring.has(query.queryHash)) return;
    restoring.add(query.queryHash);
    store
      .find(account, query.queryHash)
      .then((kept) => {
        // Not if an answer arrived meanwhile, or the account changed.
        if (!kept || query.state.data !== undefined || accountOf() !== account) return;
        client.setQueryData(query.queryKey, kept.data, { updatedAt: kept.savedAt });
      })
      .catch(() => {})
      .finally(() => restoring.delete(query.queryHash));
  };
  const onEvent = (event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || !keptQuery(event.query.queryKey)) return;
    const { query, action } = event;
    if (action.type === 'success' && !action.manual) {
      setUnreachable(false);
      const account = accountOf();
      if (account) void store.keep(account, query).catch(() => {});
    } else if (
      (action.type === 'fetch' || action.type === 'pause') &&
      query.state.fetchStatus === 'paused'
    ) {
      restore(query);
    } else if (action.type === 'error' && isNetworkFailure(action.error)) {
      setUnreachable(true);
      if (query.state.data !== undefined)
        // What this tab already showed stays on screen rather than an error.
        client.setQueryData(query.queryKey, query.state.data, {
          updatedAt: query.state.dataUpdatedAt,
        });
      else restore(query);
    }
  };
  return client.getQueryCache().subscribe(onEvent);
}
