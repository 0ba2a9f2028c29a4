/**
 * Files and backups in buckets (S3_*, BACKUPS_S3_*), shared by two servers with their own
 * DATA_DIR on one database: a file uploaded through one is downloaded through the other; a
 * backup made by one is listed, downloaded, uploaded again, restored and deleted through the
 * other; and a server on a new machine (new database, new DATA_DIR, the same buckets) restores it
 * with its files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { multipart } from '../helpers/multipart';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

let s3: S3Server;
let first: TestApp;
let second: BuiltApp;
let secondDir: string;
let png: Buffer;

const buckets = () => ({ s3: s3.settings('files'), backupsS3: s3.settings('backups') });

beforeAll(async () => {
  s3 = await startS3Server();
  await s3.createBucket('files');
  await s3.createBucket('backups');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  first = await startTestApp(buckets());
  secondDir = mkdtempSync(join(tmpdir(), 'bo-second-'));
  second = await buildApp({ ...first.config, dataDir: secondDir }, { db: first.db });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.stop();
  rmSync(secondDir, { recursive: true, force: true });
  await s3?.stop();
});

async function call(app: BuiltApp, method: string, url: string, body?: unknown) {
  return app.app.inject({
    method: method as 'GET',
    url,
    payload: body as Record<string, unknown>,
    headers: { authorization: first.adminToken },
  });
}

let record: { id: string; avatar: string };

describe('two servers, one database, one bucket', () => {
  it('serves through one the file uploaded through the other', async () => {
    const { payload, headers } = await multipart([
      ['name', 'Shared file'],
      ['email', `shared.${Date.now()}@test.local`],
      ['password', 'user-password-1'],
      ['passwordConfirm', 'user-password-1'],
      ['status', 'ACTIVE'],
      ['avatar', { filename: 'shared.png', data: png, type: 'image/png' }],
    ]);
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/collections/users/records',
      payload,
      headers: { ...headers, authorization: first.adminToken },
    });
    expect(created.statusCode, created.body).toBe(200);
    record = created.json();
    const res = await call(second, 'GET', `/api/files/users/${record.id}/${record.avatar}`);
    expect([res.statusCode, res.rawPayload.equals(png)]).toEqual([200, true]);
    const thumb = await call(
      second,
      'GET',
      `/api/files/users/${record.id}/${record.avatar}?thumb=100x100`,
    );
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(100);
  });

  it('lists, downloads, restores and deletes through one the backup made by the other', async () => {
    const made = await call(first, 'POST', '/api/backups', { name: 'shared.zip' });
    expect(made.statusCode, made.body).toBe(204);
    const listed = await call(second, 'GET', '/api/backups');
    expect(listed.json<Array<{ key: string }>>().map((b) => b.key)).toEqual(['shared.zip']);

    const token = (await call(second, 'POST', '/api/files/token')).json<{ token: string }>().token;
    const download = await second.app.inject({
      method: 'GET',
      url: `/api/backups/shared.zip?token=${token}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // Uploaded again under another name, through the other server.
    const { payload, headers } = await multipart([
      ['file', { filename: 'again.zip', data: download.rawPayload, type: 'application/zip' }],
    ]);
    const uploaded = await second.app.inject({
      method: 'POST',
      url: '/api/backups/upload',
      payload,
      headers: { ...headers, authorization: first.adminToken },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(204);

    expect((await call(second, 'DELETE', '/api/backups/again.zip')).statusCode).toBe(204);
    const after = await call(first, 'GET', '/api/backups');
    expect(after.json<Array<{ key: string }>>().map((b) => b.key)).toEqual(['shared.zip']);

    // The record is deleted (its file with it), then the backup brings both back.
    expect(
      (await call(first, 'DELETE', `/api/collections/users/records/${record.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(second, 'GET', `/api/files/users/${record.id}/${record.avatar}`)).statusCode,
    ).toBe(404);
    const restored = await call(second, 'POST', '/api/backups/shared.zip/restore');
    expect(restored.statusCode, restored.body).toBe(204);
    // Everyone signs in again after a restore; a file needs no token.
    const back = await call(first, 'GET', `/api/files/users/${record.id}/${record.avatar}`);
    expect([back.statusCode, back.rawPayload.equals(png)]).toEqual([200, true]);
  });
});

describe('a new machine', () => {
  it('restores the backup from the bucket with its files', async () => {
    // Its files bucket starts empty: everything comes from the backup.
    await s3.createBucket('files-new');
    const fresh = await startTestApp({
      s3: s3.settings('files-new'),
      backupsS3: s3.settings('backups'),
    });
    try {
      const listed = await fresh.app.inject({
        method: 'GET',
        url: '/api/backups',
        headers: { authorization: fresh.adminToken },
      });
      expect(listed.json<Array<{ key: string }>>().map((b) => b.key)).toEqual(['shared.zip']);
      const restored = await fresh.app.inject({
        method: 'POST',
        url: '/api/backups/shared.zip/restore',
        headers: { authorization: fresh.adminToken },
      });
      expect(restored.statusCode, restored.body).toBe(204);
      const file = await fresh.app.inject({
        method: 'GET',
        url: `/api/files/users/${record.id}/${record.avatar}`,
      });
      expect([file.statusCode, file.rawPayload.equals(png)]).toEqual([200, true]);
      // The restored accounts sign in with their old passwords.
      const signIn = await fresh.app.inject({
        method: 'POST',
        url: '/api/collections/employees/auth-with-password',
        payload: { identity: first.config.adminEmail, password: ADMIN_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});
