/**
 * Limits: rate limiting of the auth endpoints (per client IP, 429), body size (413, nothing
 * written), and bodies that cannot be read (the endpoint's own 400), while bodiless requests
 * that still say `Content-Type: application/json` (the SDK's habit) work.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../../src/app';
import { openPostgres } from '../../src/db/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

type Json = Record<string, unknown>;

const TOO_MANY = { data: {}, message: 'Too Many Requests.', status: 429 };
const TOO_LARGE = { data: {}, message: 'Request entity too large.', status: 413 };
const RECORD_LOAD_ERROR = {
  data: {},
  message: 'Something went wrong while processing your request.',
  status: 400,
};
const AUTH_LOAD_ERROR = {
  data: {},
  message: 'An error occurred while loading the submitted data.',
  status: 400,
};
const UNSUPPORTED = { data: {}, message: 'Unsupported Content-Type.', status: 400 };
const OVER_32_MIB = 32 * 1024 * 1024 + 1024;

let t: TestApp;
let ipCounter = 0;
let role: Json;

/** A client address of its own, so one test's requests never count against another's limit. */
function newIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function post(
  url: string,
  payload: string | Buffer | Json,
  options: { ip?: string; headers?: Record<string, string>; token?: string } = {},
): Promise<LightMyRequestResponse> {
  const raw = typeof payload === 'string' || Buffer.isBuffer(payload);
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? newIp(),
    headers: {
      ...(raw ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: options.token } : {}),
      ...options.headers,
    },
    payload: raw ? payload : JSON.stringify(payload),
  });
}

function answer(res: LightMyRequestResponse): { status: number; body: unknown } {
  return { status: res.statusCode, body: res.body === '' ? '' : res.json<unknown>() };
}

async function count(table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
  return rows[0].n;
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: true });
  const res = await post(
    '/api/collections/roles/records',
    { title: 'Limits role' },
    { token: t.adminToken },
  );
  expect(res.statusCode, res.body).toBe(200);
  role = res.json<Json>();
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('rate limits on the auth endpoints', () => {
  it('auth-with-password: 20 attempts per minute per IP, then 429 even with the right password', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/collections/employees/auth-with-password',
        { identity: ADMIN_EMAIL, password: `wrong-${i}` },
        { ip },
      );
      expect([i, answer(res)]).toEqual([
        i,
        { status: 400, body: { data: {}, message: 'Failed to authenticate.', status: 400 } },
      ]);
    }
    const limited = await post(
      '/api/collections/employees/auth-with-password',
      { identity: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { ip },
    );
    expect(answer(limited)).toEqual({ status: 429, body: TOO_MANY });
    // The limit is per auth endpoint group and IP, not per collection: users is limited too.
    const otherCollection = await post(
      '/api/collections/users/auth-with-password',
      { identity: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { ip },
    );
    expect(answer(otherCollection)).toEqual({ status: 429, body: TOO_MANY });
    // Another address is not affected.
    const elsewhere = await post('/api/collections/employees/auth-with-password', {
      identity: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('request-password-reset: 5 per minute per IP, then 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/collections/employees/request-password-reset',
        { email: `nobody${i}@test.local` },
        { ip },
      );
      expect([i, res.statusCode, res.body]).toEqual([i, 204, '']);
    }
    const limited = await post(
      '/api/collections/employees/request-password-reset',
      { email: ADMIN_EMAIL },
      { ip },
    );
    expect(answer(limited)).toEqual({ status: 429, body: TOO_MANY });
    const elsewhere = await post('/api/collections/employees/request-password-reset', {
      email: ADMIN_EMAIL,
    });
    expect(elsewhere.statusCode).toBe(204);
  });

  it('the e-mail endpoints share one budget', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const url =
        i % 2
          ? '/api/collections/users/request-verification'
          : '/api/collections/employees/request-password-reset';
      expect((await post(url, { email: `someone${i}@test.local` }, { ip })).statusCode).toBe(204);
    }
    const limited = await post(
      '/api/collections/users/request-verification',
      { email: 'someone@test.local' },
      { ip },
    );
    expect(answer(limited)).toEqual({ status: 429, body: TOO_MANY });
  });
});

// Every server process on one PostgreSQL database counts the same attempts (the budget is kept in
// the database; PGlite runs in one process, so this block runs in the PostgreSQL pass).
describe.runIf(!!process.env.DATABASE_URL)('rate limits across processes', () => {
  it('two processes share one sign-in budget per address', async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const db = await openPostgres(url.toString(), 2);
    const second = await buildApp(t.config, { db });
    try {
      const ip = newIp();
      const attempt = (app: BuiltApp, password: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/collections/employees/auth-with-password',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ identity: ADMIN_EMAIL, password }),
        });
      // Twenty wrong guesses, half on each process.
      for (let i = 0; i < 20; i++)
        expect([i, (await attempt(i % 2 ? t : second, `wrong-${i}`)).statusCode]).toEqual([i, 400]);
      for (const app of [t, second])
        expect(answer(await attempt(app, ADMIN_PASSWORD))).toEqual({ status: 429, body: TOO_MANY });
    } finally {
      await second.close();
      await db.close();
    }
  });
});

describe('body size', () => {
  const bigJson = (extra: Json): string =>
    JSON.stringify({ ...extra, junk: 'x'.repeat(OVER_32_MIB) });

  it('a JSON body over 32 MiB is refused with 413 and nothing is written', async () => {
    const before = { roles: await count('roles'), audit: await count('user_activities') };
    const create = await post(
      '/api/collections/roles/records',
      bigJson({ title: 'Too large role' }),
      {
        token: t.adminToken,
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(answer(create)).toEqual({ status: 413, body: TOO_LARGE });
    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/roles/records/${String(role.id)}`,
      headers: { 'content-type': 'application/json', authorization: t.adminToken },
      payload: bigJson({ title: 'Too large update' }),
    });
    expect(answer(update)).toEqual({ status: 413, body: TOO_LARGE });
    const signIn = await post(
      '/api/collections/employees/auth-with-password',
      bigJson({ identity: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(answer(signIn)).toEqual({ status: 413, body: TOO_LARGE });
    expect({ roles: await count('roles'), audit: await count('user_activities') }).toEqual(before);
    const { rows } = await t.db.query<{ title: string }>(
      `SELECT "title" FROM "roles" WHERE "id" = $1`,
      [role.id],
    );
    expect(rows[0].title).toBe('Limits role');
  });

  it('a urlencoded body over 32 MiB is refused with 413 too', async () => {
    const res = await post(
      '/api/collections/roles/records',
      `title=x&junk=${'x'.repeat(OVER_32_MIB)}`,
      {
        token: t.adminToken,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(answer(res)).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('a multipart upload over the limit is refused with 413, storing nothing', async () => {
    const usersId = t.engine.registry.get('users')!.id;
    const storage = join(t.config.dataDir, 'storage', usersId);
    const filesBefore = existsSync(storage) ? readdirSync(storage, { recursive: true }).length : 0;
    const before = await count('users');
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'Huge Upload',
      email: 'huge@test.local',
      password: 'huge-password-1',
      passwordConfirm: 'huge-password-1',
    })) {
      form.append(key, value);
    }
    form.append(
      'avatar',
      new Blob([Buffer.alloc(OVER_32_MIB, 1)], { type: 'image/png' }),
      'huge.png',
    );
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await post(
      '/api/collections/users/records',
      Buffer.from(await request.arrayBuffer()),
      {
        token: t.adminToken,
        headers: { 'content-type': request.headers.get('content-type')! },
      },
    );
    expect(answer(res)).toEqual({ status: 413, body: TOO_LARGE });
    expect(await count('users')).toBe(before);
    expect(existsSync(storage) ? readdirSync(storage, { recursive: true }).length : 0).toBe(
      filesBefore,
    );
  });
});

describe('bodies that cannot be read', () => {
  const records = '/api/collections/roles/records';
  it.each<[string, string, string, string, unknown]>([
    ['records: malformed JSON', records, 'application/json', '{"title": ', RECORD_LOAD_ERROR],
    ['records: a JSON array', records, 'application/json', '["title"]', RECORD_LOAD_ERROR],
    ['records: an unsupported type', records, 'text/plain', 'title=x', UNSUPPORTED],
    [
      'auth-with-password: malformed JSON',
      '/api/collections/employees/auth-with-password',
      'application/json',
      '{"identity":',
      AUTH_LOAD_ERROR,
    ],
    [
      'auth-with-password: a JSON string',
      '/api/collections/employees/auth-with-password',
      'application/json',
      '"admin"',
      AUTH_LOAD_ERROR,
    ],
    [
      'auth-with-password: an unsupported type',
      '/api/collections/employees/auth-with-password',
      'text/csv',
      'identity,password',
      UNSUPPORTED,
    ],
    [
      'request-password-reset: malformed JSON',
      '/api/collections/employees/request-password-reset',
      'application/json',
      '{email}',
      AUTH_LOAD_ERROR,
    ],
    [
      'confirm-password-reset: malformed JSON',
      '/api/collections/employees/confirm-password-reset',
      'application/json',
      '{"token"',
      AUTH_LOAD_ERROR,
    ],
    [
      'confirm-verification: an unsupported type',
      '/api/collections/users/confirm-verification',
      'application/octet-stream',
      'abc',
      UNSUPPORTED,
    ],
  ])('%s', async (_label, url, type, payload, expected) => {
    const before = await count('roles');
    const res = await post(url, payload, {
      token: t.adminToken,
      headers: { 'content-type': type },
    });
    expect(answer(res)).toEqual({ status: 400, body: expected });
    expect(await count('roles')).toBe(before);
  });
});

describe('bodiless requests with Content-Type: application/json', () => {
  it.each<[string, 'GET' | 'DELETE' | 'POST', () => string, number]>([
    ['health', 'GET', () => '/api/health', 200],
    ['a list', 'GET', () => '/api/collections/roles/records', 200],
    ['a view', 'GET', () => `/api/collections/roles/records/${String(role.id)}`, 200],
    ['auth-refresh', 'POST', () => '/api/collections/employees/auth-refresh', 200],
    ['a file token', 'POST', () => '/api/files/token', 200],
  ])('%s works', async (_label, method, url, status) => {
    const res = await t.app.inject({
      method,
      url: url(),
      headers: { 'content-type': 'application/json', authorization: t.adminToken },
    });
    expect(res.statusCode, res.body).toBe(status);
  });

  it('a delete works', async () => {
    const created = await post(
      '/api/collections/roles/records',
      { title: 'Limits role to delete' },
      { token: t.adminToken },
    );
    const id = created.json<Json>().id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/roles/records/${String(id)}`,
      headers: {
        'content-type': 'application/json',
        'content-length': '0',
        authorization: t.adminToken,
      },
    });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    const { rows } = await t.db.query(`SELECT 1 FROM "roles" WHERE "id" = $1`, [id]);
    expect(rows).toHaveLength(0);
  });
});
