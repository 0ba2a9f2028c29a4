/**
 * The browser's IndexedDB, in promises, for what the app keeps offline: the screens' last answers
 * (`queries`, query-store.ts) and who they belong to (`meta`). One database per browser profile;
 * it holds one account's data at a time (query-store.ts wipes it when the account changes).
 */
export const DB_NAME = 'back-office-offline';
const DB_VERSION = 1;

export type StoreName = 'queries' | 'meta';

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
