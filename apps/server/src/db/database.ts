import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDirectory } from './directory-lock';

/** How to run one query. */
export type QueryOptions = {
  /**
   * Prepare the statement once per connection under this name and reuse it (PostgreSQL; PGlite
   * ignores it). Only for hot queries whose text never changes under the same name.
   */
  name?: string;
};

/** Anything that runs a parameterised query: the database or an open transaction. */
export type Queryable = {
  query<T = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[] }>;
  /**
   * Runs `fn` once what was written through this handle is committed: after COMMIT in a
   * transaction (never, if it rolls back), at once outside one.
   */
  afterCommit?(fn: () => void): void;
  /** The database this handle belongs to (a transaction's, or the database itself). */
  readonly database?: Database;
};

/** A transaction's handle, with the callbacks it runs once it has committed. */
function transactionHandle(
  database: Database,
  query: Queryable['query'],
): { tx: Queryable; committed: () => void } {
  const callbacks: Array<() => void> = [];
  return {
    tx: { query, database, afterCommit: (fn) => callbacks.push(fn) },
    committed: () => {
      for (const fn of callbacks) {
        try {
          fn();
        } catch {
          // A listener's failure must not turn a committed change into an error.
        }
      }
    },
  };
}

/** The one SQL dialect (PostgreSQL's), reached either through embedded PGlite or a real server. */
export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel (PostgreSQL only; PGlite runs in one process). */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// numeric (1700) and int8 (20) come back as strings; the record layer converts per field.
pg.types.setTypeParser(1700, (v: string) => v);

/**
 * Opens PGlite persisted in `dataDir` (or in memory when `dataDir` is undefined). A directory is
 * locked for this process until close(): a second process would corrupt it (DirectoryLockedError).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const lock = dataDir ? lockDirectory(dataDir) : null;
  // pg_trgm backs the "contains" search indexes; the PostgreSQL server ships it in contrib.
  const db = dataDir
    ? new PGlite(dataDir, { extensions: { pg_trgm } })
    : new PGlite({ extensions: { pg_trgm } });
  try {
    await db.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const run = async <T>(q: Pick<PGlite, 'query'>, text: string, params?: readonly unknown[]) => {
    const result = await q.query<T>(text, params as unknown[] | undefined);
    return { rows: result.rows };
  };
  const database: Database = {
    kind: 'pglite',
    query: (text, params) => run(db, text, params),
    afterCommit: (fn) => fn(),
    transaction: async (fn) => {
      let committed = () => {};
      const result = await db.transaction((raw) => {
        const handle = transactionHandle(database, (text, params) => run(raw, text, params));
        committed = handle.committed;
        return fn(handle.tx);
      });
      committed();
      return result;
    },
    listen: async () => async () => {},
    close: async () => {
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
  return database;
}

/** Connects to PostgreSQL with a pool. */
export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // Fail fast on a wrong URL instead of at the first request.
  const probe = await pool.connect();
  probe.release();
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const database: Database = {
    kind: 'postgres',
    afterCommit: (fn) => fn(),
    query: async (text, params, options) => {
      const values = params as unknown[] | undefined;
      const r = await (options?.name
        ? pool.query({ name: options.name, text, values })
        : pool.query(text, values));
      return { rows: r.rows };
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const handle = transactionHandle(database, async (text, params) => ({
          rows: (await client.query(text, params as unknown[] | undefined)).rows,
        }));
        const result = await fn(handle.tx);
        await client.query('COMMIT');
        handle.committed();
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    listen: async (channel, handler) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('invalid channel name');
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await listener.query(`LISTEN ${channel}`);
      }
      handlers.get(channel)!.add(handler);
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    close: async () => {
      if (listener) await listener.end().catch(() => {});
      await pool.end();
    },
  };
  return database;
}
