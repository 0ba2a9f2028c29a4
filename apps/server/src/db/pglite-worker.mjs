// The embedded database (PGlite) in its own thread, so that its queries run on one core while the
// server's HTTP work runs on the other (db/database.ts, openPglite, is the other end).
//
// Plain JavaScript: a worker thread starts without the TypeScript loader the server runs under.
//
// Messages in: { id, kind: 'query', text, params, tx? } | { id, kind: 'begin' }
//              | { id, kind: 'commit' | 'rollback', tx } | { id, kind: 'close' }.
// Messages out: { id, rows } | { id, tx } | { id, done: true } | { id, error }.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

const options = { extensions: { pg_trgm } };
const db = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);

/** A database error as plain data: its message and the fields callers read (code, constraint…). */
function plainError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/** Open transactions: each waits for its next statement, commit or rollback. */
const transactions = new Map();
let lastTx = 0;

/** A queue the transaction's callback reads its next message from. */
function inbox() {
  const waiting = [];
  let wake = null;
  return {
    push(message) {
      if (wake) {
        const resolve = wake;
        wake = null;
        resolve(message);
      } else waiting.push(message);
    },
    next() {
      const message = waiting.shift();
      if (message) return Promise.resolve(message);
      return new Promise((resolve) => (wake = resolve));
    },
  };
}

class RolledBack extends Error {}

function begin(id) {
  const tx = ++lastTx;
  const messages = inbox();
  transactions.set(tx, messages);
  let last = null;
  // PGlite runs one transaction (or statement) at a time: the others wait for this one to end.
  db.transaction(async (handle) => {
    port.postMessage({ id, tx });
    for (;;) {
      const message = await messages.next();
      last = message;
      if (message.kind === 'commit') return;
      if (message.kind === 'rollback') throw new RolledBack();
      try {
        const result = await handle.query(message.text, message.params);
        port.postMessage({ id: message.id, rows: result.rows });
      } catch (err) {
        port.postMessage({ id: message.id, error: plainError(err) });
      }
    }
  })
    .then(
      () => port.postMessage({ id: last.id, done: true }),
      (err) => {
        if (err instanceof RolledBack) port.postMessage({ id: last.id, done: true });
        else if (last) port.postMessage({ id: last.id, error: plainError(err) });
        else port.postMessage({ id, error: plainError(err) });
      },
    )
    .finally(() => transactions.delete(tx));
}

port.on('message', (message) => {
  switch (message.kind) {
    case 'query':
      if (message.tx) {
        const messages = transactions.get(message.tx);
        if (messages) messages.push(message);
        else port.postMessage({ id: message.id, error: { message: 'transaction is not open' } });
        return;
      }
      db.query(message.text, message.params).then(
        (result) => port.postMessage({ id: message.id, rows: result.rows }),
        (err) => port.postMessage({ id: message.id, error: plainError(err) }),
      );
      return;
    case 'begin':
      begin(message.id);
      return;
    case 'commit':
    case 'rollback': {
      const messages = transactions.get(message.tx);
      if (messages) messages.push(message);
      else port.postMessage({ id: message.id, error: { message: 'transaction is not open' } });
      return;
    }
    case 'close':
      db.close().then(
        () => port.postMessage({ id: message.id, done: true }),
        (err) => port.postMessage({ id: message.id, error: plainError(err) }),
      );
      return;
  }
});

db.waitReady.then(
  () => port.postMessage({ id: 0, done: true }),
  (err) => port.postMessage({ id: 0, error: plainError(err) }),
);
