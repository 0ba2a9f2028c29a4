import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** `GET /api/activity-monitor/:id/names`: the related records an audit entry points to, by name. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = Record<string, any>;

async function call(method: string, url: string, token: string | null, payload?: Json) {
  const headers = token ? { authorization: token } : {};
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}
const names = (activity: string, token: string | null) =>
  call('GET', `/api/activity-monitor/${activity}/names`, token);

/** The audit entry written when `record` was created. */
async function creationEntry(record: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT "id" FROM "user_activities" WHERE "record" = $1 AND "action" = 'CREATE'`,
    [record],
  );
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

describe('the names of an entry’s related records', () => {
  let employee: { id: string; token: string };
  let vaultId = '';
  let advanceEntry = '';

  beforeAll(async () => {
    employee = await t.employeeWith([], { name: 'Salma Related' });
    const vault = await call('POST', '/api/collections/vaults/records', t.adminToken, {
      title: 'Related vault',
      kind: 'main',
      active: true,
    });
    expect(vault.status).toBe(200);
    vaultId = vault.body.id;
    const advance = await call('POST', '/api/collections/employee_advances/records', t.adminToken, {
      employee: employee.id,
      vault: vaultId,
      amount: 120,
      date: '2026-02-01',
    });
    expect(advance.status).toBe(200);
    advanceEntry = await creationEntry(advance.body.id);
  });

  it('names the employee and the vault an advance points to', async () => {
    const res = await names(advanceEntry, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      names: { [employee.id]: 'Salma Related', [vaultId]: 'Related vault' },
    });
  });

  it('names only the records the reader may view', async () => {
    const monitorOnly = await t.employeeWith(['activity_monitor.read']);
    expect((await names(advanceEntry, monitorOnly.token)).body).toEqual({ names: {} });
    const withEmployees = await t.employeeWith([
      'activity_monitor.read',
      'advances.read',
      'employees.read',
    ]);
    expect((await names(advanceEntry, withEmployees.token)).body).toEqual({
      names: { [employee.id]: 'Salma Related' },
    });
    // An entry whose values the reader may not see (no advances.read) names nothing either.
    const notAdvances = await t.employeeWith(['activity_monitor.read', 'employees.read']);
    expect((await names(advanceEntry, notAdvances.token)).body).toEqual({ names: {} });
  });

  it("answers as the entry itself does: 401 for a guest, 404 for another's entry or none", async () => {
    expect((await names(advanceEntry, null)).status).toBe(401);
    // Without the monitor permission an account sees only its own trail.
    const reader = await t.employeeWith(['employees.read', 'vaults.read']);
    expect((await names(advanceEntry, reader.token)).status).toBe(404);
    expect((await names('nosuchentry0000', t.adminToken)).status).toBe(404);
    expect((await names('bad id!', t.adminToken)).status).toBe(404);
  });

  it('names each record of a list relation (a role change on an account)', async () => {
    const role = async (title: string) => {
      const res = await call('POST', '/api/collections/roles/records', t.adminToken, {
        title,
        permissions: ['employees.read'],
      });
      expect(res.status).toBe(200);
      return res.body.id as string;
    };
    const [first, second] = [await role('Named role one'), await role('Named role two')];
    const change = await call(
      'PATCH',
      `/api/collections/employees/records/${employee.id}`,
      t.adminToken,
      { roles: [first, second] },
    );
    expect(change.status).toBe(200);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT "id" FROM "user_activities" WHERE "record" = $1 AND "action" = 'ROLE_CHANGE'
        ORDER BY "_rowid" DESC LIMIT 1`,
      [employee.id],
    );
    const res = await names(rows[0].id, t.adminToken);
    expect(res.body.names).toMatchObject({ [first]: 'Named role one', [second]: 'Named role two' });
  });
});

describe('the records an entry belongs to (held_by)', () => {
  it("files a held record's changes under its parent, to the delete, and nothing else", async () => {
    const employee = await t.employeeWith([], { name: 'Tariq Held' });
    const task = await call('POST', '/api/collections/employee_tasks/records', t.adminToken, {
      employee: employee.id,
      title: 'File the report',
    });
    expect(task.status).toBe(200);
    const path = `/api/collections/employee_tasks/records/${task.body.id}`;
    expect((await call('PATCH', path, t.adminToken, { title: 'File the reports' })).status).toBe(
      200,
    );
    expect((await call('DELETE', path, t.adminToken)).status).toBe(204);
    // An expense points to a project but belongs to none.
    const vault = await call('POST', '/api/collections/vaults/records', t.adminToken, {
      title: 'Held vault',
      kind: 'main',
      active: true,
    });
    const expense = await call('POST', '/api/collections/expenses/records', t.adminToken, {
      beneficiary: 'Held supplier',
      amount: 5,
      date: '2026-02-01',
      vault: vault.body.id,
    });
    expect(expense.status).toBe(200);

    // A sign-in, and a wrong password, are the employee's own entries: the history is also
    // their login history.
    const signIn = (password: string) =>
      call('POST', '/api/collections/employees/auth-with-password', null, {
        identity: employee.email,
        password,
      });
    expect((await signIn(employee.password)).status).toBe(200);
    expect((await signIn('not-the-password')).status).toBe(400);

    // The employee's history as the monitor asks for it: its own entries and those it holds.
    const filter = `(collection = "employees" && record = "${employee.id}") || held_by = "${employee.id}"`;
    const history = await call(
      'GET',
      `/api/collections/user_activities/records?sort=created&filter=${encodeURIComponent(filter)}`,
      t.adminToken,
    );
    expect(history.status).toBe(200);
    expect(
      history.body.items
        .filter((e: Json) => e.collection === 'employee_tasks')
        .map((e: Json) => [e.action, e.held_by]),
    ).toEqual([
      ['CREATE', employee.id],
      ['UPDATE', employee.id],
      ['DELETE', employee.id],
    ]);
    const own = history.body.items.filter((e: Json) => e.collection === 'employees');
    expect(own.map((e: Json) => e.action)).toEqual(
      expect.arrayContaining(['SIGN_IN', 'SIGN_IN_FAILED']),
    );
    const { rows } = await t.db.query<{ held_by: string }>(
      `SELECT "held_by" FROM "user_activities" WHERE "record" = $1`,
      [expense.body.id],
    );
    expect(rows).toEqual([{ held_by: '' }]);
  });
});
