/**
 * `Idempotency-Key` on record creates, updates (with files) and batches: a retry with the same
 * key by the same account gets the first answer back and writes nothing; another request under a
 * used key is refused; keys belong to one account and expire. Concurrent retries are sent over
 * real HTTP connections at once: run with `DATABASE_URL` for PostgreSQL's many connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { newRecordId } from '../../src/tools/security/random';
import { startCompatApp, type CompatApp } from '../compat/sdk-harness';

type Json = Record<string, unknown>;

let t: CompatApp;
let png: Buffer;

const key = () => `key-${newRecordId()}`;

async function count(table: string, where: string, params: unknown[]): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`,
    params,
  );
  return rows[0].n;
}

function send(
  method: string,
  path: string,
  body: FormData | Json,
  headers: Record<string, string> = {},
  token: string = t.adminToken,
): Promise<Response> {
  const json = !(body instanceof FormData);
  return fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      authorization: token,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(body) : body,
  });
}

/** Another signed-in account holding every permission of the administrator's role. */
async function secondAdmin(): Promise<string> {
  const email = `second.${newRecordId()}@test.local`;
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT "id" FROM "roles" WHERE "title" = 'Administrator'`,
  );
  const made = await send('POST', '/api/collections/users/records', {
    name: 'Second admin',
    email,
    password: 'user-password-1',
    passwordConfirm: 'user-password-1',
    status: 'ACTIVE',
    roles: [rows[0].id],
  });
  expect(made.status, await made.clone().text()).toBe(200);
  const auth = await fetch(`${t.baseUrl}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password: 'user-password-1' }),
  });
  expect(auth.status).toBe(200);
  return ((await auth.json()) as { token: string }).token;
}

beforeAll(async () => {
  t = await startCompatApp();
  png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('Idempotency-Key on a create', () => {
  it('writes once and answers a retry with the first answer', async () => {
    const k = key();
    const title = `Field role ${k}`;
    const first = await send(
      'POST',
      '/api/collections/roles/records',
      { title },
      { 'Idempotency-Key': k },
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = (await first.json()) as Json;
    const again = await send(
      'POST',
      '/api/collections/roles/records',
      { title },
      { 'Idempotency-Key': k },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(created);
    expect(await count('roles', '"title" = $1', [title])).toBe(1);
  });

  it("refuses the same key on another request, in the asker's language", async () => {
    const k = key();
    const ok = await send(
      'POST',
      '/api/collections/roles/records',
      { title: `A ${k}` },
      { 'Idempotency-Key': k },
    );
    expect(ok.status).toBe(200);
    const other = await send(
      'POST',
      '/api/collections/roles/records',
      { title: `B ${k}` },
      { 'Idempotency-Key': k },
    );
    expect(other.status).toBe(422);
    expect(((await other.json()) as Json).message).toBe(
      'This Idempotency-Key was already used for a different request; send a new key for a new change.',
    );
    const arabic = await send(
      'POST',
      '/api/collections/roles/records',
      { title: `B ${k}` },
      { 'Idempotency-Key': k, 'Accept-Language': 'ar' },
    );
    expect(arabic.status).toBe(422);
    expect(((await arabic.json()) as Json).message).toContain('استُعمل مفتاح Idempotency-Key');
    expect(await count('roles', '"title" = $1', [`B ${k}`])).toBe(0);
  });

  it('refuses a malformed key', async () => {
    const res = await send(
      'POST',
      '/api/collections/roles/records',
      { title: 'Bad key role' },
      {
        'Idempotency-Key': 'x'.repeat(256),
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).message).toMatch(/1 to 255 visible ASCII/);
    expect(await count('roles', '"title" = $1', ['Bad key role'])).toBe(0);
  });

  it('keeps no key for a refused write, so the fixed request can be sent with it', async () => {
    const k = key();
    const refused = await send(
      'POST',
      '/api/collections/roles/records',
      { title: '' },
      { 'Idempotency-Key': k },
    );
    expect(refused.status).toBe(400);
    expect(await count('_idempotency_keys', '"key" = $1', [k])).toBe(0);
    const again = await send(
      'POST',
      '/api/collections/roles/records',
      { title: '' },
      { 'Idempotency-Key': k },
    );
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it("keeps one account's keys apart from another's", async () => {
    const other = await secondAdmin();
    const k = key();
    const mine = await send(
      'POST',
      '/api/collections/roles/records',
      { title: `Mine ${k}` },
      { 'Idempotency-Key': k },
    );
    expect(mine.status).toBe(200);
    // The same key from another account is its own: a new write, not this account's answer.
    const theirs = await send(
      'POST',
      '/api/collections/roles/records',
      { title: `Mine ${k}` },
      { 'Idempotency-Key': k },
      other,
    );
    expect(theirs.status).toBe(400); // the title is taken: it tried to write
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('lets an expired key be used again', async () => {
    const k = key();
    const title = `Expiring ${k}`;
    expect(
      (await send('POST', '/api/collections/roles/records', { title }, { 'Idempotency-Key': k }))
        .status,
    ).toBe(200);
    await t.db.query(
      `UPDATE "_idempotency_keys" SET "expires" = now() - interval '1 second' WHERE "key" = $1`,
      [k],
    );
    const after = await send(
      'POST',
      '/api/collections/roles/records',
      { title: `${title} 2` },
      { 'Idempotency-Key': k },
    );
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('_idempotency_keys', '"key" = $1', [k])).toBe(1);
  });
});

describe('Idempotency-Key with files and updates', () => {
  it('uploads a file once for a retried multipart create', async () => {
    const k = key();
    const email = `files.${newRecordId()}@test.local`;
    const form = () => {
      const f = new FormData();
      f.append('name', 'Photo person');
      f.append('email', email);
      f.append('password', 'user-password-1');
      f.append('passwordConfirm', 'user-password-1');
      f.append('status', 'ACTIVE');
      f.append('avatar', new Blob([png], { type: 'image/png' }), 'face.png');
      return f;
    };
    const first = await send('POST', '/api/collections/users/records', form(), {
      'Idempotency-Key': k,
    });
    expect(first.status).toBe(200);
    const again = await send('POST', '/api/collections/users/records', form(), {
      'Idempotency-Key': k,
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const created = (await first.json()) as Json;
    expect(await again.json()).toEqual(created);
    expect(await count('users', '"email" = $1', [email])).toBe(1);
    // Another photo under the same key is another request.
    const changed = form();
    changed.set(
      'avatar',
      new Blob([Buffer.concat([png, Buffer.from([0])])], { type: 'image/png' }),
      'face.png',
    );
    const refused = await send('POST', '/api/collections/users/records', changed, {
      'Idempotency-Key': k,
    });
    expect(refused.status).toBe(422);
  });

  it('tells two large uploads apart by their whole content, not their first bytes', async () => {
    // Above 1 MB an upload waits in a scratch file; its fingerprint must read all of it.
    const k = key();
    const email = `large.${newRecordId()}@test.local`;
    const photo = (last: number) =>
      Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024), Buffer.from([last])]);
    const form = (last: number) => {
      const f = new FormData();
      f.append('name', 'Large photo person');
      f.append('email', email);
      f.append('password', 'user-password-1');
      f.append('passwordConfirm', 'user-password-1');
      f.append('status', 'ACTIVE');
      f.append('avatar', new Blob([photo(last)], { type: 'image/png' }), 'large.png');
      return f;
    };
    const first = await send('POST', '/api/collections/users/records', form(1), {
      'Idempotency-Key': k,
    });
    expect(first.status).toBe(200);
    const again = await send('POST', '/api/collections/users/records', form(1), {
      'Idempotency-Key': k,
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const changed = await send('POST', '/api/collections/users/records', form(2), {
      'Idempotency-Key': k,
    });
    expect(changed.status).toBe(422);
    expect(await count('users', '"email" = $1', [email])).toBe(1);
  });

  it('answers a retried update with the first answer, not a second change', async () => {
    const made = await send('POST', '/api/collections/roles/records', { title: `Upd ${key()}` });
    const { id } = (await made.json()) as { id: string };
    const k = key();
    const first = await send(
      'PATCH',
      `/api/collections/roles/records/${id}`,
      { description: 'first' },
      { 'Idempotency-Key': k },
    );
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as Json;
    // Someone changes it meanwhile; the retry still answers what the first update returned.
    await send('PATCH', `/api/collections/roles/records/${id}`, { description: 'meanwhile' });
    const again = await send(
      'PATCH',
      `/api/collections/roles/records/${id}`,
      { description: 'first' },
      { 'Idempotency-Key': k },
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await count('roles', '"id" = $1 AND "description" = $2', [id, 'meanwhile'])).toBe(1);
  });
});

describe('Idempotency-Key on a batch', () => {
  it('runs a retried batch once', async () => {
    const k = key();
    const body = {
      requests: [
        { method: 'POST', url: '/api/collections/roles/records', body: { title: `Batch A ${k}` } },
        { method: 'POST', url: '/api/collections/roles/records', body: { title: `Batch B ${k}` } },
      ],
    };
    const first = await send('POST', '/api/batch', body, { 'Idempotency-Key': k });
    expect(first.status).toBe(200);
    const again = await send('POST', '/api/batch', body, { 'Idempotency-Key': k });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await count('roles', '"title" LIKE $1', [`Batch _ ${k}`])).toBe(2);
  });
});

describe('concurrent retries with one key', () => {
  it('write exactly one record', async () => {
    for (let round = 0; round < 5; round += 1) {
      const k = key();
      // Project titles need not be unique: without the key, each request would write one.
      const title = `Race ${k}`;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          send('POST', '/api/collections/projects/records', { title }, { 'Idempotency-Key': k }),
        ),
      );
      const bodies = await Promise.all(answers.map((a) => a.json() as Promise<Json>));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(
        7,
      );
      expect(await count('projects', '"title" = $1', [title])).toBe(1);
    }
  });
});
