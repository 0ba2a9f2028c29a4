import type { Database, Queryable } from '../db/database';
import type { FileStorage } from '../tools/filesystem/storage';
import type { Engine, RecordEvent } from './engine';

type PendingWork = {
  written: string[];
  afterCommit: Array<() => Promise<void>>;
  events: RecordEvent[];
};

/**
 * The engine as seen from inside one open transaction: every query (and every nested
 * "transaction") runs on `tx`; new files are remembered so a rollback can remove them; file
 * removals and realtime events wait until the transaction has committed.
 */
function engineInTransaction(engine: Engine, tx: Queryable, pending: PendingWork): Engine {
  const db: Database = {
    kind: engine.db.kind,
    query: <T>(text: string, params?: readonly unknown[]) => tx.query<T>(text, params),
    afterCommit: (fn) => (tx.afterCommit ? tx.afterCommit(fn) : fn()),
    database: tx.database,
    transaction: <T>(fn: (inner: Queryable) => Promise<T>) => fn(tx),
    listen: (channel, handler) => engine.db.listen(channel, handler),
    close: async () => {},
  };
  const storage: FileStorage = {
    put: async (key, data) => {
      pending.written.push(key);
      await engine.storage.put(key, data);
    },
    get: (key) => engine.storage.get(key),
    stat: (key) => engine.storage.stat(key),
    createReadStream: (key, range) => engine.storage.createReadStream(key, range),
    delete: async (key) => {
      pending.afterCommit.push(() => engine.storage.delete(key));
    },
    deletePrefix: async (prefix) => {
      pending.afterCommit.push(() => engine.storage.deletePrefix(prefix));
    },
  };
  return { ...engine, db, storage, publish: (event) => pending.events.push(event) };
}

/** Runs `work` in one database transaction; see {@link engineInTransaction}. */
export async function inOneTransaction<T>(
  engine: Engine,
  work: (txEngine: Engine) => Promise<T>,
): Promise<T> {
  const pending: PendingWork = { written: [], afterCommit: [], events: [] };
  let result: T;
  try {
    result = await engine.db.transaction((tx) => work(engineInTransaction(engine, tx, pending)));
  } catch (err) {
    for (const key of pending.written) await engine.storage.delete(key).catch(() => {});
    throw err;
  }
  for (const job of pending.afterCommit) await job().catch(() => {});
  for (const event of pending.events) engine.publish(event);
  return result;
}
