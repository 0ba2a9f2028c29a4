/**
 * Text that no database column can hold — a NUL character, or a lone UTF-16 surrogate (not Unicode;
 * PostgreSQL's jsonb refuses it, text would silently turn it into U+FFFD) — is invalid input: a 400
 * with a field error, never a 500, never a silent change. Runs on PGlite and, with DATABASE_URL,
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildAuthState } from '../../src/core/auth';
import type { ApiError } from '../../src/core/errors';
import { listRecords } from '../../src/core/records';
import type { RequestInfo } from '../../src/core/request-info';
import { startTestApp, type TestApp } from '../helpers/test-app';

type ErrorBody = { status: number; data: Record<string, { code: string }> };

const NUL = '\u0000';
const LONE_LOW = '\udcae';
const LONE_HIGH = '\ud83d';

let t: TestApp;
let me: Awaited<ReturnType<TestApp['employeeWith']>>;

beforeAll(async () => {
  t = await startTestApp();
  // An ordinary employee: may edit their own record's personal fields, nothing else.
  me = await t.employeeWith([]);
});
afterAll(async () => t?.stop());

async function post(url: string, payload: object, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: token } : {},
  });
}

function expectFieldError(res: LightMyRequestResponse, field: string, code: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.status).toBe(400);
  expect(body.data[field]?.code, res.body).toBe(code);
}

async function storedEmployee(): Promise<Record<string, unknown>> {
  return (await t.db.query(`SELECT * FROM "employees" WHERE "id" = $1`, [me.id])).rows[0];
}

describe('auth endpoints', () => {
  it('auth-with-password: a NUL in the identity', async () => {
    const res = await post('/api/collections/employees/auth-with-password', {
      identity: `${me.email}${NUL}`,
      password: me.password,
    });
    expectFieldError(res, 'identity', 'validation_invalid_value');
  });

  it('auth-with-password: a lone surrogate in the identity', async () => {
    const res = await post('/api/collections/users/auth-with-password', {
      identity: `a${LONE_HIGH}@example.org`,
      password: 'whatever-1',
    });
    expectFieldError(res, 'identity', 'validation_invalid_value');
  });

  it('request-password-reset: a NUL in the email', async () => {
    const res = await post('/api/collections/employees/request-password-reset', {
      email: `a${NUL}@example.org`,
    });
    expectFieldError(res, 'email', 'validation_invalid_value');
  });

  it('request-verification: a NUL in the email', async () => {
    const res = await post('/api/collections/employees/request-verification', {
      email: `a${NUL}@example.org`,
    });
    expectFieldError(res, 'email', 'validation_invalid_value');
  });

  it('request-email-change: a NUL in the new email', async () => {
    const res = await post(
      '/api/collections/employees/request-email-change',
      { newEmail: `new${NUL}@example.org` },
      me.token,
    );
    expectFieldError(res, 'newEmail', 'validation_invalid_value');
  });

  it('a password may still hold any character (only its hash is stored)', async () => {
    const res = await post('/api/collections/employees/auth-with-password', {
      identity: me.email,
      password: `wrong${NUL}${LONE_LOW}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().data).toEqual({});
  });
});

describe('record values', () => {
  it('a lone surrogate in a JSON field of one’s own record', async () => {
    const before = await storedEmployee();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/employees/records/${me.id}`,
      headers: { authorization: me.token },
      payload: { phone_numbers: [LONE_LOW] },
    });
    expectFieldError(res, 'phone_numbers', 'validation_invalid_json');
    expect((await storedEmployee()).phone_numbers).toEqual(before.phone_numbers);
  });

  it('a lone surrogate in an object key inside a JSON field', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/employees/records/${me.id}`,
      headers: { authorization: me.token },
      payload: { phone_numbers: { [`k${LONE_HIGH}`]: 1 } },
    });
    expectFieldError(res, 'phone_numbers', 'validation_invalid_json');
  });

  it('a lone surrogate in a text field is refused, not stored as U+FFFD', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/roles/records',
      headers: { authorization: t.adminToken },
      payload: { title: `Role ${LONE_LOW}`, permissions: [] },
    });
    expectFieldError(res, 'title', 'validation_invalid_value');
    const { rows } = await t.db.query(`SELECT 1 FROM "roles" WHERE "title" LIKE 'Role %'`);
    expect(rows).toEqual([]);
  });

  it('a surrogate pair (an emoji) is ordinary text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/roles/records',
      headers: { authorization: t.adminToken },
      payload: { title: 'Smile \ud83d\ude00', permissions: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ title: string }>().title).toBe('Smile \ud83d\ude00');
  });

  it('a NUL in a multipart text value, and in a multipart field name', async () => {
    const boundary = 'xBOUNDARYx';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const send = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/collections/roles/records',
        headers: {
          authorization: t.adminToken,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      });
    const badValue = await send(`${part('title', `a${NUL}b`)}--${boundary}--\r\n`);
    expectFieldError(badValue, 'title', 'validation_invalid_value');
    // An unknown field name is ignored, whatever it holds.
    const badName = await send(
      `${part('title', 'Named fine')}${part(`ti${NUL}tle`, 'x')}--${boundary}--\r\n`,
    );
    expect(badName.statusCode, badName.body).toBe(200);
    expect(badName.json<{ title: string }>().title).toBe('Named fine');
  });
});

describe('query parameters', () => {
  const list = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/collections/employees/records?${query}`,
      headers: { authorization: t.adminToken },
    });

  it('a NUL in a filter', async () => {
    const res = await list(`filter=${encodeURIComponent(`name = "a${NUL}"`)}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('a lone surrogate in a filter (a URL cannot carry one, JSON can: realtime options, batch)', async () => {
    const admin = (await t.db.query(`SELECT * FROM "employees" WHERE "id" <> $1`, [me.id])).rows[0];
    const employees = t.engine.registry.get('employees')!;
    const info: RequestInfo = {
      auth: await buildAuthState(t.db, employees, admin),
      method: 'GET',
      context: 'default',
      query: {},
      headers: {},
      body: {},
    };
    for (const filter of [`name = "${LONE_LOW}"`, `phone_numbers ~ "${LONE_HIGH}"`]) {
      await expect(
        listRecords(t.engine, employees, { filter }, info).catch((err: ApiError) => err.status),
      ).resolves.toBe(400);
    }
  });

  it('a NUL in sort, expand and fields', async () => {
    expect((await list(`sort=${encodeURIComponent(`name${NUL}`)}`)).statusCode).toBe(400);
    expect((await list(`expand=${encodeURIComponent(`roles${NUL}`)}`)).statusCode).toBe(200);
    expect((await list(`fields=${encodeURIComponent(`id,${NUL}`)}`)).statusCode).toBe(200);
  });

  it('a NUL in a header (the token) makes a guest, not an error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/collections/roles/records',
      headers: { authorization: `${t.adminToken}${NUL}` },
    });
    expect([200, 401, 403]).toContain(res.statusCode);
  });
});
