import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

describe('an account on the default password', () => {
  it('may only refresh, read or change itself, sign in again and reset its password', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/records',
      headers: { authorization: t.adminToken },
      payload: {
        email: 'new.user@test.local',
        name: 'New User',
        status: 'ACTIVE',
        password: '12345678',
        passwordConfirm: '12345678',
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().mustChangePassword).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      payload: { identity: 'new.user@test.local', password: '12345678' },
    });
    const { token, record } = login.json();
    const headers = { authorization: token };

    const cases: Array<[string, string, number]> = [
      ['GET', '/api/collections/roles/records', 403],
      ['GET', `/api/collections/users/records/${record.id}`, 200],
      ['POST', '/api/collections/users/auth-refresh', 200],
      ['GET', '/api/collections/users/auth-methods', 200],
    ];
    for (const [method, url, status] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers });
      expect([method, url, res.statusCode]).toEqual([method, url, status]);
    }
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/collections/roles/records',
      headers,
    });
    expect(blocked.json().message).toBe('You must change your password before continuing.');
    // The SDK sends its stored token with every call, sign-in included.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      headers,
      payload: { identity: 'new.user@test.local', password: '12345678' },
    });
    expect(again.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/request-password-reset',
      headers,
      payload: { email: 'new.user@test.local' },
    });
    expect(reset.statusCode).toBe(204);

    const sameAgain = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/users/records/${record.id}`,
      headers,
      payload: { oldPassword: '12345678', password: '12345678', passwordConfirm: '12345678' },
    });
    expect(sameAgain.json().data.password.code).toBe('validation_default_password');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/users/records/${record.id}`,
      headers,
      payload: {
        oldPassword: '12345678',
        password: 'a-better-password',
        passwordConfirm: 'a-better-password',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mustChangePassword).toBe(false);
    // The old token died with the old password.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/collections/users/auth-refresh', headers }))
        .statusCode,
    ).toBe(401);
  });
});
