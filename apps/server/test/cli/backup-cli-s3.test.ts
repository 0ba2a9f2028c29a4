/**
 * Backups in a bucket from the command line and the schedule (BACKUPS_S3_*, files in S3_*):
 * `npm run backup` (cli.ts, as a process) writes its archive to the bucket, not to the disk;
 * `npm run restore -- <name>` on an empty machine (new DATA_DIR, empty database, empty files
 * bucket) brings the records and files back from the buckets alone; the real server with
 * BACKUP_CRON makes its backups in the bucket and BACKUP_KEEP deletes the oldest there, leaving
 * the one made by hand. On PGlite, and on PostgreSQL when DATABASE_URL is set (a fresh database
 * for each machine).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { readConfig, type AppConfig } from '../../src/config';
import { issueToken } from '../../src/core/auth';
import type { Database } from '../../src/db/database';
import { createS3Client } from '../../src/tools/filesystem/s3-storage';
import { freePort } from '../helpers/free-port';
import { multipart } from '../helpers/multipart';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { startServerProcess } from '../helpers/server-process';
import { openTestDatabase } from '../helpers/test-app';

const ROOT = join(import.meta.dirname, '../../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const ADMIN_EMAIL = 'admin@cli-s3.test';
const ADMIN_PASSWORD = 'cli-s3-admin-password-1';
const onPostgres = !!process.env.DATABASE_URL;

let s3: S3Server;
const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];

/** A new machine: its DATA_DIR, and on PostgreSQL a new empty database (its URL). */
async function machine(): Promise<{ dataDir: string; databaseUrl?: string; db?: Database }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-cli-s3-'));
  dirs.push(dataDir);
  if (!onPostgres) return { dataDir };
  const { db, drop } = await openTestDatabase();
  drops.push(drop);
  const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0].name}`;
  return { dataDir, databaseUrl: url.toString(), db };
}

/** The S3_* and BACKUPS_S3_* settings of a machine whose files are in `filesBucket`. */
function bucketEnv(filesBucket: string): Record<string, string> {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: filesBucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    BACKUPS_S3_BUCKET: 'backups',
  };
}

function configOf(m: { dataDir: string; databaseUrl?: string }, filesBucket: string): AppConfig {
  return {
    ...readConfig({ ...bucketEnv(filesBucket) }),
    dataDir: m.dataDir,
    databaseUrl: m.databaseUrl,
    logger: false,
    rateLimit: false,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  };
}

/** Runs cli.ts as `npm run backup` / `npm run restore` would, on that machine and bucket. */
function cli(
  args: string[],
  m: { dataDir: string; databaseUrl?: string },
  filesBucket: string,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    freePort().then((port) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        LOG: 'off',
        DATA_DIR: m.dataDir,
        PORT: String(port),
        ...bucketEnv(filesBucket),
      };
      delete env.DATABASE_URL;
      if (m.databaseUrl) env.DATABASE_URL = m.databaseUrl;
      execFile(
        TSX,
        ['apps/server/src/cli.ts', ...args],
        { cwd: ROOT, env, timeout: 240_000 },
        (error, stdout, stderr) =>
          resolve({
            code: error ? ((error as { code?: number }).code ?? 1) : 0,
            out: stdout,
            err: stderr,
          }),
      );
    }, reject);
  });
}

/** The keys under `prefix` in `bucket`, read from the S3 server itself. */
async function keysIn(bucket: string, prefix = ''): Promise<string[]> {
  const client = createS3Client(s3.settings(bucket));
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

async function adminToken(built: BuiltApp): Promise<string> {
  const employees = built.engine.registry.get('employees')!;
  const admin = (
    await built.db.query(`SELECT * FROM "employees" WHERE "email" = $1`, [ADMIN_EMAIL])
  ).rows[0];
  return issueToken(built.secrets, employees, admin, 'auth');
}

async function rowsOf(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['members', 'member_dues', 'membership_types'])
    out[table] = (await db.query(`SELECT * FROM "${table}" ORDER BY "id"`)).rows;
  return out;
}

let source: { dataDir: string; databaseUrl?: string; db?: Database };
let expected: Record<string, unknown[]>;
let member: { id: string; avatar: string };

beforeAll(async () => {
  s3 = await startS3Server();
  for (const bucket of ['files', 'files-new', 'backups']) await s3.createBucket(bucket);
  source = await machine();
  const built = await buildApp(configOf(source, 'files'), { db: source.db });
  try {
    const token = await adminToken(built);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = await multipart([
      ['name', 'Salma Yousif'],
      ['membership_status', 'Active'],
      ['avatar', { filename: 'face.png', data: png, type: 'image/png' }],
    ]);
    const created = await built.app.inject({
      method: 'POST',
      url: '/api/collections/members/records',
      payload: form.payload,
      headers: { ...form.headers, authorization: token },
    });
    expect(created.statusCode, created.body).toBe(200);
    member = created.json();
    const dues = await built.app.inject({
      method: 'POST',
      url: '/api/collections/member_dues/records',
      payload: { member: member.id, amount: 30.25, paid_on: '2026-04-01', months: 6 },
      headers: { authorization: token },
    });
    expect(dues.statusCode, dues.body).toBe(200);
    expected = await rowsOf(built.db);
  } finally {
    await built.close();
  }
}, 180_000);

afterAll(async () => {
  for (const drop of drops) await drop().catch(() => {});
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('npm run backup writes the archive to the bucket, not to the disk', async () => {
  const made = await cli(['backup', 'by-hand.zip'], source, 'files');
  expect(made.code, made.err).toBe(0);
  expect(made.out).toMatch(
    /^Made s3:\/\/backups\/backups\/by-hand\.zip \([\d.]+ MB\): \d+ rows in \d+ tables, 1 files\./,
  );
  expect(await keysIn('backups')).toEqual(['backups/by-hand.zip']);
  const local = join(source.dataDir, 'backups');
  expect(existsSync(local) ? readdirSync(local).filter((f) => f.endsWith('.zip')) : []).toEqual([]);
}, 300_000);

it('npm run restore brings records and files back on an empty machine from the buckets alone', async () => {
  const target = await machine();
  expect(await keysIn('files-new')).toEqual([]);
  const restored = await cli(['restore', 'by-hand.zip'], target, 'files-new');
  expect(restored.code, restored.err).toBe(0);
  expect(restored.out).toMatch(
    /^Restored s3:\/\/backups\/backups\/by-hand\.zip .* the bucket files-new/,
  );
  expect(await keysIn('files-new')).toEqual(await keysIn('files'));

  const built = await buildApp(configOf(target, 'files-new'), { db: target.db });
  try {
    expect(await rowsOf(built.db)).toEqual(expected);
    const file = await built.app.inject({
      method: 'GET',
      url: `/api/files/members/${member.id}/${member.avatar}`,
      headers: { authorization: await adminToken(built) },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  } finally {
    await built.close();
  }
}, 300_000);

it('the server with BACKUP_CRON makes backups in the bucket and BACKUP_KEEP deletes the oldest there', async () => {
  const server = await startServerProcess({
    DATA_DIR: source.dataDir,
    ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...bucketEnv('files'),
    // Every second (the optional seconds field), keeping two.
    BACKUP_CRON: '* * * * * *',
    BACKUP_KEEP: '2',
  });
  const seen = new Set<string>();
  let now: string[] = [];
  try {
    await server.waitFor(/Scheduled backups: "\* \* \* \* \* \*", keeping 2/);
    const deadline = Date.now() + 120_000;
    // Until three scheduled backups were seen in the bucket, the first of them since deleted.
    for (;;) {
      now = (await keysIn('backups', 'backups/auto_backup_')).map((k) => k.slice(8));
      for (const key of now) seen.add(key);
      const first = [...seen].sort()[0];
      if (seen.size >= 3 && first && !now.includes(first)) break;
      if (Date.now() > deadline)
        throw new Error(`seen ${[...seen].join(', ')}; now ${now.join(', ')}\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await server.stop();
  }
  // Once it has stopped: at most two scheduled ones left, the one made by hand kept.
  const left = (await keysIn('backups')).map((k) => k.slice(8));
  expect(left.filter((k) => k.startsWith('auto_backup_')).length).toBeLessThanOrEqual(2);
  expect(left).toContain('by-hand.zip');
  expect(
    existsSync(join(source.dataDir, 'backups'))
      ? readdirSync(join(source.dataDir, 'backups')).filter((f) => f.endsWith('.zip'))
      : [],
  ).toEqual([]);
}, 300_000);
