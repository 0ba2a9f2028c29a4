import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../src/db/database';

/**
 * PGlite runs in a thread of its own (db/pglite-worker.mjs): its queries leave the event loop free
 * for HTTP work, and the thread behaves as the in-process database did: statements, errors with
 * their codes, transactions that commit or roll back, one transaction at a time.
 */
describe('PGlite in its own thread', () => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    db = await openPglite(join(dir, 'db'), { thread: true });
    await db.query(`CREATE TABLE t (id text PRIMARY KEY, n integer NOT NULL, data bytea)`);
  });

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the event loop free while a long query runs', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    await db.query(`SELECT count(*) FROM generate_series(1, 4000000) g WHERE g % 7 = 3`);
    const took = performance.now() - started;
    clearInterval(timer);
    // The query takes a while on any machine, and the timer kept ticking all along: in the
    // server's own thread it would have waited for the whole query.
    expect(took).toBeGreaterThan(150);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('returns rows with their types, and errors with their codes', async () => {
    await db.query(`INSERT INTO t (id, n, data) VALUES ($1, $2, $3)`, [
      'a',
      1,
      new Uint8Array([1, 2, 3]),
    ]);
    const { rows } = await db.query<{ id: string; n: number; data: Uint8Array }>(
      `SELECT * FROM t WHERE id = $1`,
      ['a'],
    );
    expect(rows).toEqual([{ id: 'a', n: 1, data: new Uint8Array([1, 2, 3]) }]);
    const duplicate = await db.query(`INSERT INTO t (id, n) VALUES ('a', 2)`).catch((e) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(db.query(`SELECT nope FROM t`)).rejects.toMatchObject({ code: '42703' });
  });

  it('commits a transaction, rolls one back on an error, and runs one at a time', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, n) VALUES ('b', 1)`);
      await tx.query(`UPDATE t SET n = n + 1 WHERE id = 'b'`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE t SET n = 100 WHERE id = 'b'`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A failed statement inside: the caller's error, and nothing kept.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE t SET n = 200 WHERE id = 'b'`);
        await tx.query(`INSERT INTO t (id, n) VALUES ('b', 0)`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query(`SELECT n FROM t WHERE id = 'b'`)).rows).toEqual([{ n: 2 }]);

    // A statement sent while a transaction is open waits for it, and sees what it committed.
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`UPDATE t SET n = 3 WHERE id = 'b'`);
      order.push('updated');
      await held;
      order.push('committing');
    });
    await expect.poll(() => order).toEqual(['updated']);
    const read = db.query<{ n: number }>(`SELECT n FROM t WHERE id = 'b'`).then((r) => {
      order.push('read');
      return r.rows[0].n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await read).toBe(3);
    expect(order).toEqual(['updated', 'committing', 'read']);
  });

  it('refuses queries once closed, and keeps what was written on disk', async () => {
    const again = join(dir, 'again');
    const first = await openPglite(again, { thread: true });
    await first.query(`CREATE TABLE kept (v text)`);
    await first.query(`INSERT INTO kept VALUES ('still here')`);
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow();
    const second = await openPglite(again, { thread: true });
    try {
      expect((await second.query(`SELECT v FROM kept`)).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await second.close();
    }
  });
});
