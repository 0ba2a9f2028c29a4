/**
 * The start-up check of the buckets (S3_*, BACKUPS_S3_*), on the real server (src/server.ts) as
 * a child process: a bucket that refuses or cannot be reached is said in the log, naming the
 * setting, the bucket, the endpoint and what failed, never the key or its secret; the server
 * starts anyway, serves records, and answers file uploads 503 (docs/decisions.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/errors';
import { freePort } from '../helpers/free-port';
import { multipart } from '../helpers/multipart';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

const ADMIN_EMAIL = 'admin@bucket.test';
const ADMIN_PASSWORD = 'bucket-admin-password-1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A secret that must never reach the log. */
const SECRET = 'SECRET-never-in-the-log-7f3a';

let s3: S3Server;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  await s3.createBucket('files');
  await s3.createBucket('backups');
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Env for a server on a new PGlite DATA_DIR. */
function envWith(settings: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bucket-check-'));
  dirs.push(dir);
  return { DATA_DIR: dir, ADMIN_EMAIL, ADMIN_PASSWORD, ...settings };
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/collections/employees/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function uploadMember(server: ServerProcess, token: string): Promise<Response> {
  const { payload, headers } = await multipart([
    ['name', 'Checked at start'],
    ['membership_status', 'Active'],
    ['avatar', { filename: 'face.png', data: PNG, type: 'image/png' }],
  ]);
  return fetch(`${server.url}/api/collections/members/records`, {
    method: 'POST',
    headers: { ...headers, authorization: token },
    body: payload,
  });
}

describe('buckets that refuse or cannot be reached at start', () => {
  let server: ServerProcess;
  let downPort: number;
  beforeAll(async () => {
    downPort = await freePort();
    server = await startServerProcess(
      envWith({
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'WRONGKEY',
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_FORCE_PATH_STYLE: 'true',
        // Nothing listens there.
        BACKUPS_S3_ENDPOINT: `http://127.0.0.1:${downPort}`,
        BACKUPS_S3_BUCKET: 'backups',
      }),
    );
    await server.waitFor(/backups bucket .* does not answer/);
    await server.waitFor(/files bucket .* does not answer/);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('says in the log which bucket failed and how, without the secret', () => {
    const log = server.output();
    expect(log).toContain(
      `The files bucket "files" (S3_BUCKET) at ${s3.endpoint} does not answer: it refused the access key`,
    );
    expect(log).toMatch(/file uploads and downloads answer 503 until the bucket answers/);
    expect(log).toContain(
      `The backups bucket "backups" (BACKUPS_S3_BUCKET) at http://127.0.0.1:${downPort} does not answer: it cannot be reached (ECONNREFUSED`,
    );
    expect(log).not.toContain(SECRET);
  });

  it('serves records, and answers a file upload 503 in words', async () => {
    const token = await signIn(server);
    const list = await fetch(`${server.url}/api/collections/members/records`, {
      headers: { authorization: token },
    });
    expect(list.status).toBe(200);
    const created = await fetch(`${server.url}/api/collections/membership_types/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ title: 'Kept without files', period_months: 12 }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const upload = await uploadMember(server, token);
    expect([upload.status, await upload.json()]).toEqual([
      503,
      { data: {}, message: MESSAGES.storage, status: 503 },
    ]);
  });
});

describe('a bucket that does not exist, beside one that answers', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(
      envWith({
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'no-such-bucket',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_FORCE_PATH_STYLE: 'true',
        BACKUPS_S3_BUCKET: 'backups',
      }),
    );
    await server.waitFor(/backups bucket .* answers\./);
    await server.waitFor(/files bucket .* does not answer/);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('names the missing bucket, and says the other answers', () => {
    const log = server.output();
    expect(log).toContain(
      `The files bucket "no-such-bucket" (S3_BUCKET) at ${s3.endpoint} does not answer: there is no such bucket`,
    );
    expect(log).toContain(
      `The backups bucket "backups" (BACKUPS_S3_BUCKET) at ${s3.endpoint} answers.`,
    );
    expect(log).not.toContain(SECRET);
  });

  it('keeps backups working while files answer 503', async () => {
    const token = await signIn(server);
    const made = await fetch(`${server.url}/api/backups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ name: 'while-files-are-down.zip' }),
    });
    // A backup reads the files bucket only for files the rows name; there are none.
    expect(made.status, await made.clone().text()).toBe(204);
    expect((await uploadMember(server, token)).status).toBe(503);
  });
});
