import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Worker } from 'node:worker_threads';
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
  /**
   * Told when the NOTIFY connection is lost (`false`: notifications may have been missed) and
   * when it listens again (`true`). PostgreSQL only.
   */
  onListening?(handler: (listening: boolean) => void): void;
  /**
   * Set by the account cache (core/account-cache.ts): run after a transaction that changed an
   * account or a role has committed, before the transaction's caller goes on. `change` is the
   * mark the database's trigger gave that transaction (migration 0016).
   */
  afterAccountChange?: ((change: string) => Promise<void>) | null;
  /**
   * Takes the advisory lock `key` for this process until `release` runs, or null when another
   * holder has it (in any process on PostgreSQL). It is not tied to a transaction, so a long job
   * holds no transaction open.
   */
  tryLock(key: number): Promise<DatabaseLock | null>;
  close(): Promise<void>;
};

/** An advisory lock held (Database.tryLock). */
export type DatabaseLock = { release(): Promise<void> };

/**
 * The database could not be reached, or the connection was lost in the middle of a statement (a
 * restart, a failover): the statement's outcome is unknown, nothing was acknowledged, and asking
 * again in a moment works. The API answers 503.
 */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super('The database cannot be reached at the moment. Try again shortly.');
  }
}

/** Error codes of a connection that failed or ended, not of a statement that was refused. */
const CONNECTION_CODES = new Set([
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
  '57P01',
  '57P02',
  '57P03',
  // connection_exception and its kinds
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Whether `err` says the connection to the database failed (see DatabaseUnavailableError). */
export function isConnectionLoss(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // node-postgres' own words for a connection that ended under it.
  return /^Connection terminated|is not queryable|timeout exceeded when trying to connect/.test(
    err.message,
  );
}

/** How long a request waits for a database that does not answer (a restart takes seconds). */
const CONNECT_WAIT_MS = 5_000;
const CONNECT_RETRY_MS = 200;

/** A statement that may change an account or a role (see the query of openPostgres). */
const CHANGES_ROWS = /^\s*(UPDATE|DELETE)\b/i;

/**
 * Ends a transaction and reads, in the same round trip, the mark the account trigger leaves on a
 * transaction that changed an account or a role ('' when it did not).
 */
const COMMIT_READING_ACCOUNT_CHANGE = `SELECT COALESCE(current_setting('app.account_change', true), '') AS "change"; COMMIT`;

// numeric (1700) and int8 (20) come back as strings; the record layer converts per field.
pg.types.setTypeParser(1700, (v: string) => v);

/** Advisory locks on PGlite: it belongs to one process, so its locks are this process's. */
function localLocks(): Database['tryLock'] {
  const held = new Set<number>();
  return async (key) => {
    if (held.has(key)) return null;
    held.add(key);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        held.delete(key);
      },
    };
  };
}

/**
 * Opens PGlite persisted in `dataDir` (or in memory when `dataDir` is undefined). A directory is
 * locked for this process until close(): a second process would corrupt it (DirectoryLockedError).
 *
 * With `thread`, PGlite runs in a thread of its own (the server does this): its queries then run
 * on one core while HTTP work runs on another. Without, it runs in this thread, which is faster
 * where every core is already busy (the test suite runs files side by side).
 */
export async function openPglite(
  dataDir?: string,
  options: { thread?: boolean } = {},
): Promise<Database> {
  if (options.thread) return openPgliteThread(dataDir);
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
    tryLock: localLocks(),
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

/** A message the PGlite thread (pglite-worker.mjs) answers. */
type ThreadRequest =
  | { kind: 'query'; text: string; params?: readonly unknown[]; tx?: number }
  | { kind: 'begin' }
  | { kind: 'commit' | 'rollback'; tx: number }
  | { kind: 'close' };
type ThreadAnswer = {
  id: number;
  rows?: unknown[];
  tx?: number;
  done?: boolean;
  error?: Record<string, unknown> & { message: string };
};

/** The error the thread described, with the fields callers read (`code`, `constraint`…). */
function threadError(described: ThreadAnswer['error']): Error {
  return Object.assign(new Error(described?.message ?? 'database error'), described);
}

/** PGlite in a thread of its own (pglite-worker.mjs); see openPglite. */
async function openPgliteThread(dataDir?: string): Promise<Database> {
  const lock = dataDir ? lockDirectory(dataDir) : null;
  const thread = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir },
    // The worker is plain JavaScript: no loader flags (tsx, profilers) are passed on.
    execArgv: [],
  });
  const waiting = new Map<
    number,
    { resolve: (a: ThreadAnswer) => void; reject: (e: Error) => void }
  >();
  let lastId = 0;
  let failure: Error | null = null;
  thread.on('message', (answer: ThreadAnswer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    // The thread keeps the process alive only while a query waits for it (as a socket would).
    if (waiting.size === 0) thread.unref();
    if (answer.error) pending.reject(threadError(answer.error));
    else pending.resolve(answer);
  });
  const failAll = (err: Error) => {
    failure = err;
    for (const pending of waiting.values()) pending.reject(err);
    waiting.clear();
  };
  thread.on('error', failAll);
  thread.on('exit', () => failAll(new Error('the database thread has stopped')));
  const ready = new Promise<ThreadAnswer>((resolve, reject) => waiting.set(0, { resolve, reject }));
  const send = (request: ThreadRequest): Promise<ThreadAnswer> => {
    if (failure) return Promise.reject(failure);
    const id = ++lastId;
    if (waiting.size === 0) thread.ref();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.postMessage({ id, ...request });
    });
  };
  try {
    await ready;
  } catch (err) {
    await thread.terminate();
    lock?.release();
    throw err;
  }
  const run = async <T>(text: string, params?: readonly unknown[], tx?: number) => {
    const answer = await send({
      kind: 'query',
      text,
      params: params ? [...params] : undefined,
      tx,
    });
    return { rows: (answer.rows ?? []) as T[] };
  };
  const database: Database = {
    kind: 'pglite',
    query: (text, params) => run(text, params),
    afterCommit: (fn) => fn(),
    transaction: async (fn) => {
      const { tx } = await send({ kind: 'begin' });
      const handle = transactionHandle(database, (text, params) => run(text, params, tx));
      let result;
      try {
        result = await fn(handle.tx);
      } catch (err) {
        await send({ kind: 'rollback', tx: tx! }).catch(() => {});
        throw err;
      }
      await send({ kind: 'commit', tx: tx! });
      handle.committed();
      return result;
    },
    listen: async () => async () => {},
    tryLock: localLocks(),
    close: async () => {
      try {
        await send({ kind: 'close' });
        await thread.terminate();
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
  // An idle connection the server ended (a restart, pg_terminate_backend) is dropped by the pool,
  // and the next query opens another. Without a listener the error would end the process.
  pool.on('error', () => {});
  // A connection in use reports its loss through the statement it runs; between statements (a
  // transaction waiting for its caller) the error event must not end the process either.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail fast on a wrong URL instead of at the first request.
  const probe = await pool.connect();
  probe.release();
  let closed = false;
  const pause = () => new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
  /** A pooled connection; while the database cannot be reached, waits a little for it. */
  const acquire = async (): Promise<pg.PoolClient> => {
    const deadline = Date.now() + CONNECT_WAIT_MS;
    for (;;) {
      try {
        return await pool.connect();
      } catch (err) {
        if (closed || !isConnectionLoss(err)) throw err;
        if (Date.now() >= deadline) throw new DatabaseUnavailableError();
        await pause();
      }
    }
  };
  /** Runs one statement on `client`; a lost connection becomes DatabaseUnavailableError. */
  const run = async (
    client: pg.PoolClient,
    text: string,
    values: unknown[] | undefined,
    name?: string,
  ): Promise<pg.QueryResult> => {
    // The callback form of `query`: with the promise `pg` returns, every answer's rows outlived
    // two young-generation collections and were promoted to the old one (about 13 KB a request
    // on a 20-row list, then a full collection to free them). bench/README.md, issue 44.
    // One inline callback, not a named one: the TypeScript loader names every function kept in
    // a variable, a property write per query.
    return new Promise((resolve, reject) => {
      client.query(
        name ? { name, text, values } : { text, values: values ?? [] },
        (err: Error | null, result: pg.QueryResult) => {
          if (err) reject(isConnectionLoss(err) ? new DatabaseUnavailableError() : err);
          else resolve(result);
        },
      );
    });
  };
  /** Gives a connection back; a broken one is closed instead of being handed out again. */
  const giveBack = (client: pg.PoolClient, err?: unknown) =>
    client.release(err instanceof DatabaseUnavailableError ? err : undefined);
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  /** The channels the current listener connection has LISTENed to. */
  const listened = new Set<string>();
  const listeningHandlers = new Set<(listening: boolean) => void>();
  const tellListening = (listening: boolean) => {
    for (const h of listeningHandlers) {
      try {
        h(listening);
      } catch {
        // One handler's failure must not stop the others.
      }
    }
  };
  /**
   * The one connection that receives NOTIFYs. When it is lost, the handlers are told (what was
   * notified meanwhile is missed) and it is opened again, listening to every channel, a second
   * later and then every second until it works.
   */
  const connectListener = (): Promise<pg.Client> => {
    if (listener) return Promise.resolve(listener);
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      const lost = () => {
        if (listener !== client) return;
        listener = null;
        listened.clear();
        void client.end().catch(() => {});
        tellListening(false);
        scheduleReconnect();
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      for (const channel of handlers.keys()) listened.add(channel);
      listener = client;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (closed) return;
      connectListener().then(
        () => tellListening(true),
        () => scheduleReconnect(),
      );
    }, 1000);
    reconnectTimer.unref();
  };
  /** The sessions holding this process's advisory locks (tryLock), one each. */
  const lockSessions = new Set<pg.Client>();
  /** A new session holding lock `key`, or null when another session holds it. */
  const lockSession = async (key: number): Promise<pg.Client | null> => {
    const deadline = Date.now() + CONNECT_WAIT_MS;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      // Its loss is handled by its 'end' (tryLock); the error event alone must not end the process.
      client.on('error', () => {});
      try {
        await client.connect();
        const { rows } = await client.query<{ got: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS "got"',
          [key],
        );
        if (rows[0]?.got) return client;
        await client.end().catch(() => {});
        return null;
      } catch (err) {
        await client.end().catch(() => {});
        if (closed || !isConnectionLoss(err)) throw err;
        if (Date.now() >= deadline) throw new DatabaseUnavailableError();
        await pause();
      }
    }
  };
  const database: Database = {
    kind: 'postgres',
    afterCommit: (fn) => fn(),
    query: async (text, params, options) => {
      const values = params as unknown[] | undefined;
      // An update or delete outside a transaction runs in one, so that its commit, like any
      // other, waits until every process has dropped an account it changed (afterAccountChange).
      if (database.afterAccountChange && CHANGES_ROWS.test(text))
        return database.transaction((tx) => tx.query(text, params));
      const client = await acquire();
      let failure: unknown;
      try {
        return { rows: (await run(client, text, values, options?.name)).rows };
      } catch (err) {
        failure = err;
        throw err;
      } finally {
        giveBack(client, failure);
      }
    },
    transaction: async (fn) => {
      const deadline = Date.now() + CONNECT_WAIT_MS;
      let client = await acquire();
      // A connection the server ended while it sat in the pool fails at BEGIN, before anything
      // ran: another one is taken.
      for (;;) {
        try {
          await run(client, 'BEGIN', undefined);
          break;
        } catch (err) {
          giveBack(client, err);
          if (!(err instanceof DatabaseUnavailableError) || Date.now() >= deadline) throw err;
          await pause();
          client = await acquire();
        }
      }
      let change = '';
      let result;
      let failure: unknown;
      try {
        const handle = transactionHandle(database, async (text, params) => ({
          rows: (await run(client, text, params as unknown[] | undefined)).rows,
        }));
        result = await fn(handle.tx);
        // Two statements in one simple query answer with one result each.
        const ended = (await run(
          client,
          COMMIT_READING_ACCOUNT_CHANGE,
          undefined,
        )) as unknown as pg.QueryResult<{ change: string }>[];
        handle.committed();
        change = ended[0]?.rows[0]?.change ?? '';
      } catch (err) {
        failure = err;
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        giveBack(client, failure);
      }
      // After the connection is back in the pool: the other processes' acknowledgements are
      // written through it.
      if (change && database.afterAccountChange) await database.afterAccountChange(change);
      return result;
    },
    listen: async (channel, handler) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('invalid channel name');
      if (!handlers.has(channel)) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      const client = await connectListener();
      if (!listened.has(channel)) {
        listened.add(channel);
        await client.query(`LISTEN ${channel}`);
      }
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    onListening: (handler) => listeningHandlers.add(handler),
    tryLock: async (key) => {
      let session = await lockSession(key);
      if (!session) return null;
      let released = false;
      let retry: NodeJS.Timeout | null = null;
      // A session lock ends with its session. When a restart ends it, it is taken again on a new
      // session as soon as the database answers, so the job that holds it stays the only one
      // (unless another took it in that moment: then it is theirs).
      const hold = (client: pg.Client) => {
        lockSessions.add(client);
        client.on('end', () => {
          lockSessions.delete(client);
          if (released || closed || session !== client) return;
          session = null;
          const again = () => {
            retry = setTimeout(() => {
              retry = null;
              if (released || closed) return;
              lockSession(key).then((next) => {
                if (next && (released || closed)) void next.end().catch(() => {});
                else if (next) {
                  session = next;
                  hold(next);
                }
              }, again);
            }, CONNECT_RETRY_MS);
            retry.unref();
          };
          again();
        });
      };
      hold(session);
      return {
        release: async () => {
          released = true;
          if (retry) clearTimeout(retry);
          const held = session;
          session = null;
          // Ending the session releases the lock, even if the unlock could not be sent.
          if (held) await held.end().catch(() => {});
        },
      };
    },
    close: async () => {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (listener) await listener.end().catch(() => {});
      for (const session of lockSessions) await session.end().catch(() => {});
      await pool.end();
    },
  };
  return database;
}
