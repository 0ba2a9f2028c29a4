import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * PostgreSQL restarts (a minor upgrade, a failover): every connection ends at once and the port is
 * closed for a moment. The real server (WORKERS=2) reaches the database through a proxy this test
 * cuts, under a steady load of writes; then every session of the database is terminated from
 * inside PostgreSQL as well. No process may die, every request gets an answer (a 503 with a
 * message while the database is away), every acknowledged write is there afterwards, and
 * realtime and the account cache listen again. PostgreSQL only: runs in its pass of .ci/run.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = any;

const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe.runIf(!!process.env.DATABASE_URL)('a PostgreSQL restart', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let server: ChildProcess;
  let port = 0;
  let output = '';
  let database = '';
  /** A session of this test's own, never terminated, to look at the database. */
  let checker: pg.Client;

  beforeAll(async () => {
    t = await startTestApp();
    database = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]
      .name;
    const direct = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const url = new URL(direct);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${database}`;
    checker = new pg.Client({
      connectionString: Object.assign(new URL(direct), { pathname: `/${database}` }).toString(),
    });
    await checker.connect();
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: resolve(__dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: t.config.dataDir,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        RATE_LIMIT: 'off',
        MFA: 'off',
        LOG: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += String(chunk)));
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    await until(
      'the server to start',
      () => {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return output.includes('All 2 server processes are listening.');
      },
      120_000,
    );
  }, 150_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await checker?.end();
    await proxy?.close();
    await t?.stop();
  });

  /** One request on a new connection (so consecutive ones reach either process). */
  function call(
    method: string,
    path: string,
    json?: unknown,
  ): Promise<{ status: number; json: Json }> {
    return new Promise((done, fail) => {
      const headers: Record<string, string> = { authorization: t.adminToken };
      const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
      if (body) headers['content-type'] = 'application/json';
      const req = httpRequest(
        { host: '127.0.0.1', port, method, path, headers, agent: false },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += String(chunk)));
          res.on('end', () =>
            done({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }),
          );
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  }

  /** An event stream subscribed to topics; the titles of the topics it hears created. */
  async function openStream(): Promise<{ titles: string[]; close: () => void }> {
    const titles: string[] = [];
    let req: ReturnType<typeof httpRequest>;
    const clientId = await new Promise<string>((done, fail) => {
      let buffer = '';
      req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/realtime', agent: false },
        (res: IncomingMessage) => {
          res.on('data', (chunk) => {
            buffer += String(chunk);
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const message = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const name = /^event:(.*)$/m.exec(message)?.[1];
              const data = /^data:(.*)$/m.exec(message)?.[1] ?? '';
              if (name === 'PB_CONNECT') done(JSON.parse(data).clientId);
              else if (name === 'blog_topics') titles.push(JSON.parse(data).record.title);
            }
          });
        },
      );
      req.on('error', fail);
      req.end();
    });
    const subscribed = await call('POST', '/api/realtime', {
      clientId,
      subscriptions: ['blog_topics'],
    });
    expect(subscribed.status).toBe(204);
    return { titles, close: () => req.destroy() };
  }

  const terminateEverySession = () =>
    checker.query(
      `SELECT pg_terminate_backend("pid") FROM pg_stat_activity
        WHERE "datname" = $1 AND "pid" <> pg_backend_pid()`,
      [database],
    );

  it('keeps every process up, answers every request and loses no acknowledged write', async () => {
    const stream = await openStream();
    const acknowledged: string[] = [];
    const answers = new Map<number, number>();
    const refusals = new Set<string>();
    const failures: string[] = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        const title = `load ${n++} ${Math.random().toString(36).slice(2, 8)}`;
        try {
          const r = await call('POST', '/api/collections/blog_topics/records', { title });
          answers.set(r.status, (answers.get(r.status) ?? 0) + 1);
          if (r.status === 200) acknowledged.push(r.json.id);
          else refusals.add(`${r.status} ${r.json?.message}`);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    const ackedAfter = async (count: number) => {
      const from = acknowledged.length;
      await until(`${count} acknowledged writes`, () => acknowledged.length >= from + count);
    };

    await ackedAfter(40);
    // The port closed for 1.5 s: a request made meanwhile waits for the database instead of
    // failing.
    const cut = proxy.cut(1_500);
    await until('the port to close', () => proxy.down);
    const waited = call('GET', '/api/collections/blog_topics/records?perPage=1');
    await cut;
    expect((await waited).status).toBe(200);
    await ackedAfter(40);
    // Every session ended from inside PostgreSQL, as an administrator's command does.
    await terminateEverySession();
    await ackedAfter(40);
    writing = false;
    await Promise.all(writers);

    expect(failures).toEqual([]);
    expect(output).not.toMatch(/Worker \d stopped|Unhandled 'error' event/);
    expect([...answers.keys()].every((status) => status === 200 || status === 503)).toBe(true);
    for (const refusal of refusals)
      expect(refusal).toBe('503 The database cannot be reached at the moment. Try again shortly.');
    const { rows } = await checker.query<{ id: string }>(
      `SELECT "id" FROM "blog_topics" WHERE "id" = ANY($1::text[])`,
      [acknowledged],
    );
    expect(rows.length).toBe(acknowledged.length);

    // Both processes listen again: the stream, held by one of them, hears a topic created
    // through either. A lost listener is opened again a second later, and what is notified
    // meanwhile is missed (db/database.ts): while it is not back, a topic may go unheard, so
    // each is made again, under a new title, until the stream hears one (at most eight tries).
    for (const title of ['after the restart one', 'after the restart two']) {
      let heard = '';
      for (let attempt = 1; !heard; attempt++) {
        const named = `${title} (${attempt})`;
        const created = await call('POST', '/api/collections/blog_topics/records', {
          title: named,
        });
        expect(created.status).toBe(200);
        await until(`the event of "${named}"`, () => stream.titles.includes(named), 2_500).then(
          () => (heard = named),
          (error: unknown) => {
            if (attempt === 8) throw error;
          },
        );
      }
    }
    stream.close();
  }, 90_000);

  it('drops the cached accounts when its listener connection comes back', async () => {
    const cache = t.accounts!;
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/collections/blog_topics/records?perPage=1',
        headers: { authorization: t.adminToken },
      });
    expect((await list()).statusCode).toBe(200);
    // The test before ended every session: the cache keeps accounts only once its listener
    // is back, which may take a moment after that test's last answer.
    await until('the cache to keep an account', async () => {
      expect((await list()).statusCode).toBe(200);
      return cache.stats().size > 0;
    });
    const hits = cache.stats().hits;
    await terminateEverySession();
    await until('the cache to be dropped', () => cache.stats().size === 0);
    // Once it listens again it keeps accounts again: a second request is a hit.
    await until('the cache to keep an account again', async () => {
      await list();
      return cache.stats().size > 0;
    });
    expect((await list()).statusCode).toBe(200);
    expect(cache.stats().hits).toBeGreaterThan(hits);
  }, 30_000);

  it('takes an advisory lock again once its session is back', async () => {
    const key = 0x74657374;
    const holders = async () =>
      Number(
        (
          await checker.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a."pid" = l."pid"
              WHERE l."locktype" = 'advisory' AND l."objid" = $1 AND l."granted" AND a."datname" = $2`,
            [key, database],
          )
        ).rows[0].n,
      );
    const lock = await t.db.tryLock(key);
    expect(lock).not.toBeNull();
    expect(await t.db.tryLock(key)).toBeNull();
    const before = (
      await checker.query<{ pid: number }>(
        `SELECT l."pid" FROM pg_locks l WHERE l."locktype" = 'advisory' AND l."objid" = $1`,
        [key],
      )
    ).rows[0].pid;
    await terminateEverySession();
    await until('the lock to be held by a new session', async () => {
      const { rows } = await checker.query<{ pid: number }>(
        `SELECT l."pid" FROM pg_locks l WHERE l."locktype" = 'advisory' AND l."objid" = $1 AND l."granted"`,
        [key],
      );
      return rows.length === 1 && rows[0].pid !== before;
    });
    expect(await t.db.tryLock(key)).toBeNull();
    await lock!.release();
    await until('the lock to be free', async () => (await holders()) === 0);
    const again = await t.db.tryLock(key);
    expect(again).not.toBeNull();
    await again!.release();
  }, 30_000);
});
