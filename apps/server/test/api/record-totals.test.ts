import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * `GET /api/collections/:c/totals`: a list's count and money sums, computed in SQL, under the
 * same access as the list (a money screen's figures without fetching every page).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field
type Json = Record<string, any>;

async function call(method: string, url: string, token: string, payload?: Json) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: token } : {},
    payload,
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}
const totals = (collection: string, query: Record<string, string>, token = t.adminToken) =>
  call('GET', `/api/collections/${collection}/totals?${new URLSearchParams(query)}`, token);

describe('record totals', () => {
  let donor = '';
  beforeAll(async () => {
    donor = `Totals donor ${Date.now()}`;
    const v = await call('POST', '/api/collections/vaults/records', t.adminToken, {
      title: 'Totals vault',
      kind: 'main',
      active: true,
    });
    expect(v.status).toBe(200);
    // Amounts whose float sum is not exact (0.1 + 0.2): the sum is the database's numeric one.
    for (const [amount, fees] of [
      [0.1, 0.01],
      [0.2, 0.02],
      [100.05, 0],
    ]) {
      const d = await call('POST', '/api/collections/donations/records', t.adminToken, {
        donor,
        amount,
        transaction_fees: fees,
        received_on: '2026-02-01',
        vault: v.body.id,
      });
      expect(d.status).toBe(200);
    }
  });

  it('counts and sums what the list with the same filter lists', async () => {
    const filter = `donor = "${donor}"`;
    const res = await totals('donations', { filter, sum: 'amount,transaction_fees' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 3, sums: { amount: 100.35, transaction_fees: 0.03 } });
    const list = await call(
      'GET',
      `/api/collections/donations/records?${new URLSearchParams({ filter })}`,
      t.adminToken,
    );
    expect(list.body.totalItems).toBe(res.body.count);

    const narrower = await totals('donations', {
      filter: `${filter} && amount > 1`,
      sum: 'amount',
    });
    expect(narrower.body).toEqual({ count: 1, sums: { amount: 100.05 } });
    const none = await totals('donations', { filter: 'donor = "nobody at all"', sum: 'amount' });
    expect(none.body).toEqual({ count: 0, sums: { amount: 0 } });
  });

  it('asks for the permission the list asks for', async () => {
    expect((await totals('donations', { sum: 'amount' }, '')).status).toBe(401);
    const outsider = await t.employeeWith(['expenses.read']);
    expect((await totals('donations', { sum: 'amount' }, outsider.token)).status).toBe(403);
    const reader = await t.employeeWith(['donations.read']);
    const res = await totals('donations', { filter: `donor = "${donor}"` }, reader.token);
    expect(res).toEqual({ status: 200, body: { count: 3, sums: {} } });
  });

  it('refuses a field that is not money, a money field the account may not read, a bad filter', async () => {
    expect((await totals('donations', { sum: 'donor' })).status).toBe(400);
    expect((await totals('donations', { sum: 'nothing' })).status).toBe(400);
    expect((await totals('donations', { filter: 'amount >' })).status).toBe(400);
    expect((await totals('no_such_collection', {})).status).toBe(404);
    // A payroll run's net total is salary: without employees.read_salary it is not summed.
    const runs = await t.employeeWith(['payroll.read']);
    expect((await totals('payroll_runs', { sum: 'total_net' }, runs.token)).status).toBe(403);
    expect((await totals('payroll_runs', { sum: 'total_net' })).status).toBe(200);
  });
});
