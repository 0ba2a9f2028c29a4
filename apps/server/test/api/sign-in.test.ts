import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * POST /api/sign-in: the back office's sign-in form in one request, employees first, then users
 * (docs/design.md §4), answering as auth-with-password does.
 */

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field
type Json = Record<string, any>;

async function signIn(identity: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sign-in?expand=roles',
    payload: { identity, password },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const failures = async (email: string) =>
  (
    await t.db.query(
      `SELECT "actor_collection" FROM "user_activities" WHERE "action" = 'SIGN_IN_FAILED' AND lower("actor_email") = lower($1)`,
      [email],
    )
  ).rows as Json[];

let employee: { email: string; password: string };
const user = { email: 'board.sign-in@test.local', password: 'user-password-1' };

beforeAll(async () => {
  t = await startTestApp();
  employee = await t.employeeWith(['projects.read']);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections/users/records',
    headers: { authorization: t.adminToken },
    payload: {
      email: user.email,
      name: 'Board Sign-in',
      status: 'ACTIVE',
      password: user.password,
      passwordConfirm: user.password,
    },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t?.stop());

describe('POST /api/sign-in', () => {
  it('signs an employee in, with the record and its roles', async () => {
    const res = await signIn(employee.email, employee.password);
    expect(res.status).toBe(200);
    expect(res.body.record.collectionName).toBe('employees');
    expect(res.body.record.expand.roles).toHaveLength(1);
    expect(typeof res.body.token).toBe('string');
    // The token works.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/collections/employees/auth-refresh',
      headers: { authorization: res.body.token },
    });
    expect(me.statusCode).toBe(200);
  });

  it('signs a user in with the same one request', async () => {
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.record.collectionName).toBe('users');
    expect(res.body.record.email).toBe(user.email);
  });

  it('answers one 400 for a wrong password, recorded once for the account that has the email', async () => {
    const res = await signIn(user.email, 'wrong-password');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Failed to authenticate.');
    expect((await failures(user.email)).map((r) => r.actor_collection)).toEqual(['users']);
    const nobody = await signIn('nobody.sign-in@test.local', 'whatever1');
    expect(nobody.status).toBe(400);
    expect((await failures('nobody.sign-in@test.local')).length).toBe(1);
  });

  it('answers 403 for an inactive account after a correct password', async () => {
    const inactive = await t.employeeWith([], { employment_status: 'Resigned' });
    expect((await signIn(inactive.email, inactive.password)).status).toBe(403);
  });

  it('asks for both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sign-in', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data).sort()).toEqual(['identity', 'password']);
  });
});
