/**
 * Two machines: the real server (src/server.ts) as two child processes, each with its own
 * DATA_DIR, on one PostgreSQL database and one S3 server (files and backups in buckets), as
 * docs/scaling.md describes "Servers on several machines". A file uploaded through one is
 * downloaded (whole, and a Range of it) through the other; a realtime subscriber on one receives
 * a change made through the other; a permission taken from a role through one is refused by the
 * other as soon as the change answers; a backup made by one is listed and restored by the other.
 * PostgreSQL only (PGlite belongs to one process): runs in the PostgreSQL pass of .ci/run.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { openTestDatabase } from '../helpers/test-app';
import type { Database } from '../../src/db/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = any;

const ADMIN_EMAIL = 'admin@two.test';
const ADMIN_PASSWORD = 'two-servers-password-1';

describe.runIf(!!process.env.DATABASE_URL)('two server processes, one database, one bucket', () => {
  let s3: S3Server;
  let db: Database;
  let drop: () => Promise<void>;
  let one: ServerProcess;
  let two: ServerProcess;
  const dirs: string[] = [];
  let photo: Buffer;

  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket('files');
    await s3.createBucket('backups');
    ({ db, drop } = await openTestDatabase());
    const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'bo-machine-'));
      dirs.push(dir);
      return {
        DATABASE_URL: url.toString(),
        DATA_DIR: dir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        BACKUPS_S3_BUCKET: 'backups',
      };
    };
    // The first migrates the database and creates the administrator; the second finds them.
    one = await startServerProcess(env());
    two = await startServerProcess(env());
    // Noise does not compress: a photo of some 190 KB, so a Range is a real part of it.
    photo = await sharp(
      Buffer.from(Array.from({ length: 250 * 250 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 250, height: 250, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
  }, 240_000);

  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await drop?.();
    await s3?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function call(
    server: ServerProcess,
    method: string,
    path: string,
    options: {
      token?: string;
      json?: unknown;
      body?: Buffer;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; json: Json; headers: Headers; bytes: Buffer }> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    let body: Buffer | string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${server.url}${path}`, { method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      headers: res.headers,
      bytes,
      json: type.includes('json') && bytes.length ? JSON.parse(String(bytes)) : null,
    };
  }

  async function signIn(server: ServerProcess, identity = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
    const res = await call(server, 'POST', '/api/collections/employees/auth-with-password', {
      json: { identity, password },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.token as string;
  }

  async function createMember(server: ServerProcess, token: string, name: string) {
    const form = await multipart([
      ['name', name],
      ['membership_status', 'Active'],
      ['avatar', { filename: 'photo.png', data: photo, type: 'image/png' }],
    ]);
    const res = await call(server, 'POST', '/api/collections/members/records', {
      token,
      body: form.payload,
      headers: form.headers,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { id: string; collectionId: string; avatar: string };
  }

  let member: { id: string; collectionId: string; avatar: string };

  it('downloads through one, whole and by Range, the file uploaded through the other', async () => {
    const token = await signIn(one);
    member = await createMember(one, token, 'Uploaded on one');
    // In the bucket, on neither machine's disk.
    for (const dir of dirs)
      expect(existsSync(join(dir, 'storage', member.collectionId))).toBe(false);
    const path = `/api/files/members/${member.id}/${member.avatar}`;
    const fileToken = (await call(two, 'POST', '/api/files/token', { token: await signIn(two) }))
      .json.token as string;
    const url = `${path}?token=${fileToken}`;

    const whole = await call(two, 'GET', url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(photo)).toBe(true);
    const fromOne = await call(one, 'GET', url);
    for (const header of ['content-type', 'content-length', 'last-modified', 'accept-ranges'])
      expect([header, whole.headers.get(header)]).toEqual([header, fromOne.headers.get(header)]);

    const start = 100_000;
    const end = 150_000;
    const part = await call(two, 'GET', url, { headers: { range: `bytes=${start}-${end}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${photo.length}`);
    expect(part.bytes.equals(photo.subarray(start, end + 1))).toBe(true);
    const thumb = await call(two, 'GET', `${url}&thumb=100x100`);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(100);
  });

  it('delivers to a realtime subscriber on one a change made through the other', async () => {
    const token = await signIn(two);
    const abort = new AbortController();
    const stream = await fetch(`${two.url}/api/realtime`, { signal: abort.signal });
    const reader = stream.body!.getReader();
    const events: Array<{ name: string; data: Json }> = [];
    let buffer = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += Buffer.from(value!).toString();
        let at;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const name = /^event:(.*)$/m.exec(message)?.[1];
          if (name)
            events.push({ name, data: JSON.parse(/^data:(.*)$/m.exec(message)?.[1] ?? '{}') });
        }
      }
    })();
    try {
      await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(events[0].name).toBe('PB_CONNECT');
      const subscribed = await call(two, 'POST', '/api/realtime', {
        token,
        json: { clientId: events[0].data.clientId, subscriptions: ['members/*'] },
      });
      expect(subscribed.status).toBe(204);

      const created = await createMember(one, await signIn(one), 'Seen on two');
      await expect
        .poll(() => events.filter((e) => e.name === 'members/*').length, { timeout: 10_000 })
        .toBe(1);
      expect(events.find((e) => e.name === 'members/*')!.data).toMatchObject({
        action: 'create',
        record: { id: created.id, name: 'Seen on two', avatar: created.avatar },
      });
    } finally {
      abort.abort();
      await reading;
    }
  });

  it('refuses on one a permission taken from a role through the other, as soon as the change answers', async () => {
    const admin = await signIn(one);
    const role = await call(one, 'POST', '/api/collections/roles/records', {
      token: admin,
      json: { title: 'Reads members', permissions: ['members.read'] },
    });
    expect(role.status).toBe(200);
    const person = await call(one, 'POST', '/api/collections/employees/records', {
      token: admin,
      json: {
        name: 'Reader Two',
        email: 'reader@two.test',
        password: 'reader-password-1',
        passwordConfirm: 'reader-password-1',
        employment_status: 'Active',
        roles: [role.json.id],
      },
    });
    expect(person.status, JSON.stringify(person.json)).toBe(200);
    const reader = await signIn(two, 'reader@two.test', 'reader-password-1');
    const read = () =>
      call(two, 'GET', '/api/collections/members/records?perPage=1', { token: reader });
    // Read twice, so the second is answered from two's account cache.
    expect([(await read()).status, (await read()).status]).toEqual([200, 200]);
    for (let round = 0; round < 3; round++) {
      const taken = await call(one, 'PATCH', `/api/collections/roles/records/${role.json.id}`, {
        token: admin,
        json: { permissions: [] },
      });
      expect(taken.status).toBe(200);
      expect((await read()).status).toBe(403);
      const given = await call(one, 'PATCH', `/api/collections/roles/records/${role.json.id}`, {
        token: admin,
        json: { permissions: ['members.read'] },
      });
      expect(given.status).toBe(200);
      expect((await read()).status).toBe(200);
    }
  });

  it('lists and restores through one the backup made by the other', async () => {
    const adminOne = await signIn(one);
    const made = await call(one, 'POST', '/api/backups', {
      token: adminOne,
      json: { name: 'made-on-one.zip' },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(204);
    // Kept in the bucket: neither machine has it on its disk.
    for (const dir of dirs) {
      const local = join(dir, 'backups');
      expect(existsSync(local) ? readdirSync(local).filter((f) => f.endsWith('.zip')) : []).toEqual(
        [],
      );
    }
    const adminTwo = await signIn(two);
    const listed = await call(two, 'GET', '/api/backups', { token: adminTwo });
    expect(listed.json.map((b: { key: string }) => b.key)).toEqual(['made-on-one.zip']);

    // After the backup: a member added, and the first one deleted (its file leaves the bucket).
    await createMember(one, adminOne, 'Added after the backup');
    expect(
      (
        await call(one, 'DELETE', `/api/collections/members/records/${member.id}`, {
          token: adminOne,
        })
      ).status,
    ).toBe(204);
    const path = `/api/files/members/${member.id}/${member.avatar}`;
    const gone = await call(
      two,
      'GET',
      `${path}?token=${(await call(two, 'POST', '/api/files/token', { token: adminTwo })).json.token}`,
    );
    expect(gone.status).toBe(404);

    const restored = await call(two, 'POST', '/api/backups/made-on-one.zip/restore', {
      token: adminTwo,
    });
    expect(restored.status, JSON.stringify(restored.json)).toBe(204);

    // Everyone signs in again after a restore, on either machine.
    expect(
      (await call(one, 'GET', '/api/collections/members/records', { token: adminOne })).status,
    ).toBe(401);
    const again = await signIn(one);
    const names = (
      await call(one, 'GET', '/api/collections/members/records?perPage=50&sort=name', {
        token: again,
      })
    ).json.items.map((m: { name: string }) => m.name);
    expect(names).toContain('Uploaded on one');
    expect(names).not.toContain('Added after the backup');
    const fileToken = (await call(one, 'POST', '/api/files/token', { token: again })).json.token;
    const back = await call(one, 'GET', `${path}?token=${fileToken}`);
    expect([back.status, back.bytes.equals(photo)]).toEqual([200, true]);
  });

  it('goes on through one with an upload begun through the other, and a record names it there', async () => {
    const tokenOne = await signIn(one);
    const tokenTwo = await signIn(two);
    const begun = await call(one, 'POST', '/api/uploads', {
      token: tokenOne,
      json: { filename: 'avatar.png', size: photo.length, type: 'image/png' },
    });
    expect(begun.status, JSON.stringify(begun.json)).toBe(200);
    const id = begun.json.id as string;
    const half = Math.floor(photo.length / 2);
    const piece = (server: ServerProcess, token: string, from: number, to: number) =>
      call(server, 'PATCH', `/api/uploads/${id}`, {
        token,
        body: photo.subarray(from, to),
        headers: {
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(from),
        },
      });
    expect((await piece(one, tokenOne, 0, half)).status).toBe(200);
    // The other process knows how far it came, and refuses the first half again.
    const seen = await call(two, 'GET', `/api/uploads/${id}`, { token: tokenTwo });
    expect(seen.json.offset).toBe(half);
    expect((await piece(two, tokenTwo, 0, half)).status).toBe(409);
    expect((await piece(two, tokenTwo, half, photo.length)).status).toBe(200);
    const made = await call(two, 'POST', '/api/collections/members/records', {
      token: tokenTwo,
      json: {
        name: 'Uploaded in pieces',
        membership_status: 'Active',
        '@uploads': { avatar: [id] },
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const file = await call(
      one,
      'GET',
      `/api/files/${made.json.collectionId}/${made.json.id}/${made.json.avatar}`,
      { token: tokenOne },
    );
    expect(file.status).toBe(200);
    expect(file.bytes.equals(photo)).toBe(true);
  });
});
