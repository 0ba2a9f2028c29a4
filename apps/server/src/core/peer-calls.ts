import type { Database } from '../db/database';
import type { AccountCache } from './account-cache';

/**
 * Questions one server process asks the others, when a request needs something only another
 * process holds (WORKERS): the realtime client a subscription is for, an import job, a hold on
 * file deletions. PostgreSQL only; with one process there is nobody to ask.
 *
 * A call is a row of `_peer_calls` (its payload may be large) announced on `peer_calls`. Every
 * other live process runs its handler for the kind and answers on `peer_replies`: with a result,
 * stored in the row, or with "not mine" (the handler returned undefined). `ask` returns the first
 * result; `tell` waits until every process has answered. Neither waits past CALL_TIMEOUT_MS for a
 * process that has stopped answering.
 */

/** Answers the caller; undefined means "not mine". The result must be JSON. */
export type PeerHandler = (payload: unknown) => Promise<unknown> | unknown;

const CALLS = 'peer_calls';
const REPLIES = 'peer_replies';
/**
 * The longest a call waits for a process that has not answered. A live process answers in
 * milliseconds, but a loaded one may take a while; only a process that stopped without saying so
 * makes a caller wait this long.
 */
const CALL_TIMEOUT_MS = 5_000;
/** Calls are answered within seconds; older rows are deleted now and then. */
const CLEANUP_EVERY_MS = 30_000;

type Pending = {
  waitingFor: Set<string>;
  /** Set once a process has answered with a result (stored in the row). */
  answered: boolean;
  wake: () => void;
};

export class PeerCalls {
  private readonly handlers = new Map<string, PeerHandler>();
  private readonly pending = new Map<string, Pending>();
  private lastCleanup = 0;

  private constructor(
    private readonly db: Database,
    private readonly peers: AccountCache,
  ) {}

  /** Listens for calls on PostgreSQL; null on PGlite (one process). */
  static async start(db: Database, peers: AccountCache | null): Promise<PeerCalls | null> {
    if (db.kind !== 'postgres' || !peers) return null;
    const calls = new PeerCalls(db, peers);
    await db.listen(CALLS, (payload) => void calls.received(payload));
    await db.listen(REPLIES, (payload) => calls.replied(payload));
    return calls;
  }

  /** Handles `kind` for the other processes. */
  on(kind: string, handler: PeerHandler): void {
    this.handlers.set(kind, handler);
  }

  /** The first result another process gives, or undefined when none holds what was asked. */
  async ask<T>(kind: string, payload: unknown): Promise<T | undefined> {
    const id = await this.send(kind, payload, (pending) => pending.answered);
    if (id === null) return undefined;
    const { rows } = await this.db.query<{ reply: T | null }>(
      `SELECT "reply" FROM "_peer_calls" WHERE "id" = $1`,
      [id],
    );
    return rows[0]?.reply ?? undefined;
  }

  /** Tells every other process, and waits until each has answered. */
  async tell(kind: string, payload: unknown): Promise<void> {
    await this.send(kind, payload, () => false);
  }

  /** Writes and announces a call; resolves with its id once `done` or every process answered. */
  private async send(
    kind: string,
    payload: unknown,
    done: (pending: Pending) => boolean,
  ): Promise<string | null> {
    const others = this.peers.otherProcesses();
    if (others.size === 0) return null;
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO "_peer_calls" ("kind", "payload") VALUES ($1, $2::jsonb) RETURNING "id"::text`,
      [kind, JSON.stringify(payload)],
    );
    const id = rows[0].id;
    let wake = () => {};
    const pending: Pending = { waitingFor: others, answered: false, wake: () => wake() };
    this.pending.set(id, pending);
    try {
      const finished = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CALL_TIMEOUT_MS);
        wake = () => {
          if (!done(pending) && pending.waitingFor.size > 0) return;
          clearTimeout(timer);
          resolve();
        };
      });
      await this.db.query(`SELECT pg_notify($1, $2)`, [CALLS, `${id} ${this.peers.processId}`]);
      await finished;
    } finally {
      this.pending.delete(id);
    }
    await this.cleanup();
    return pending.answered ? id : null;
  }

  /** `<id> <caller>`: runs the handler and answers. */
  private async received(message: string): Promise<void> {
    const [id, caller] = message.split(' ');
    if (!id || !caller || !/^\d{1,19}$/.test(id) || caller === this.peers.processId) return;
    let answer = '0';
    try {
      const { rows } = await this.db.query<{ kind: string; payload: unknown }>(
        `SELECT "kind", "payload" FROM "_peer_calls" WHERE "id" = $1`,
        [id],
      );
      const handler = rows[0] && this.handlers.get(rows[0].kind);
      const result = handler ? await handler(rows[0].payload) : undefined;
      if (result !== undefined) {
        await this.db.query(`UPDATE "_peer_calls" SET "reply" = $2::jsonb WHERE "id" = $1`, [
          id,
          JSON.stringify(result),
        ]);
        answer = '1';
      }
    } catch {
      // A handler that fails answers "not mine": the caller then acts as if nobody held it.
    }
    await this.db
      .query(`SELECT pg_notify($1, $2)`, [REPLIES, `${id} ${this.peers.processId} ${answer}`])
      .catch(() => {});
  }

  /** `<id> <process> <0|1>` */
  private replied(message: string): void {
    const [id, from, answer] = message.split(' ');
    const pending = id ? this.pending.get(id) : undefined;
    if (!pending || !from) return;
    pending.waitingFor.delete(from);
    if (answer === '1') pending.answered = true;
    pending.wake();
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    await this.db
      .query(`DELETE FROM "_peer_calls" WHERE "created" < now() - interval '1 minute'`)
      .catch(() => {});
  }
}
