/**
 * A bucket that refuses: a wrong key, a bucket that does not exist, an S3 server that is down.
 * An upload is answered 503 with a message in words, the record is not written (no row, no file
 * left behind), and the server goes on answering reads; a download from a bucket that has gone
 * away is a 503 too, not a hanging request.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/errors';
import type { S3Settings } from '../../src/tools/filesystem/s3-storage';
import { freePort } from '../helpers/free-port';
import { multipart } from '../helpers/multipart';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { startTestApp, type TestApp } from '../helpers/test-app';

const REFUSED = { data: {}, message: MESSAGES.storage, status: 503 };

let s3: S3Server;
let png: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  await s3.createBucket('files');
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s3?.stop();
});

async function createUser(t: TestApp, email: string) {
  const { payload, headers } = await multipart([
    ['name', 'Refused upload'],
    ['email', email],
    ['password', 'user-password-1'],
    ['passwordConfirm', 'user-password-1'],
    ['status', 'ACTIVE'],
    ['avatar', { filename: 'face.png', data: png, type: 'image/png' }],
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/collections/users/records',
    payload,
    headers: { ...headers, authorization: t.adminToken },
  });
}

describe.each<[string, () => Promise<S3Settings>]>([
  ['a wrong access key', async () => ({ ...s3.settings('files'), accessKeyId: 'WRONG' })],
  ['a bucket that does not exist', async () => s3.settings('no-such-bucket')],
  [
    'an S3 server that is down',
    async () => ({ ...s3.settings('files'), endpoint: `http://127.0.0.1:${await freePort()}` }),
  ],
])('%s', (_name, settingsOf) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ s3: await settingsOf() });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers an upload 503 in words and writes no record', async () => {
    const email = `refused.${Date.now()}@test.local`;
    const res = await createUser(t, email);
    expect([res.statusCode, res.json()]).toEqual([503, REFUSED]);
    expect(res.headers['retry-after']).toBe('5');
    const { rows } = await t.db.query(`SELECT "id" FROM "users" WHERE "email" = $1`, [email]);
    expect(rows).toEqual([]);
  });

  it('goes on answering reads', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/collections/users/records',
      headers: { authorization: t.adminToken },
    });
    expect(list.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('a bucket that goes away after the upload', () => {
  let t: TestApp;
  let other: S3Server;
  beforeAll(async () => {
    other = await startS3Server();
    await other.createBucket('files');
    t = await startTestApp({ s3: other.settings('files') });
  });
  afterAll(async () => {
    await t?.stop();
    await other?.stop().catch(() => {});
  });

  it('serves the file while it is there, then answers 503 and keeps serving records', async () => {
    const created = await createUser(t, `gone.${Date.now()}@test.local`);
    expect(created.statusCode, created.body).toBe(200);
    const { id, avatar } = created.json<{ id: string; avatar: string }>();
    const url = `/api/files/users/${id}/${avatar}`;
    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.rawPayload.equals(png)]).toEqual([200, true]);

    await other.stop();
    const refused = await t.app.inject({ method: 'GET', url });
    expect([refused.statusCode, refused.json()]).toEqual([503, REFUSED]);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/collections/users/records/${id}`,
      headers: { authorization: t.adminToken },
    });
    expect([record.statusCode, record.json<{ avatar: string }>().avatar]).toEqual([200, avatar]);
  });
});
