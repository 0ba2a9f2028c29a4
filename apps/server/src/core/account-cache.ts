import type { Permission } from '@app/schema';
import type { Database } from '../db/database';
import { newRecordId } from '../tools/security/random';
import type { Row } from './record-export';

/**
 * The signed-in accounts and their permissions, kept in this process so that a request does not
 * read them from the database each time (one round trip of three on a list). PostgreSQL only:
 * with PGlite the lookup never leaves the process.
 *
 * Nothing may act on a stale account or permission once the change has committed:
 * - Every update or delete of an account or a role NOTIFYs `account_changed` from a trigger
 *   (migration 0016), so a change made by any code, in any process, reaches every process.
 * - Each process drops what the change touched (every account for a role) and acknowledges the
 *   transaction's mark on `account_acks`.
 * - The process that committed the change waits (db/database.ts calls `awaitAcknowledged`) until
 *   every live process has acknowledged it, at most ACK_TIMEOUT_MS, before it answers. So once the
 *   answer is sent, no process still holds the old account.
 * - Processes know each other from a heartbeat on `account_peers`; a process whose NOTIFY
 *   connection is lost stops caching until it listens again.
 */

type Entry = { row: Row; permissions: ReadonlySet<Permission>; storedAt: number };

/** How many accounts a process keeps (the least recently used go first). */
const MAX_ENTRIES = 10_000;
/** A safety net only: notifications keep entries right; an entry is read again after this. */
const MAX_AGE_MS = 10 * 60_000;
/** How often a process says it is alive, and how long until a silent one is forgotten. */
const HEARTBEAT_MS = 10_000;
const PEER_TTL_MS = 3 * HEARTBEAT_MS;
/** The longest a change waits for the other processes' acknowledgements. */
const ACK_TIMEOUT_MS = 2_000;

export type AccountCacheStats = { hits: number; misses: number; size: number; peers: number };

export class AccountCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on at every drop: a lookup that began before a drop does not store its result. */
  private generation = 0;
  private listening = false;
  /** This process, as the others know it (core/peer-calls.ts uses it too). */
  readonly processId = newRecordId();
  private readonly peers = new Map<string, number>();
  /** Acknowledgements received, by change mark, kept a little while (they may come first). */
  private readonly acks = new Map<string, { from: Set<string>; at: number }>();
  private readonly waiters = new Set<() => void>();
  private readonly acknowledged = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;
  private hits = 0;
  private misses = 0;

  private constructor(private readonly db: Database) {}

  /** Starts the cache on PostgreSQL; null on PGlite (nothing to save there). */
  static async start(db: Database): Promise<AccountCache | null> {
    if (db.kind !== 'postgres') return null;
    const cache = new AccountCache(db);
    await db.listen('account_changed', (payload) => cache.changed(payload));
    await db.listen('account_acks', (payload) => cache.acknowledgement(payload));
    await db.listen('account_peers', (payload) => cache.peer(payload));
    db.onListening?.((listening) => {
      // Changes may have been missed while the connection was down: start from nothing.
      cache.clear();
      cache.listening = listening;
      if (listening) void cache.announce();
    });
    db.afterAccountChange = (change) => cache.awaitAcknowledged(change);
    cache.listening = true;
    await cache.announce();
    cache.heartbeat = setInterval(() => void cache.announce(), HEARTBEAT_MS);
    cache.heartbeat.unref();
    return cache;
  }

  /** The cache key of an account: its table and id. */
  static key(table: string, id: string): string {
    return `${table}\u0000${id}`;
  }

  /** A copy of the cached account (callers may change their copy), or undefined. */
  get(key: string): { row: Row; permissions: ReadonlySet<Permission> } | undefined {
    const entry = this.listening ? this.entries.get(key) : undefined;
    if (!entry || Date.now() - entry.storedAt > MAX_AGE_MS) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { row: { ...entry.row }, permissions: entry.permissions };
  }

  /** The generation to hand back to `set`, taken before the database is read. */
  begin(): number {
    return this.generation;
  }

  /** Keeps what was read, unless something was dropped since `begin` (it may be older). */
  set(key: string, row: Row, permissions: ReadonlySet<Permission>, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { row: { ...row }, permissions, storedAt: Date.now() });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  stats(): AccountCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      size: this.entries.size,
      peers: this.live().size,
    };
  }

  /** Waits until every live process has dropped what the change touched (see the class). */
  async awaitAcknowledged(change: string): Promise<void> {
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    const done = () => {
      const from = this.acks.get(change)?.from;
      for (const peer of this.live()) if (!from?.has(peer)) return false;
      return true;
    };
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) return; // A process that cannot answer is not serving requests either.
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.listening = false;
    this.db.afterAccountChange = null;
    await this.notify('account_peers', `bye ${this.processId}`).catch(() => {});
  }

  private clear(): void {
    this.entries.clear();
    this.generation++;
  }

  /** The other processes heard from lately. */
  otherProcesses(): Set<string> {
    const others = this.live();
    others.delete(this.processId);
    return others;
  }

  /** This process and the others heard from lately. */
  private live(): Set<string> {
    const now = Date.now();
    const live = new Set<string>(this.listening ? [this.processId] : []);
    for (const [peer, seen] of this.peers) {
      if (now - seen > PEER_TTL_MS) this.peers.delete(peer);
      else live.add(peer);
    }
    return live;
  }

  private async notify(channel: string, payload: string): Promise<void> {
    await this.db.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  private async announce(): Promise<void> {
    await this.notify('account_peers', this.processId).catch(() => {});
  }

  /** `<mark> <table> <id>`: drop the account (every account for a role), then acknowledge. */
  private changed(payload: string): void {
    const [mark, table, id] = payload.split(' ');
    if (!mark || !table || !id) return;
    if (table === 'roles' || id === '*') this.entries.clear();
    else this.entries.delete(AccountCache.key(table, id));
    this.generation++;
    // A change of many rows is acknowledged once.
    if (this.acknowledged.has(mark) || !this.listening) return;
    this.acknowledged.add(mark);
    if (this.acknowledged.size > 1_000) {
      const oldest = this.acknowledged.values().next().value;
      if (oldest !== undefined) this.acknowledged.delete(oldest);
    }
    void this.notify('account_acks', `${mark} ${this.processId}`).catch(() => {});
  }

  private acknowledgement(payload: string): void {
    const [mark, from] = payload.split(' ');
    if (!mark || !from) return;
    const now = Date.now();
    for (const [old, entry] of this.acks) if (now - entry.at > 60_000) this.acks.delete(old);
    const entry = this.acks.get(mark) ?? { from: new Set<string>(), at: now };
    entry.from.add(from);
    this.acks.set(mark, entry);
    for (const wake of [...this.waiters]) wake();
  }

  private peer(payload: string): void {
    if (payload.startsWith('bye ')) {
      this.peers.delete(payload.slice(4));
      for (const wake of [...this.waiters]) wake();
      return;
    }
    if (payload === this.processId) return;
    const known = this.peers.has(payload);
    this.peers.set(payload, Date.now());
    // A process that has just started learns at once who else is there.
    if (!known) void this.announce();
  }
}
