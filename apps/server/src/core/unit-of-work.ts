import type { Database, Queryable } from '../db/database';
import type { FileStorage } from '../tools/filesystem/storage';
import type { Engine, RecordEvent } from './engine';

type PendingWork = {
  written: string[];
  afterCommit: Array<() => Promise<void>>;
  events: RecordEvent[];
};

/**
 * The database as seen from inside one open transaction: every query, and every nested
 * "transaction", runs on `tx`.
 */
export function databaseInTransaction(database: Database, tx: Queryable): Database {
  return {
    kind: database.kind,
    query: <T>(text: string, params?: readonly unknown[]) => tx.query<T>(text, params),
    afterCommit: (fn) => (tx.afterCommit ? tx.afterCommit(fn) : fn()),
    database: tx.database,
    transaction: <T>(fn: (inner: Queryable) => Promise<T>) => fn(tx),
    listen: (channel, handler) => database.listen(channel, handler),
    tryLock: (key) => database.tryLock(key),
    close: async () => {},
  };
}

/**
 * The engine as seen from inside one open transaction: every query (and every nested
 * "transaction") runs on `tx`; new files are remembered so a rollback can remove them; file
 * removals and realtime events wait until the transaction has committed.
 */
function engineInTransaction(
  engine: Engine,
  tx: Queryable,
  pending: PendingWork,
  quiet: boolean,
): Engine {
  // Quiet: what waits for the commit to be announced (a record event, the monitor's live feed)
  // is dropped instead of held.
  if (quiet) tx = { ...tx, afterCommit: () => {} };
  const db = databaseInTransaction(engine.db, tx);
  const storage: FileStorage = {
    put: async (key, data) => {
      pending.written.push(key);
      await engine.storage.put(key, data);
    },
    putStream: async (key, content) => {
      pending.written.push(key);
      await engine.storage.putStream(key, content);
    },
    get: (key) => engine.storage.get(key),
    stat: (key) => engine.storage.stat(key),
    createReadStream: (key, range) => engine.storage.createReadStream(key, range),
    list: (prefix) => engine.storage.list(prefix),
    delete: async (key) => {
      pending.afterCommit.push(() => engine.storage.delete(key));
    },
    deletePrefix: async (prefix) => {
      pending.afterCommit.push(() => engine.storage.deletePrefix(prefix));
    },
  };
  return {
    ...engine,
    db,
    storage,
    publish: quiet ? () => {} : (event) => pending.events.push(event),
  };
}

/**
 * Runs `work` in one database transaction; see {@link engineInTransaction}. `quiet` sends no
 * realtime event (records, the activity monitor's live feed) for what is written: a bulk write
 * (the import of the old system, a hundred thousand records) would otherwise hold every event in
 * memory until the commit and then flood every open page; screens read the new records when they
 * next load. The audit trail itself is written as always.
 */
export async function inOneTransaction<T>(
  engine: Engine,
  work: (txEngine: Engine) => Promise<T>,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<T> {
  const pending: PendingWork = { written: [], afterCommit: [], events: [] };
  let result: T;
  try {
    result = await engine.db.transaction((tx) =>
      work(engineInTransaction(engine, tx, pending, quiet)),
    );
  } catch (err) {
    for (const key of pending.written) await engine.storage.delete(key).catch(() => {});
    throw err;
  }
  for (const job of pending.afterCommit) await job().catch(() => {});
  for (const event of pending.events) engine.publish(event);
  return result;
}
