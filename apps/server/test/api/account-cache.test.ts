import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { openPostgres } from '../../src/db/database';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The signed-in accounts each process keeps (core/account-cache.ts) never outlive a change: two
 * server processes share one PostgreSQL database, and right after a change has answered, both
 * refuse what it took away. The cache exists on PostgreSQL only (PGlite reads the account
 * in-process), so this block runs in the PostgreSQL pass of .ci/run.
 */
describe.runIf(!!process.env.DATABASE_URL)('the account cache across processes', () => {
  let t: TestApp;
  let second: BuiltApp;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    t = await startTestApp();
    const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const db = await openPostgres(url.toString(), 4);
    second = await buildApp(t.config, { db });
    closeSecond = async () => {
      await second.close();
      await db.close();
    };
  });

  afterAll(async () => {
    await closeSecond?.();
    await t?.stop();
  });

  const members = async (app: BuiltApp, token: string) =>
    (
      await app.app.inject({
        method: 'GET',
        url: '/api/collections/members/records?perPage=1',
        headers: { authorization: token },
      })
    ).statusCode;
  const patch = async (app: BuiltApp, collection: string, id: string, body: object) =>
    (
      await app.app.inject({
        method: 'PATCH',
        url: `/api/collections/${collection}/records/${id}`,
        headers: { authorization: t.adminToken },
        payload: body,
      })
    ).statusCode;
  const roleOf = async (employee: string) => {
    const { rows } = await t.db.query<{ roles: string[] }>(
      `SELECT "roles" FROM "employees" WHERE "id" = $1`,
      [employee],
    );
    return rows[0].roles[0];
  };

  it('refuses a permission taken from a role in every process once the change has answered', async () => {
    const asker = await t.employeeWith(['members.read']);
    const role = await roleOf(asker.id);
    const processes = [t, second];
    // Both processes now keep the account: the second request of each is answered from memory.
    for (const app of processes)
      for (let i = 0; i < 2; i++) expect(await members(app, asker.token)).toBe(200);
    for (const app of processes) expect(app.accounts!.stats().hits).toBeGreaterThan(0);

    for (let round = 0; round < 10; round++) {
      const [changer, other] = round % 2 ? [t, second] : [second, t];
      expect(await patch(changer, 'roles', role, { permissions: [] })).toBe(200);
      expect([await members(t, asker.token), await members(second, asker.token)]).toEqual([
        403, 403,
      ]);
      expect(await patch(other, 'roles', role, { permissions: ['members.read'] })).toBe(200);
      expect([await members(t, asker.token), await members(second, asker.token)]).toEqual([
        200, 200,
      ]);
    }
  });

  it('refuses a suspended account, and a token whose password was reset, in every process at once', async () => {
    const asker = await t.employeeWith(['members.read']);
    for (const app of [t, second]) expect(await members(app, asker.token)).toBe(200);

    expect(await patch(t, 'employees', asker.id, { employment_status: 'Suspended' })).toBe(200);
    // A suspended account is signed out: the list asks for a signed-in account.
    expect(await members(second, asker.token)).toBe(401);
    expect(await members(t, asker.token)).toBe(401);

    const other = await t.employeeWith(['members.read']);
    for (const app of [t, second]) expect(await members(app, other.token)).toBe(200);
    // Resetting the password changes the token key: the old token is refused everywhere.
    const reset = await second.app.inject({
      method: 'POST',
      url: `/api/accounts/employees/${other.id}/reset-password`,
      headers: { authorization: t.adminToken },
    });
    expect(reset.statusCode).toBe(204);
    expect([await members(t, other.token), await members(second, other.token)]).toEqual([401, 401]);
  });

  it('reads accounts from the database while its NOTIFY connection is down, and listens again', async () => {
    const asker = await t.employeeWith(['members.read']);
    const role = await roleOf(asker.id);
    for (const app of [t, second]) expect(await members(app, asker.token)).toBe(200);
    // Cut every listening connection of this database (both processes').
    await t.db.query(
      `SELECT pg_terminate_backend("pid") FROM pg_stat_activity
        WHERE "datname" = current_database() AND "query" LIKE 'LISTEN %' AND "pid" <> pg_backend_pid()`,
    );
    await expect.poll(() => second.accounts!.stats().size, { timeout: 5_000 }).toBe(0);
    // Meanwhile a change made through one process is still refused by the other at once.
    expect(await patch(t, 'roles', role, { permissions: [] })).toBe(200);
    expect(await members(second, asker.token)).toBe(403);
    expect(await patch(t, 'roles', role, { permissions: ['members.read'] })).toBe(200);
    // Listening again (a second later), the processes keep accounts again.
    await expect
      .poll(
        async () => {
          const before = second.accounts!.stats().hits;
          await members(second, asker.token);
          await members(second, asker.token);
          return second.accounts!.stats().hits > before;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    expect(await patch(second, 'roles', role, { permissions: [] })).toBe(200);
    expect([await members(t, asker.token), await members(second, asker.token)]).toEqual([403, 403]);
  });

  it('knows the other process and waits for it', async () => {
    expect(t.accounts!.stats().peers).toBe(2);
    expect(second.accounts!.stats().peers).toBe(2);
  });
});
