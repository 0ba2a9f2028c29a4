import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The ledger's invariants. A property test drives random sequences of every money movement
 * through the API against a model in whole cents; after each step every vault's balance equals
 * the sum of its entries, equals what the source records imply, and is not negative. The
 * concurrency tests go through a listening server with real parallel HTTP requests, so on
 * PostgreSQL (DATABASE_URL) the transactions truly overlap.
 */
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = Record<string, any>;

async function call(method: string, url: string, payload?: Json, token = t.adminToken) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: token },
    payload,
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}
const post = (c: string, p: Json) => call('POST', `/api/collections/${c}/records`, p);
// Another account approves what the administrator records (separation of duties).
const secondApprover = () => t.approverToken;
const patch = (c: string, id: string, p: Json, token?: string) =>
  call('PATCH', `/api/collections/${c}/records/${id}`, p, token);
const money = (cents: number) => cents / 100;

/** Per vault: the stored balance, the sum of its entries, and what the source records imply. */
async function ledgerState(ids: string[]) {
  const { rows } = await t.db.query<{
    id: string;
    balance: string;
    entries: string;
    implied: string;
  }>(
    `SELECT v."id", v."balance"::text AS balance,
            COALESCE((SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."vault" = v."id"), 0)::text AS entries,
            (COALESCE((SELECT sum(d."amount" - d."transaction_fees") FROM "donations" d WHERE d."vault" = v."id"), 0)
             + COALESCE((SELECT sum(x."amount") FROM "vault_transfers" x WHERE x."to_vault" = v."id"), 0)
             - COALESCE((SELECT sum(x."amount") FROM "vault_transfers" x WHERE x."from_vault" = v."id"), 0)
             + COALESCE((SELECT sum(c."difference") FROM "cash_counts" c WHERE c."vault" = v."id"), 0)
             - COALESCE((SELECT sum(x."amount") FROM "expenses" x WHERE x."vault" = v."id" AND x."status" = 'paid'), 0)
             - COALESCE((SELECT sum(a."amount") FROM "employee_advances" a WHERE a."vault" = v."id" AND a."status" IN ('paid','partly_repaid','repaid')), 0)
             + COALESCE((SELECT sum(r."amount") FROM "advance_repayments" r JOIN "employee_advances" a ON a."id" = r."advance"
                          WHERE a."vault" = v."id" AND r."source" = 'manual'), 0))::text AS implied
       FROM "vaults" v WHERE v."id" = ANY($1::text[]) ORDER BY array_position($1::text[], v."id")`,
    [ids],
  );
  return rows;
}

const cents = (text: string) => Math.round(Number(text) * 100);

type Op =
  | { op: 'donate'; v: number; amount: number; fee: number }
  | { op: 'transfer'; from: number; to: number; amount: number }
  | { op: 'expense'; v: number; amount: number }
  | { op: 'approve' | 'pay' | 'reverse'; i: number }
  | { op: 'advance'; v: number; amount: number }
  | { op: 'payAdvance'; i: number }
  | { op: 'repay'; i: number; amount: number; payroll: boolean }
  | { op: 'count'; v: number; delta: number };

const VAULTS = 3;
const amount = fc.integer({ min: 1, max: 50_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('donate' as const),
    v: fc.nat(VAULTS - 1),
    amount,
    fee: fc.nat(500),
  }),
  fc.record({
    op: fc.constant('transfer' as const),
    from: fc.nat(VAULTS - 1),
    to: fc.nat(VAULTS - 1),
    amount,
  }),
  fc.record({ op: fc.constant('expense' as const), v: fc.nat(VAULTS - 1), amount }),
  fc.record({
    op: fc.constantFrom('approve' as const, 'pay' as const, 'reverse' as const),
    i: fc.nat(20),
  }),
  fc.record({
    op: fc.constant('advance' as const),
    v: fc.nat(VAULTS - 1),
    amount: fc.integer({ min: 100, max: 30_000 }),
  }),
  fc.record({ op: fc.constant('payAdvance' as const), i: fc.nat(20) }),
  fc.record({ op: fc.constant('repay' as const), i: fc.nat(20), amount, payroll: fc.boolean() }),
  fc.record({
    op: fc.constant('count' as const),
    v: fc.nat(VAULTS - 1),
    delta: fc.integer({ min: -5_000, max: 5_000 }),
  }),
);

describe('ledger invariants (property)', () => {
  it('after every step, balance = sum of entries = what the sources imply, never negative, and the API agrees with the model', async () => {
    const employee = await t.employeeWith([]);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
        run += 1;
        const vaults: string[] = [];
        for (let v = 0; v < VAULTS; v++)
          vaults.push(
            (
              await post('vaults', {
                title: `Run ${run} vault ${v}`,
                kind: v === 2 ? 'cash' : 'main',
              })
            ).body.id,
          );
        const bal = Array(VAULTS).fill(0) as number[];
        const expenses: { id: string; v: number; amount: number; status: string }[] = [];
        const advances: {
          id: string;
          v: number;
          amount: number;
          status: string;
          remaining: number;
        }[] = [];
        for (const o of ops) {
          let res: { status: number; body: Json };
          let expected: number;
          switch (o.op) {
            case 'donate': {
              const fee = Math.min(o.fee, o.amount);
              res = await post('donations', {
                donor: 'Prop donor',
                amount: money(o.amount),
                transaction_fees: money(fee),
                received_on: '2026-01-01',
                vault: vaults[o.v],
              });
              expected = 200;
              if (res.status === 200) bal[o.v] += o.amount - fee;
              break;
            }
            case 'transfer': {
              const to = o.to === o.from ? (o.from + 1) % VAULTS : o.to;
              res = await post('vault_transfers', {
                from_vault: vaults[o.from],
                to_vault: vaults[to],
                amount: money(o.amount),
                date: '2026-01-02',
              });
              expected = bal[o.from] >= o.amount ? 200 : 400;
              if (res.status === 200) {
                bal[o.from] -= o.amount;
                bal[to] += o.amount;
              }
              break;
            }
            case 'expense': {
              res = await post('expenses', {
                beneficiary: 'Prop supplier',
                amount: money(o.amount),
                date: '2026-01-03',
                vault: vaults[o.v],
              });
              expected = 200;
              if (res.status === 200)
                expenses.push({ id: res.body.id, v: o.v, amount: o.amount, status: 'pending' });
              break;
            }
            case 'approve':
            case 'pay':
            case 'reverse': {
              const e = expenses[o.i % Math.max(expenses.length, 1)];
              if (!e) continue;
              const to = { approve: 'approved', pay: 'paid', reverse: 'reversed' }[o.op];
              const from = { approve: 'pending', pay: 'approved', reverse: 'paid' }[o.op];
              res = await patch(
                'expenses',
                e.id,
                { status: to },
                to === 'approved' ? secondApprover() : undefined,
              );
              // Saving the status it already has is a no-op.
              const noop = e.status === to;
              expected =
                noop || (e.status === from && (o.op !== 'pay' || bal[e.v] >= e.amount)) ? 200 : 400;
              if (res.status === 200 && !noop) {
                e.status = to;
                if (o.op === 'pay') bal[e.v] -= e.amount;
                if (o.op === 'reverse') bal[e.v] += e.amount;
              }
              break;
            }
            case 'advance': {
              res = await post('employee_advances', {
                employee: employee.id,
                amount: money(o.amount),
                date: '2026-01-04',
                vault: vaults[o.v],
              });
              expected = 200;
              if (res.status === 200)
                advances.push({
                  id: res.body.id,
                  v: o.v,
                  amount: o.amount,
                  status: 'requested',
                  remaining: o.amount,
                });
              break;
            }
            case 'payAdvance': {
              const a = advances[o.i % Math.max(advances.length, 1)];
              if (!a) continue;
              const to = a.status === 'requested' ? 'approved' : 'paid';
              res = await patch(
                'employee_advances',
                a.id,
                { status: to },
                to === 'approved' ? secondApprover() : undefined,
              );
              const noop = a.status === to;
              expected =
                noop ||
                a.status === 'requested' ||
                (a.status === 'approved' && bal[a.v] >= a.amount)
                  ? 200
                  : 400;
              if (res.status === 200 && !noop) {
                a.status = to;
                if (to === 'paid') bal[a.v] -= a.amount;
              }
              break;
            }
            case 'repay': {
              const a = advances[o.i % Math.max(advances.length, 1)];
              if (!a) continue;
              res = await post('advance_repayments', {
                advance: a.id,
                amount: money(o.amount),
                date: '2026-01-05',
                source: o.payroll ? 'payroll' : 'manual',
              });
              expected =
                ['paid', 'partly_repaid'].includes(a.status) && o.amount <= a.remaining ? 200 : 400;
              if (res.status === 200) {
                a.remaining -= o.amount;
                a.status = a.remaining === 0 ? 'repaid' : 'partly_repaid';
                if (!o.payroll) bal[a.v] += o.amount;
              }
              break;
            }
            case 'count': {
              const counted = Math.max(0, bal[o.v] + o.delta);
              res = await post('cash_counts', {
                vault: vaults[o.v],
                counted: money(counted),
                date: '2026-01-06',
                reason: 'Property count',
              });
              expected = 200;
              if (res.status === 200) bal[o.v] = counted;
              break;
            }
          }
          expect(res.status, `${JSON.stringify(o)} -> ${JSON.stringify(res.body)}`).toBe(expected);
          if (
            res.status === 400 &&
            ['transfer', 'pay', 'payAdvance'].includes(o.op) &&
            expected === 400 &&
            res.body.data?.amount
          )
            expect(res.body.data.amount.code).toBe('validation_insufficient_funds');
          for (const [v, state] of (await ledgerState(vaults)).entries()) {
            expect(cents(state.balance)).toBe(bal[v]);
            expect(cents(state.entries)).toBe(bal[v]);
            expect(cents(state.implied)).toBe(bal[v]);
            expect(bal[v]).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: Number(process.env.FINANCE_PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 600_000);
});

describe('concurrent payments (real parallel HTTP requests)', () => {
  async function http(method: string, path: string, payload?: Json) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: t.adminToken, 'content-type': 'application/json' },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
  }

  async function fundedVault(title: string, amount: number) {
    const v = (await post('vaults', { title, kind: 'main' })).body.id as string;
    await post('donations', {
      donor: 'Concurrent donor',
      amount,
      received_on: '2026-01-01',
      vault: v,
    });
    return v;
  }

  async function approvedExpenses(vault: string, amounts: number[]) {
    const ids: string[] = [];
    for (const a of amounts) {
      const e = await post('expenses', {
        beneficiary: 'Concurrent supplier',
        amount: a,
        date: '2026-01-02',
        vault,
      });
      await patch('expenses', e.body.id, { status: 'approved' }, secondApprover());
      ids.push(e.body.id);
    }
    return ids;
  }

  async function entriesOf(ids: string[]) {
    const { rows } = await t.db.query<{ source_id: string; amount: string }>(
      `SELECT "source_id", "amount"::text AS amount FROM "ledger_entries" WHERE "source_collection" = 'expenses' AND "source_id" = ANY($1::text[])`,
      [ids],
    );
    return rows;
  }

  it('20 payments of 15.00 from a vault of 100.00: exactly 6 succeed, nothing is overdrawn', async () => {
    const vault = await fundedVault('Concurrent equal', 100);
    const ids = await approvedExpenses(vault, Array(20).fill(15));
    const results = await Promise.all(
      ids.map((id) => http('PATCH', `/api/collections/expenses/records/${id}`, { status: 'paid' })),
    );
    const ok = ids.filter((_, i) => results[i].status === 200);
    expect(ok).toHaveLength(6);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.data.amount.code).toBe('validation_insufficient_funds');
    }
    const [state] = await ledgerState([vault]);
    expect(state).toMatchObject({ balance: '10.00', entries: '10.00', implied: '10.00' });
    // Every success has its entry, and nothing else does.
    const entries = await entriesOf(ids);
    expect(entries.map((e) => e.source_id).sort()).toEqual([...ok].sort());
    expect(entries.every((e) => e.amount === '-15.00')).toBe(true);
    const { rows } = await t.db.query<{ status: string; n: number }>(
      `SELECT "status", count(*)::int AS n FROM "expenses" WHERE "id" = ANY($1::text[]) GROUP BY "status" ORDER BY "status"`,
      [ids],
    );
    expect(rows).toEqual([
      { status: 'approved', n: 14 },
      { status: 'paid', n: 6 },
    ]);
  }, 120_000);

  it('20 payments of mixed amounts: what succeeds is what the balance allowed, and every refusal was unaffordable', async () => {
    const vault = await fundedVault('Concurrent mixed', 250);
    const amounts = Array.from({ length: 20 }, (_, i) => 5 + ((i * 7) % 40) + 0.25);
    const ids = await approvedExpenses(vault, amounts);
    const results = await Promise.all(
      ids.map((id) => http('PATCH', `/api/collections/expenses/records/${id}`, { status: 'paid' })),
    );
    const paidCents = amounts.reduce(
      (sum, a, i) => sum + (results[i].status === 200 ? Math.round(a * 100) : 0),
      0,
    );
    const finalCents = 25_000 - paidCents;
    expect(finalCents).toBeGreaterThanOrEqual(0);
    const [state] = await ledgerState([vault]);
    expect(cents(state.balance)).toBe(finalCents);
    expect(cents(state.entries)).toBe(finalCents);
    // The balance only went down, so a refused payment was larger than what was left at the end.
    amounts.forEach((a, i) => {
      if (results[i].status !== 200) {
        expect(results[i].status).toBe(400);
        expect(Math.round(a * 100)).toBeGreaterThan(finalCents);
      }
    });
    const entries = await entriesOf(ids);
    expect(entries).toHaveLength(results.filter((r) => r.status === 200).length);
  }, 120_000);

  it('20 simultaneous repayments of one advance never repay more than it', async () => {
    const vault = await fundedVault('Concurrent advance', 500);
    const employee = await t.employeeWith([]);
    const a = await post('employee_advances', {
      employee: employee.id,
      amount: 100,
      date: '2026-01-01',
      vault,
    });
    await patch('employee_advances', a.body.id, { status: 'approved' }, secondApprover());
    await patch('employee_advances', a.body.id, { status: 'paid' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        http('POST', '/api/collections/advance_repayments/records', {
          advance: a.body.id,
          amount: 15,
          date: '2026-01-02',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    const advance = await call('GET', `/api/collections/employee_advances/records/${a.body.id}`);
    expect(advance.body).toMatchObject({ repaid: 90, remaining: 10, status: 'partly_repaid' });
    const [state] = await ledgerState([vault]);
    expect(state).toMatchObject({ balance: '490.00', entries: '490.00', implied: '490.00' });
  }, 120_000);
});
