/**
 * The browser's IndexedDB, in promises, for what the app keeps offline: the screens' last answers
 * (`queries`, query-store.ts) and who they belong to (`meta`), which hold one account's data at a
 * time (query-store.ts wipes them when the account changes); and the changes waiting to be sent
 * (`outbox`, outbox.ts), kept per account and never wiped with the others.
 */
export const DB_NAME = 'back-office-offline';
// 1: queries, meta. 2: outbox. An upgrade only adds what is missing, so a browser at any
// earlier version keeps its data.
const DB_VERSION = 2;

export type StoreName = 'queries' | 'meta' | 'outbox';

let opening: Promise<IDBDatabase> | null = null;

/** The database, opened once; rejects where the browser has no IndexedDB (private modes). */
export function openOfflineDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB unavailable'));
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('queries'))
        db.createObjectStore('queries', { keyPath: 'id' }).createIndex('savedAt', 'savedAt');
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'name' });
      // Keyed by an increasing number: the order the changes were made in.
      if (!db.objectStoreNames.contains('outbox'))
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex(
          'account',
          'account',
        );
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  });
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export async function idbGet<T>(store: StoreName, key: IDBValidKey): Promise<T | undefined> {
  const db = await openOfflineDb();
  return (await done(db.transaction(store).objectStore(store).get(key))) as T | undefined;
}

export async function idbPut(store: StoreName, value: unknown): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).put(value);
  await finished(tx);
}

/** Adds a row to a store whose keys the database gives; resolves to its key. */
export async function idbAdd(store: StoreName, value: unknown): Promise<IDBValidKey> {
  const db = await openOfflineDb();
  const tx = db.transaction(store, 'readwrite');
  const request = tx.objectStore(store).add(value);
  await finished(tx);
  return request.result;
}

export async function idbDelete(store: StoreName, key: IDBValidKey): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).delete(key);
  await finished(tx);
}

/** The rows of `store` whose `index` holds `value`, in the order of their keys. */
export async function idbAllBy<T>(
  store: StoreName,
  index: string,
  value: IDBValidKey,
): Promise<T[]> {
  const db = await openOfflineDb();
  return (await done(db.transaction(store).objectStore(store).index(index).getAll(value))) as T[];
}

/** Forgets the open database (tests reopen it as a restarted browser would). */
export function closeOfflineDb(): void {
  void opening?.then((db) => db.close()).catch(() => {});
  opening = null;
}

export async function idbClear(...stores: StoreName[]): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(stores, 'readwrite');
  for (const store of stores) tx.objectStore(store).clear();
  await finished(tx);
}

/**
 * Walks `index` of `store` from its highest key down, in one read-write transaction; `visit`
 * returns true to delete the row it is given.
 */
export async function idbSweep<T>(
  store: StoreName,
  index: string,
  visit: (value: T) => boolean,
): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(store, 'readwrite');
  const request = tx.objectStore(store).index(index).openCursor(null, 'prev');
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    if (visit(cursor.value as T)) cursor.delete();
    cursor.continue();
  };
  await finished(tx);
}
