import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { getSession, onSignOut } from '../session';
import { dropAppShell, keepAppShell } from './app-shell';
import { createQueryStore, persistQueries, type QueryStore } from './query-store';

/** The account a store's answers belong to: `employees:<id>` or `users:<id>`. */
export function currentAccountKey(): string | null {
  const session = getSession();
  return session.status === 'authenticated'
    ? `${session.account.collection}:${session.account.id}`
    : null;
}

/** A store that first makes sure it holds only `account`'s answers (wiping another's). */
function ownedBy(store: QueryStore): QueryStore & { forget(): void } {
  let owner: { account: string; ready: Promise<void> } | null = null;
  const own = (account: string) => {
    if (owner?.account !== account) owner = { account, ready: store.own(account) };
    return owner.ready;
  };
  return {
    ...store,
    own,
    keep: async (account, query) => {
      await own(account);
      await store.keep(account, query);
    },
    find: async (account, hash) => {
      await own(account);
      return store.find(account, hash);
    },
    forget: () => {
      owner = null;
    },
  };
}

let started = false;

/**
 * Screens read offline what they showed online (query-store.ts), and the app's page opens
 * without a connection (app-shell.ts). Called once, with the app's query client.
 */
export function startOfflineReading(client: QueryClient): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // TanStack Query assumes a connection until the browser says it went away; a page opened
  // offline must know at once, so that its queries wait (and show what was kept).
  onlineManager.setOnline(navigator.onLine);
  const store = ownedBy(createQueryStore());
  persistQueries(client, store, currentAccountKey);
  onSignOut(() => {
    store.forget();
    void store.wipe().catch(() => {});
    void dropAppShell().catch(() => {});
  });
  if (navigator.onLine)
    setTimeout(() => {
      if (currentAccountKey()) void keepAppShell().catch(() => {});
    }, 2000);
}
