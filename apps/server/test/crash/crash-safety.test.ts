/**
 * Crash safety: the real server runs as a child process (its own DATA_DIR and port), a storm of
 * concurrent creates and updates goes through HTTP, the process is killed with SIGKILL mid-storm,
 * and it is started again on the same data — a few rounds. Afterwards every write that was
 * acknowledged (a 2xx received) must be there, with its audit row in `user_activities`.
 *
 * Always on PGlite (which also proves a killed process's directory lock is taken over); on
 * PostgreSQL too when DATABASE_URL is set (in a throwaway database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../helpers/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import { newRecordId } from '../../src/tools/security/random';

const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_EMAIL = 'admin@crash.test';
const ADMIN_PASSWORD = 'crash-admin-password-1';
const ROUNDS = 3;
const WORKERS = 8;
/** A first start initialises PGlite's database: slow on a busy machine. */
const STARTUP_TIMEOUT_MS = 300_000;

type Server = { child: ChildProcess; base: string; startMs: number };

/** Starts src/server.ts in one node process (no wrapper process, so SIGKILL hits the server). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const started = Date.now();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      RATE_LIMIT: 'off',
      MFA: 'off',
      LOG: 'off',
      // One process, so that SIGKILL hits the server itself (not a primary with workers).
      WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { child, base, startMs: Date.now() - started };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start in time:\n${output}`);
}

function kill9(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

function stopGracefully(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/collections/employees/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** What the clients were told: created ids, and per record the highest acknowledged update. */
type Acknowledged = { created: Set<string>; updates: Map<string, number>; count: number };

/**
 * Creates and updates projects from WORKERS concurrent clients until the server dies. Each record
 * is updated only by the worker that created it, one request at a time, so the stored value can
 * be compared with the last acknowledged one.
 */
async function storm(
  base: string,
  token: string,
  ack: Acknowledged,
  round: number,
  stop: { dead: boolean },
): Promise<number> {
  let sent = 0;
  const headers = { authorization: token, 'content-type': 'application/json' };
  const worker = async (w: number) => {
    const mine: string[] = [];
    for (let n = 0; !stop.dead; n++) {
      sent += 1;
      try {
        if (mine.length === 0 || n % 3 === 0) {
          const res = await fetch(`${base}/api/collections/projects/records`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title: `Crash r${round} w${w} n${n}`, place: 'u0' }),
          });
          if (res.ok) {
            const { id } = (await res.json()) as { id: string };
            ack.created.add(id);
            ack.count += 1;
            mine.push(id);
          }
        } else {
          const id = mine[n % mine.length];
          const next = (ack.updates.get(id) ?? 0) + 1;
          const res = await fetch(`${base}/api/collections/projects/records/${id}`, {
            method: 'PATCH',
            headers,
            body: JSON.stringify({ place: `u${next}` }),
          });
          if (res.ok) {
            await res.arrayBuffer();
            ack.updates.set(id, next);
            ack.count += 1;
          }
        }
      } catch {
        // The connection died with the server: this write was never acknowledged.
        if (stop.dead) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return sent;
}

type Figures = {
  database: string;
  rounds: number;
  sent: number;
  created: number;
  updated: number;
  /** How long each start took until /api/health answered (the first one creates the database). */
  startSeconds: number[];
};
const figures: Figures[] = [];

async function crashRounds(
  env: Record<string, string>,
  openDb: () => Promise<Database>,
): Promise<void> {
  const ack: Acknowledged = { created: new Set(), updates: new Map(), count: 0 };
  let sent = 0;
  const starts: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await startServer(env);
    starts.push(server.startMs);
    const token = await signIn(server.base);
    const stop = { dead: false };
    const before = ack.count;
    const storming = storm(server.base, token, ack, round, stop);
    // Kill once this round has had some writes acknowledged (however slow the machine is), at a
    // different moment each round, while WORKERS writes are in flight.
    const deadline = Date.now() + 30_000;
    while (ack.count - before < 25 * round && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 37 * round));
    await kill9(server);
    stop.dead = true;
    sent += await storming;
  }
  // Restart once more on the same data: it must come up (PGlite: taking over the stale lock).
  const server = await startServer(env);
  starts.push(server.startMs);
  expect((await fetch(`${server.base}/api/health`)).ok).toBe(true);
  await signIn(server.base);
  await stopGracefully(server);

  const db = await openDb();
  try {
    const ids = [...ack.created];
    const { rows: stored } = await db.query<{ id: string; place: string }>(
      `SELECT "id", "place" FROM "projects" WHERE "id" = ANY($1::text[])`,
      [ids],
    );
    const place = new Map(stored.map((r) => [r.id, r.place]));
    const missing = ids.filter((id) => !place.has(id));
    // An update acknowledged as n leaves n, or a later one that committed as the server died.
    const lostUpdates = [...ack.updates].filter(
      ([id, n]) => Number(String(place.get(id) ?? 'u-1').slice(1)) < n,
    );
    const { rows: audits } = await db.query<{ record: string; action: string; n: number }>(
      `SELECT "record", "action", count(*)::int AS n FROM "user_activities"
       WHERE "collection" = 'projects' AND "record" = ANY($1::text[]) GROUP BY 1, 2`,
      [ids],
    );
    const audited = new Map(audits.map((a) => [`${a.action}:${a.record}`, a.n]));
    const unauditedCreates = ids.filter((id) => !audited.has(`CREATE:${id}`));
    const unauditedUpdates = [...ack.updates].filter(
      ([id, n]) => (audited.get(`UPDATE:${id}`) ?? 0) < n,
    );
    const updated = [...ack.updates.values()].reduce((a, b) => a + b, 0);
    figures.push({
      database: db.kind,
      rounds: ROUNDS,
      sent,
      created: ids.length,
      updated,
      startSeconds: starts.map((ms) => Math.round(ms / 100) / 10),
    });
    console.log(
      `CRASH ${JSON.stringify({ ...figures.at(-1), missing: missing.length, lostUpdates: lostUpdates.length, unauditedCreates: unauditedCreates.length, unauditedUpdates: unauditedUpdates.length })}`,
    );
    expect(ids.length, 'the storm acknowledged creates').toBeGreaterThan(30);
    expect(updated, 'the storm acknowledged updates').toBeGreaterThan(30);
    expect(missing).toEqual([]);
    expect(lostUpdates).toEqual([]);
    expect(unauditedCreates).toEqual([]);
    expect(unauditedUpdates).toEqual([]);
  } finally {
    await db.close();
  }
}

describe('crash safety: kill -9 during a write storm', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it(
    'PGlite: every acknowledged write and its audit row survive',
    { timeout: 900_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bo-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      await crashRounds({ DATA_DIR: dataDir, DATABASE_URL: '' }, () =>
        openPglite(join(dataDir, 'db')),
      );
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: every acknowledged write and its audit row survive',
    { timeout: 900_000 },
    async () => {
      const url = process.env.DATABASE_URL!;
      const name = `crash_${newRecordId()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      const u = new URL(url);
      u.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'bo-crash-pg-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      await crashRounds({ DATA_DIR: dataDir, DATABASE_URL: u.toString() }, () =>
        openPostgres(u.toString(), 2),
      );
    },
  );
});
