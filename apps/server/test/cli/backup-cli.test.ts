/**
 * `npm run backup` and `npm run restore -- <archive>` (cli.ts) on the embedded database: a
 * backup of one data directory restored into a fresh one gives the same rows and files; a
 * damaged archive is refused; while a server answers on the configured port, the command line
 * refuses to open its PGlite directory. (PostgreSQL goes through the same backup service, which
 * the API tests run on both databases.)
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { readConfig, type AppConfig } from '../../src/config';
import { issueToken } from '../../src/core/auth';

const ROOT = join(import.meta.dirname, '../../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bo-cli-'));
  dirs.push(dir);
  return dir;
}

function configFor(dataDir: string): AppConfig {
  return {
    ...readConfig({}),
    dataDir,
    databaseUrl: undefined,
    logger: false,
    rateLimit: false,
    adminEmail: 'admin@cli.test',
    adminPassword: 'cli-admin-password-1',
  };
}

/** Runs cli.ts with DATA_DIR and a port nobody (or a test server) listens on. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG: 'off', ...env };
    delete childEnv.DATABASE_URL;
    execFile(
      TSX,
      ['apps/server/src/cli.ts', ...args],
      { cwd: ROOT, env: childEnv, timeout: 240_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          out: stdout,
          err: stderr,
        }),
    );
  });
}

async function rowsOf(built: BuiltApp): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['members', 'member_dues', 'membership_types', 'roles', 'employees'])
    out[table] = (await built.db.query(`SELECT * FROM "${table}" ORDER BY "id"`)).rows;
  return out;
}

let source: string;
let expected: Record<string, unknown[]>;
let avatarPath: string;

beforeAll(async () => {
  source = tempDir();
  const built = await buildApp(configFor(source));
  try {
    const employees = built.engine.registry.get('employees')!;
    const admin = (await built.db.query(`SELECT * FROM "employees"`)).rows[0];
    const token = await issueToken(built.secrets, employees, admin, 'auth');
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await built.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const form = new FormData();
    form.append('name', 'Salma Yousif');
    form.append('membership_status', 'Active');
    form.append(
      'avatar',
      new Blob(
        [
          Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            'base64',
          ),
        ],
        { type: 'image/png' },
      ),
      'face.png',
    );
    const request = new Request('http://local/', { method: 'POST', body: form });
    const created = await built.app.inject({
      method: 'POST',
      url: '/api/collections/members/records',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        'content-type': request.headers.get('content-type') ?? '',
        authorization: token,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const member = created.json();
    avatarPath = join('storage', member.collectionId, member.id, member.avatar);
    await post('/api/collections/member_dues/records', {
      member: member.id,
      amount: 30.25,
      paid_on: '2026-04-01',
      months: 6,
    });
    expected = await rowsOf(built);
  } finally {
    await built.close();
  }
}, 120_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('backs up one data directory and restores it into a fresh one', async () => {
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const made = await cli(['backup', 'nightly.zip'], { DATA_DIR: source, PORT: port });
  expect(made.code, made.err).toBe(0);
  expect(made.out).toMatch(/^Made .*nightly\.zip \([\d.]+ MB\): \d+ rows in \d+ tables, 1 files\./);

  const target = tempDir();
  const restored = await cli(['restore', join(source, 'backups', 'nightly.zip')], {
    DATA_DIR: target,
    PORT: port,
  });
  expect(restored.code, restored.err).toBe(0);
  expect(restored.out).toMatch(/^Restored /);

  const built = await buildApp(configFor(target));
  try {
    const actual = await rowsOf(built);
    // Token keys are renewed by a restore (everyone signs in again); all else is the same.
    const withoutKeys = (rows: unknown[]) =>
      rows.map((r) => ({ ...(r as Record<string, unknown>), tokenKey: undefined }));
    expect({ ...actual, employees: withoutKeys(actual.employees) }).toEqual({
      ...expected,
      employees: withoutKeys(expected.employees),
    });
    expect(
      readFileSync(join(target, avatarPath)).equals(readFileSync(join(source, avatarPath))),
    ).toBe(true);
  } finally {
    await built.close();
  }
}, 300_000);

it('refuses a damaged archive and leaves the database as it was', async () => {
  const archive = join(tempDir(), 'cut.zip');
  copyFileSync(join(source, 'backups', 'nightly.zip'), archive);
  const bytes = readFileSync(archive);
  writeFileSync(archive, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
  const target = tempDir();
  const res = await cli(['restore', archive], { DATA_DIR: target, PORT: '1' });
  expect(res.code).toBe(1);
  expect(res.err).toMatch(/The backup cannot be restored: It is damaged or incomplete/);
  const built = await buildApp(configFor(target));
  try {
    // Only what the first start of an empty directory creates: the administrator, no members.
    expect((await built.db.query(`SELECT 1 FROM "members"`)).rows).toHaveLength(0);
  } finally {
    await built.close();
  }
}, 300_000);

it('refuses to open PGlite while a server runs on it', async () => {
  const dir = tempDir();
  const built = await buildApp(configFor(dir));
  try {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = built.app.server.address() as AddressInfo;
    const res = await cli(['backup'], { DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' });
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/The server is running at .* Make the backup from the web app/);
  } finally {
    await built.close();
  }
}, 300_000);
