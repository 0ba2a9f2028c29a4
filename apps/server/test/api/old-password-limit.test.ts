/**
 * `oldPassword` checks when an account changes its own password are limited per account (5 per
 * 15 minutes), so a stolen token cannot be used as a password oracle (issue 14, item 6).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

const TOO_MANY = { data: {}, message: 'Too Many Requests.', status: 429 };
const WINDOW_MS = 15 * 60_000;

let t: TestApp;
let unlimited: TestApp;
beforeAll(async () => {
  [t, unlimited] = await Promise.all([startTestApp({ rateLimit: true }), startTestApp()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.stop(), unlimited?.stop()]);
});
afterEach(() => {
  vi.useRealTimers();
});

function changeOwnPassword(
  app: TestApp,
  collection: 'employees' | 'users',
  account: { id: string; token: string },
  oldPassword: string,
  password = 'a-new-password-1',
) {
  return app.app.inject({
    method: 'PATCH',
    url: `/api/collections/${collection}/records/${account.id}`,
    headers: { authorization: account.token },
    payload: { oldPassword, password, passwordConfirm: password },
  });
}

async function signsIn(app: TestApp, collection: string, email: string, password: string) {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/collections/${collection}/auth-with-password`,
    payload: { identity: email, password },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  return res.statusCode === 200;
}

async function wrongAttempts(
  app: TestApp,
  collection: 'employees' | 'users',
  account: { id: string; token: string },
  count: number,
) {
  for (let i = 0; i < count; i++) {
    const res = await changeOwnPassword(app, collection, account, `wrong-guess-${i}`);
    expect([i, res.statusCode, res.json().data.oldPassword?.code]).toEqual([
      i,
      400,
      'validation_invalid_old_password',
    ]);
  }
}

describe('oldPassword checks on one’s own record', () => {
  it('after 5 wrong guesses even the right password gets 429 until the window passes', async () => {
    const account = await t.employeeWith([]);
    const other = await t.employeeWith([]);
    await wrongAttempts(t, 'employees', account, 5);

    const right = await changeOwnPassword(t, 'employees', account, account.password);
    expect([right.statusCode, right.json()]).toEqual([429, TOO_MANY]);
    // Nothing changed: the old password still signs in.
    expect(await signsIn(t, 'employees', account.email, account.password)).toBe(true);
    // The limit is per account: another one is not affected.
    const otherChange = await changeOwnPassword(t, 'employees', other, other.password);
    expect(otherChange.statusCode).toBe(200);

    // Once the window has passed, the right password works again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + WINDOW_MS + 1000 });
    const later = await changeOwnPassword(t, 'employees', account, account.password);
    expect(later.statusCode, later.body).toBe(200);
    expect(await signsIn(t, 'employees', account.email, 'a-new-password-1')).toBe(true);
  });

  it('a right password in between does not reset the count', async () => {
    const account = await t.employeeWith([]);
    await wrongAttempts(t, 'employees', account, 4);
    // The right old password, refused for another reason (the new one is the default password).
    const rightButRefused = await changeOwnPassword(
      t,
      'employees',
      account,
      account.password,
      t.config.defaultPassword,
    );
    expect(rightButRefused.json().data.password?.code).toBe('validation_default_password');
    const right = await changeOwnPassword(t, 'employees', account, account.password);
    expect([right.statusCode, right.json()]).toEqual([429, TOO_MANY]);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const account = await t.employeeWith([]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        changeOwnPassword(t, 'employees', account, `parallel-guess-${i}`),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
  });

  it('applies to users accounts too', async () => {
    const email = 'limited.user@test.local';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/records',
      headers: { authorization: t.adminToken },
      payload: {
        email,
        name: 'Limited User',
        status: 'ACTIVE',
        password: 'user-password-1',
        passwordConfirm: 'user-password-1',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      payload: { identity: email, password: 'user-password-1' },
    });
    const account = { id: String(login.json().record.id), token: String(login.json().token) };
    await wrongAttempts(t, 'users', account, 5);
    const right = await changeOwnPassword(t, 'users', account, 'user-password-1');
    expect([right.statusCode, right.json()]).toEqual([429, TOO_MANY]);
  });

  it('is off when rate limits are off (RATE_LIMIT=off)', async () => {
    const account = await unlimited.employeeWith([]);
    await wrongAttempts(unlimited, 'employees', account, 8);
    const right = await changeOwnPassword(unlimited, 'employees', account, account.password);
    expect(right.statusCode).toBe(200);
  });
});
