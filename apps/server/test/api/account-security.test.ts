import { EventSource } from 'eventsource';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The account and role defects found when the server was attacked from the outside: each test
 * here failed before the fix. Concurrency tests go through a listening server with real parallel
 * HTTP requests, so on PostgreSQL (DATABASE_URL) the transactions truly overlap.
 */
let t: TestApp;
let baseUrl: string;
let adminId: string;
let adminRoleId: string;

beforeAll(async () => {
  t = await startTestApp({ defaultPassword: 'Welcome-2026' });
  const { rows } = await t.db.query<{ id: string; roles: string[] }>(
    `SELECT "id", "roles" FROM "employees" WHERE "email" = $1`,
    [ADMIN_EMAIL],
  );
  adminId = rows[0].id;
  adminRoleId = rows[0].roles[0];
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t.stop());

type Json = Record<string, unknown>;

async function call(method: string, url: string, token?: string, payload?: Json) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: token } : {},
    payload,
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
}

const patch = (collection: string, id: string, token: string, payload: Json) =>
  call('PATCH', `/api/collections/${collection}/records/${id}`, token, payload);

async function signIn(collection: string, identity: string, password: string) {
  return call('POST', `/api/collections/${collection}/auth-with-password`, undefined, {
    identity,
    password,
  });
}

async function auditRows(recordId: string) {
  const { rows } = await t.db.query<{
    action: string;
    before: unknown;
    after: unknown;
    comment: string;
  }>(
    `SELECT "action", "before", "after", "comment" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
    [recordId],
  );
  return rows;
}

describe('account takeover', () => {
  it("an HR editor cannot change another account's password, email or status", async () => {
    const hr = await t.employeeWith(['employees.read', 'employees.update']);
    for (const payload of [
      { password: 'taken-over-1', passwordConfirm: 'taken-over-1' },
      { email: 'attacker@evil.test' },
      { employment_status: 'Suspended' },
    ]) {
      const res = await patch('employees', adminId, hr.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(403);
    }
    // The administrator still signs in with the old password and keeps the address.
    const back = await signIn('employees', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(back.status).toBe(200);
    // Ordinary HR fields stay editable with employees.update.
    const victim = await t.employeeWith([]);
    expect(
      (await patch('employees', victim.id, hr.token, { phone_numbers: ['+1 555'] })).status,
    ).toBe(200);
  });

  it('even with the account permission, nobody changes an account that may do more', async () => {
    const officer = await t.employeeWith([
      'employees.read',
      'employees.update',
      'employees.read_auth',
    ]);
    const res = await patch('employees', adminId, officer.token, {
      password: 'taken-over-1',
      passwordConfirm: 'taken-over-1',
    });
    expect(res.status).toBe(403);
    const reset = await call(
      'POST',
      `/api/accounts/employees/${adminId}/reset-password`,
      officer.token,
    );
    expect(reset.status).toBe(403);
    // An account with fewer permissions than the officer's can be changed.
    const clerk = await t.employeeWith(['employees.read']);
    const ok = await patch('employees', clerk.id, officer.token, {
      password: 'new-password-1',
      passwordConfirm: 'new-password-1',
    });
    expect(ok.status).toBe(200);
  });

  it('audits a password, email and role change as such, without the secret', async () => {
    const person = await t.employeeWith(['employees.read']);
    await patch('employees', person.id, t.adminToken, {
      password: 'changed-by-admin-1',
      passwordConfirm: 'changed-by-admin-1',
    });
    await patch('employees', person.id, t.adminToken, { email: `moved.${person.id}@test.local` });
    await patch('employees', person.id, t.adminToken, { roles: [] });
    const rows = await auditRows(person.id);
    expect(rows.map((r) => r.action)).toEqual(['PASSWORD_CHANGE', 'EMAIL_CHANGE', 'ROLE_CHANGE']);
    expect(rows[0].comment).toMatch(/password changed/i);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('changed-by-admin-1');
    expect(text).not.toMatch(/\$2[aby]\$/); // no bcrypt hash
    expect(text).not.toContain('tokenKey');
  });
});

describe('privilege escalation', () => {
  it('roles.update alone cannot grant its own role more, nor empty the Administrator role', async () => {
    const editor = await t.employeeWith(['roles.read', 'roles.update']);
    const { rows } = await t.db.query<{ roles: string[] }>(
      `SELECT "roles" FROM "employees" WHERE "id" = $1`,
      [editor.id],
    );
    const ownRole = rows[0].roles[0];
    const grant = await patch('roles', ownRole, editor.token, {
      permissions: ['roles.read', 'roles.update', 'employees.read_auth'],
    });
    expect(grant.status).toBe(403);
    expect(String(grant.body.message)).toContain('employees.read_auth');
    const empty = await patch('roles', adminRoleId, editor.token, { permissions: [] });
    expect(empty.status).toBe(403);
    const stored = await t.db.query<{ permissions: string[] }>(
      `SELECT "permissions" FROM "roles" WHERE "id" = $1`,
      [adminRoleId],
    );
    expect(stored.rows[0].permissions.length).toBeGreaterThan(50);
  });

  it('nobody empties, renames or deletes the Administrator role, not even an administrator', async () => {
    expect(
      (await patch('roles', adminRoleId, t.adminToken, { permissions: ['roles.read'] })).status,
    ).toBe(403);
    expect((await patch('roles', adminRoleId, t.adminToken, { title: 'Admins' })).status).toBe(403);
    expect(
      (await call('DELETE', `/api/collections/roles/records/${adminRoleId}`, t.adminToken)).status,
    ).toBe(403);
    // Its description may still be edited.
    expect(
      (await patch('roles', adminRoleId, t.adminToken, { description: 'Every permission.' }))
        .status,
    ).toBe(200);
  });

  it("users.update cannot add the Administrator role to one's own account", async () => {
    const role = await call('POST', '/api/collections/roles/records', t.adminToken, {
      title: 'User managers',
      permissions: ['users.read', 'users.update'],
    });
    const user = await call('POST', '/api/collections/users/records', t.adminToken, {
      email: 'manager@test.local',
      name: 'User Manager',
      status: 'ACTIVE',
      password: 'manager-password-1',
      passwordConfirm: 'manager-password-1',
      roles: [role.body.id],
    });
    expect(user.status).toBe(200);
    const login = await signIn('users', 'manager@test.local', 'manager-password-1');
    const token = String(login.body.token);
    const res = await patch('users', String(user.body.id), token, {
      roles: [role.body.id, adminRoleId],
    });
    expect(res.status).toBe(403);
    // Granting a role whose permissions one holds is fine.
    const smaller = await call('POST', '/api/collections/roles/records', t.adminToken, {
      title: 'User readers',
      permissions: ['users.read'],
    });
    const other = await call('POST', '/api/collections/users/records', t.adminToken, {
      email: 'reader@test.local',
      name: 'Reader',
      status: 'ACTIVE',
    });
    expect(
      (await patch('users', String(other.body.id), token, { roles: [smaller.body.id] })).status,
    ).toBe(200);
  });

  it('a role editor cannot create a role with permissions it lacks', async () => {
    const editor = await t.employeeWith(['roles.read', 'roles.create']);
    const res = await call('POST', '/api/collections/roles/records', editor.token, {
      title: 'Everything',
      permissions: ['roles.read', 'settings.update'],
    });
    expect(res.status).toBe(403);
    const ok = await call('POST', '/api/collections/roles/records', editor.token, {
      title: 'Role readers',
      permissions: ['roles.read'],
    });
    expect(ok.status).toBe(200);
  });
});

describe('the last administrator', () => {
  it('cannot be suspended, deleted or stripped of the role; a second one can', async () => {
    const lastError = /last active account with the Administrator role/;
    const suspend = await patch('employees', adminId, t.adminToken, {
      employment_status: 'Suspended',
    });
    expect(suspend.status).toBe(400);
    expect(String(suspend.body.message)).toMatch(lastError);
    expect((await patch('employees', adminId, t.adminToken, { roles: [] })).status).toBe(400);
    const del = await call('DELETE', `/api/collections/employees/records/${adminId}`, t.adminToken);
    expect(del.status).toBe(400);
    expect(String(del.body.message)).toMatch(lastError);

    const second = await t.employeeWith([]);
    await t.db.query(`UPDATE "employees" SET "roles" = $2::jsonb WHERE "id" = $1`, [
      second.id,
      JSON.stringify([adminRoleId]),
    ]);
    expect(
      (await patch('employees', second.id, t.adminToken, { employment_status: 'Suspended' }))
        .status,
    ).toBe(200);
    // Suspended, it no longer counts: the first is the last again.
    expect(
      (await patch('employees', adminId, t.adminToken, { employment_status: 'Suspended' })).status,
    ).toBe(400);
  });
});

describe('suspension', () => {
  it("rotates the token key, so a reactivated account's old tokens stay dead", async () => {
    const person = await t.employeeWith(['employees.read']);
    expect(
      (await call('GET', `/api/collections/employees/records/${person.id}`, person.token)).status,
    ).toBe(200);
    expect(
      (await patch('employees', person.id, t.adminToken, { employment_status: 'Suspended' }))
        .status,
    ).toBe(200);
    expect(
      (await patch('employees', person.id, t.adminToken, { employment_status: 'Active' })).status,
    ).toBe(200);
    const old = await call('GET', `/api/collections/employees/records/${person.id}`, person.token);
    expect(old.status).toBe(401);
  });
});

describe('the default password belongs to the server', () => {
  it('an account created without a password gets DEFAULT_PASSWORD and must change it', async () => {
    const created = await call('POST', '/api/collections/users/records', t.adminToken, {
      email: 'newcomer@test.local',
      name: 'Newcomer',
      status: 'ACTIVE',
    });
    expect(created.status).toBe(200);
    expect(created.body.mustChangePassword).toBe(true);
    expect((await signIn('users', 'newcomer@test.local', '12345678')).status).toBe(400);
    const login = await signIn('users', 'newcomer@test.local', 'Welcome-2026');
    expect(login.status).toBe(200);
    expect((login.body.record as Json).mustChangePassword).toBe(true);
  });

  it('tells account creators the default password, and nobody else', async () => {
    const creator = await t.employeeWith(['users.create']);
    const res = await call('GET', '/api/accounts/default-password', creator.token);
    expect(res).toEqual({ status: 200, body: { password: 'Welcome-2026' } });
    const other = await t.employeeWith(['users.read']);
    expect((await call('GET', '/api/accounts/default-password', other.token)).status).toBe(403);
    expect((await call('GET', '/api/accounts/default-password')).status).toBe(401);
  });
});

describe('failed sign-ins', () => {
  async function failures(email: string) {
    const { rows } = await t.db.query<{ actor: string; actor_collection: string }>(
      `SELECT "actor", "actor_collection" FROM "user_activities" WHERE "action" = 'SIGN_IN_FAILED' AND lower("actor_email") = lower($1)`,
      [email],
    );
    return rows;
  }

  it('are logged once, against the account they concern', async () => {
    const created = await call('POST', '/api/collections/users/records', t.adminToken, {
      email: 'board@test.local',
      name: 'Board Member',
      status: 'ACTIVE',
      password: 'board-password-1',
      passwordConfirm: 'board-password-1',
    });
    // The sign-in screen tries employees first, then users: a good sign-in logs no failure.
    expect((await signIn('employees', 'board@test.local', 'board-password-1')).status).toBe(400);
    expect((await signIn('users', 'board@test.local', 'board-password-1')).status).toBe(200);
    expect(await failures('board@test.local')).toEqual([]);
    // A wrong password, tried on both, is one failure against the user.
    await signIn('employees', 'board@test.local', 'wrong-password');
    await signIn('users', 'board@test.local', 'wrong-password');
    expect(await failures('board@test.local')).toEqual([
      { actor: created.body.id, actor_collection: 'users' },
    ]);
    // An address with no account anywhere, tried on both: one failure.
    await signIn('employees', 'nobody@test.local', 'whatever-1');
    await signIn('users', 'nobody@test.local', 'whatever-1');
    expect(await failures('nobody@test.local')).toHaveLength(1);
  });
});

describe('email change', () => {
  it('does not tell a signed-in account whether an address is taken', async () => {
    const person = await t.employeeWith([]);
    const taken = await call(
      'POST',
      '/api/collections/employees/request-email-change',
      person.token,
      { newEmail: ADMIN_EMAIL },
    );
    const free = await call(
      'POST',
      '/api/collections/employees/request-email-change',
      person.token,
      { newEmail: 'free.address@test.local' },
    );
    expect(taken.status).toBe(204);
    expect(free.status).toBe(204);
  });
});

describe('the activity monitor', () => {
  it('is live: audit rows reach realtime subscribers once committed, and only those who may read them', async () => {
    const g = globalThis as unknown as { EventSource?: unknown };
    const previous = g.EventSource;
    g.EventSource = EventSource;
    const watcher = new PocketBase(baseUrl);
    watcher.autoCancellation(false);
    watcher.authStore.save(t.adminToken, null);
    const bystander = new PocketBase(baseUrl);
    bystander.autoCancellation(false);
    const other = await t.employeeWith([]);
    bystander.authStore.save(other.token, null);
    try {
      const seen: string[] = [];
      const seenByBystander: string[] = [];
      let notify: () => void = () => {};
      const arrived = new Promise<void>((resolve) => (notify = resolve));
      await watcher.collection('user_activities').subscribe('*', (e) => {
        seen.push(`${e.action} ${String(e.record.action)} ${String(e.record.collection)}`);
        notify();
      });
      await bystander.collection('user_activities').subscribe('*', (e) => {
        seenByBystander.push(String(e.record.action));
      });
      // The website's topics are public: on the bystander's stream, a later topic is the sentinel
      // after which anything sent before it would have arrived (messages keep commit order).
      const bystanderTopics: string[] = [];
      await bystander.collection('blog_topics').subscribe('*', (e) => {
        bystanderTopics.push(String(e.record.id));
      });
      const created = await call('POST', '/api/collections/roles/records', t.adminToken, {
        title: 'Live monitor role',
        permissions: [],
      });
      expect(created.status).toBe(200);
      await arrived;
      expect(seen).toEqual(['create CREATE roles']);
      // A refused change writes nothing and announces nothing.
      const refused = await patch('roles', String(created.body.id), other.token, { title: 'x' });
      expect(refused.status).toBe(403);
      // Sentinels: a change the watcher sees, then a topic the bystander sees, both after it.
      const allowed = await patch('roles', String(created.body.id), t.adminToken, {
        description: 'sentinel',
      });
      expect(allowed.status).toBe(200);
      const topic = await call('POST', '/api/collections/blog_topics/records', t.adminToken, {
        title: 'Live monitor sentinel',
      });
      expect(topic.status).toBe(200);
      await expect.poll(() => seen.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
      await expect.poll(() => bystanderTopics, { timeout: 5000 }).toContain(topic.body.id);
      expect(seen).toEqual([
        'create CREATE roles',
        'create UPDATE roles',
        'create CREATE blog_topics',
      ]);
      expect(seenByBystander).toEqual([]);
    } finally {
      await watcher.realtime.unsubscribe().catch(() => {});
      await bystander.realtime.unsubscribe().catch(() => {});
      g.EventSource = previous;
    }
  });
});

describe('concurrent writes', () => {
  async function http(method: string, path: string, payload?: Json, token = t.adminToken) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
  }

  it('twenty concurrent "fee+" updates all count', async () => {
    const type = await http('POST', '/api/collections/membership_types/records', {
      title: 'Counted',
      fee: 0,
      period_months: 1,
    });
    const id = String(type.body.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        http('PATCH', `/api/collections/membership_types/records/${id}`, { 'fee+': 1 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await http('GET', `/api/collections/membership_types/records/${id}`);
    expect(after.body.fee).toBe(20);
  });

  it('twelve concurrent dues payments chain into twelve months', async () => {
    const member = await http('POST', '/api/collections/members/records', {
      name: 'Concurrent Payer',
      membership_status: 'Active',
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        http('POST', '/api/collections/member_dues/records', {
          member: member.body.id,
          amount: 5,
          paid_on: '2026-01-01',
          months: 1,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const after = await http('GET', `/api/collections/members/records/${String(member.body.id)}`);
    expect(String(after.body.paid_until).slice(0, 10)).toBe('2026-12-31');
    const { rows } = await t.db.query<{ start: string; end: string }>(
      `SELECT "period_start" AS start, "period_end" AS end FROM "member_dues" WHERE "member" = $1 ORDER BY "period_start"`,
      [member.body.id],
    );
    // The periods are laid end to end with no overlap.
    expect(new Set(rows.map((r) => r.start)).size).toBe(12);
  });

  it('two concurrent suspensions cannot leave the organisation without an administrator', async () => {
    const a = await t.employeeWith([]);
    const b = await t.employeeWith([]);
    for (const p of [a, b])
      await t.db.query(`UPDATE "employees" SET "roles" = $2::jsonb WHERE "id" = $1`, [
        p.id,
        JSON.stringify([adminRoleId]),
      ]);
    // Leave a and b as the only active administrators.
    await t.db.query(
      `UPDATE "employees" SET "employment_status" = 'Suspended' WHERE "roles" ? $1 AND "id" <> ALL($2::text[])`,
      [adminRoleId, [a.id, b.id]],
    );
    // Each suspends the other, at the same time.
    const results = await Promise.all(
      [
        [a, b],
        [b, a],
      ].map(([actor, target]) =>
        http(
          'PATCH',
          `/api/collections/employees/records/${target.id}`,
          { employment_status: 'Suspended' },
          actor.token,
        ),
      ),
    );
    // One wins. The other is refused as the last administrator (400) or, when it arrives after
    // the winner committed, finds its own token ended by its suspension (401).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 401]).toContain(statuses[1]);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "employees" WHERE "roles" ? $1 AND "employment_status" = 'Active'`,
      [adminRoleId],
    );
    expect(rows[0].n).toBe(1);
  });
});
