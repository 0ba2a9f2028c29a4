import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { freePort } from '../helpers/free-port';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPocketBaseBackup,
  OLD_PASSWORD,
  zipBackup,
} from '../fixtures/pocketbase/build-backup';
import { multipart } from '../helpers/multipart';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * WORKERS=2: the real server (src/server.ts) as two processes on one port, against PostgreSQL.
 * node:cluster hands each new connection to the next process in turn, and every request below
 * opens its own connection, so consecutive requests reach different processes. What one process
 * holds (a realtime client, an import job) must still be reachable from the other.
 * PostgreSQL only (WORKERS needs it): runs in the PostgreSQL pass of .ci/run.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = any;

describe.runIf(!!process.env.DATABASE_URL)('WORKERS=2 on one port', () => {
  let t: TestApp;
  let server: ChildProcess;
  let port = 0;
  let output = '';

  beforeAll(async () => {
    // The database, its migrations and the administrator, made by an app in this process.
    t = await startTestApp();
    const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
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
    const deadline = Date.now() + 120_000;
    while (!output.includes('All 2 server processes are listening.')) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 150_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await t?.stop();
  });

  /** One request on a new connection (so each goes to the next process). */
  function call(
    method: string,
    path: string,
    options: {
      token?: string;
      json?: unknown;
      body?: Buffer;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; json: Json }> {
    return new Promise((done, fail) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = options.token;
      let body = options.body;
      if (options.json !== undefined) {
        body = Buffer.from(JSON.stringify(options.json));
        headers['content-type'] = 'application/json';
      }
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

  /** An event stream on its own connection: its client id, and the events it receives. */
  function openStream(): Promise<{ clientId: string; events: string[]; close: () => void }> {
    return new Promise((done, fail) => {
      const events: string[] = [];
      let buffer = '';
      const req = httpRequest(
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
              if (name === 'PB_CONNECT')
                done({ clientId: JSON.parse(data).clientId, events, close: () => req.destroy() });
              else if (name) events.push(data);
            }
          });
        },
      );
      req.on('error', (err) => {
        if (!events.length) fail(err);
      });
      req.end();
    });
  }

  const peerCalls = async (kind: string) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "_peer_calls" WHERE "kind" = $1`,
        [kind],
      )
    ).rows[0].n;

  it('subscribes a realtime client whichever process the subscription reaches', async () => {
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream()));
    try {
      // Each stream is subscribed twice, on two consecutive connections. Six streams opened at
      // once may take the processes in turn (A B A B A B), and six single subscriptions after them
      // would then meet each stream's own process every time; of two consecutive connections, one
      // reaches the other process. Subscribing again with the same list changes nothing.
      for (const stream of streams) {
        for (let i = 0; i < 2; i++) {
          const answer = await call('POST', '/api/realtime', {
            token: t.adminToken,
            json: { clientId: stream.clientId, subscriptions: ['roles/*'] },
          });
          expect(answer.status).toBe(204);
        }
      }
      // Some subscriptions reached the other process and were handed on.
      expect(await peerCalls('realtime.subscribe')).toBeGreaterThan(0);
      const created = await call('POST', '/api/collections/roles/records', {
        token: t.adminToken,
        json: { title: 'Seen by every stream', permissions: [] },
      });
      expect(created.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (streams.some((s) => s.events.length === 0) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      for (const stream of streams) {
        expect(stream.events).toHaveLength(1);
        expect(JSON.parse(stream.events[0])).toMatchObject({
          action: 'create',
          record: { id: created.json.id, title: 'Seen by every stream' },
        });
      }
      // An id no process holds: 404 from either process, at once.
      for (let i = 0; i < 2; i++) {
        const unknown = await call('POST', '/api/realtime', {
          json: { clientId: 'no-such-client', subscriptions: ['roles/*'] },
        });
        expect(unknown.status).toBe(404);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('refuses, from every process, a permission taken from a role as soon as the change answers', async () => {
    const person = await t.employeeWith(['members.read']);
    const members = () =>
      call('GET', '/api/collections/members/records?perPage=1', { token: person.token });
    const statuses = async () => Promise.all(Array.from({ length: 4 }, () => members()));
    expect((await statuses()).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const { rows } = await t.db.query<{ roles: string[] }>(
      `SELECT "roles" FROM "employees" WHERE "id" = $1`,
      [person.id],
    );
    for (let round = 0; round < 5; round++) {
      const removed = await call('PATCH', `/api/collections/roles/records/${rows[0].roles[0]}`, {
        token: t.adminToken,
        json: { permissions: [] },
      });
      expect(removed.status).toBe(200);
      expect((await statuses()).map((r) => r.status)).toEqual([403, 403, 403, 403]);
      const restored = await call('PATCH', `/api/collections/roles/records/${rows[0].roles[0]}`, {
        token: t.adminToken,
        json: { permissions: ['members.read'] },
      });
      expect(restored.status).toBe(200);
      expect((await statuses()).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    }
  });

  it('runs one backup job at a time across processes, and holds deletions in each while one is made', async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    // Another process (the command line, say) making a backup holds the backup lock.
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [0x626b7570]);
      for (let i = 0; i < 2; i++) {
        const refused = await call('POST', '/api/backups', { token: t.adminToken, json: {} });
        expect(refused.status).toBe(400);
        expect(refused.json.message).toMatch(/another backup or restore is already running/);
      }
      await other.query('SELECT pg_advisory_unlock($1)', [0x626b7570]);
      const made = await call('POST', '/api/backups', { token: t.adminToken, json: {} });
      expect(made.status).toBe(204);
    } finally {
      await other.end();
    }

    // A member with a photo, stored by one of the workers.
    const form = await multipart([
      ['name', 'Held Photo'],
      ['membership_status', 'Active'],
      ['avatar', { filename: 'held.png', data: PNG, type: 'image/png' }],
    ]);
    const member = await call('POST', '/api/collections/members/records', {
      token: t.adminToken,
      body: form.payload,
      headers: form.headers,
    });
    expect(member.status).toBe(200);
    const stored = () => filesNamed(join(t.config.dataDir, 'storage'), member.json.avatar);
    expect(stored()).toHaveLength(1);
    // This process makes a backup: every other process defers its deletions until it is done.
    await t.peers!.tell('storage.hold', 'test-hold');
    const removed = await call('PATCH', `/api/collections/members/records/${member.json.id}`, {
      token: t.adminToken,
      json: { avatar: null },
    });
    expect(removed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(stored()).toHaveLength(1);
    await t.peers!.tell('storage.release', 'test-hold');
    const deadline = Date.now() + 5_000;
    while (stored().length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(stored()).toHaveLength(0);
  });

  it('follows an import job from either process, and imports it from the other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workers-import-'));
    const backup = await buildPocketBaseBackup(join(dir, 'pb_data'));
    const zip = readFileSync(await zipBackup(backup.dir, join(dir, 'pb_backup.zip')));
    const form = await multipart([
      ['file', { filename: 'pb_backup.zip', data: zip, type: 'application/zip' }],
    ]);
    const started = await call('POST', '/api/imports/pocketbase', {
      token: t.adminToken,
      body: form.payload,
      headers: form.headers,
    });
    expect(started.status).toBe(202);
    const id = started.json.id as string;
    const until = async (leaving: string) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        // Two requests in a row: one of them reaches the process that does not run the job.
        const [a, b] = [
          await call('GET', `/api/imports/pocketbase/${id}`, { token: t.adminToken }),
          await call('GET', `/api/imports/pocketbase/${id}`, { token: t.adminToken }),
        ];
        expect([a.status, b.status]).toEqual([200, 200]);
        expect(a.json.id).toBe(id);
        expect(b.json.id).toBe(id);
        if (a.json.state !== leaving && b.json.state !== leaving) return a.json;
        if (Date.now() > deadline) throw new Error(`still ${leaving}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    expect((await until('checking')).state).toBe('checked');
    const confirmations = [
      await call('POST', `/api/imports/pocketbase/${id}/confirm`, { token: t.adminToken }),
      await call('POST', `/api/imports/pocketbase/${id}/confirm`, { token: t.adminToken }),
    ];
    // The first is accepted (by whichever process it reached), the second refused.
    expect(confirmations.map((c) => c.status)).toEqual([202, 409]);
    const done = await until('importing');
    expect(done.state).toBe('done');
    expect(await peerCalls('imports.get')).toBeGreaterThan(0);
    const signIn = await call('POST', '/api/collections/employees/auth-with-password', {
      json: { identity: 'omer@old.org', password: OLD_PASSWORD },
    });
    expect(signIn.status).toBe(200);
  }, 120_000);

  it('runs one of two imports uploaded together to different processes; the other gets 409', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workers-import-'));
    const backup = await buildPocketBaseBackup(join(dir, 'pb_data'));
    const zip = readFileSync(await zipBackup(backup.dir, join(dir, 'pb_backup.zip')));
    const form = await multipart([
      ['file', { filename: 'pb_backup.zip', data: zip, type: 'application/zip' }],
    ]);
    const send = () =>
      call('POST', '/api/imports/pocketbase', {
        token: t.adminToken,
        body: form.payload,
        headers: form.headers,
      });
    // Two connections at once: node:cluster hands them to the two processes.
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const id = answers.find((a) => a.status === 202)!.json.id as string;
    const deadline = Date.now() + 60_000;
    while (
      (await call('GET', `/api/imports/pocketbase/${id}`, { token: t.adminToken })).json.state ===
      'checking'
    ) {
      if (Date.now() > deadline) throw new Error('still checking');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every file under `dir` whose name is `name` (stored files keep their name in a record folder). */
function filesNamed(dir: string, name: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.split('/').at(-1) === name,
  );
}
