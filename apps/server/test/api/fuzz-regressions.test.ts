/**
 * The 500s the fuzz suite (fuzz.test.ts) found, each pinned by the request that found it.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.stop());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } });

describe('found by the fuzz suite', () => {
  it('sorting by a macro (@now, @todayStart) with the total counted', async () => {
    // The count bound the sort's parameter too; PostgreSQL refused the statement.
    for (const sort of ['-@now', '+@todayStart,updated', 'email,@yearEnd']) {
      const res = await get(`/api/collections/employees/records?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, `${sort}: ${res.body}`).toBe(200);
      expect(res.json<{ totalItems: number }>().totalItems).toBeGreaterThan(0);
    }
  });

  it('a filter and a macro sort together still count with the filter', async () => {
    const res = await get(
      `/api/collections/employees/records?filter=${encodeURIComponent('email != ""')}&sort=-@now`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ totalItems: number }>().totalItems).toBeGreaterThan(0);
  });

  it('reset-password with an id holding a NUL or other non-id characters is a 404', async () => {
    for (const id of ['a%00', '%ED%B2%AE', 'x'.repeat(400), 'a%20b']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/accounts/employees/${id}/reset-password`,
        headers: { authorization: t.adminToken },
      });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
    }
  });
});
