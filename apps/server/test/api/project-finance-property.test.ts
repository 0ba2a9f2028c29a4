import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Random request / item / approval / decline / bill sequences against a model kept by the test:
 * after every step each budget line's used and held amounts are what the model says, used + held
 * + remaining = budget with nothing negative, and the project vault equals the sum of its
 * entries. Then concurrent approvals, which must never overspend (run it with DATABASE_URL to
 * have real concurrency on PostgreSQL).
 */
let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies
type Json = Record<string, any>;
type Headers = Record<string, string>;
const rec = (c: string, id = '') => `/api/collections/${c}/records${id ? `/${id}` : ''}`;
async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Json,
  headers: Headers = admin(),
) {
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}

type Team = {
  project: string;
  vault: string;
  lines: { id: string; budget: number }[];
  creator: Headers;
  approver: Headers;
};

async function team(budgets: number[], funds: number): Promise<Team> {
  const project = (await call('POST', rec('projects'), { title: 'Property project' })).body
    .id as string;
  const vaults = await call(
    'GET',
    `${rec('vaults')}?filter=${encodeURIComponent(`project = "${project}"`)}`,
  );
  const vault = vaults.body.items[0].id as string;
  if (funds > 0)
    expect(
      (
        await call('POST', rec('donations'), {
          donor: 'Fund',
          amount: funds,
          received_on: '2026-01-01',
          project,
        })
      ).status,
    ).toBe(200);
  const lines = [];
  for (const [i, budget] of budgets.entries()) {
    const l = await call('POST', rec('project_budget_lines'), {
      project,
      title: `Line ${i + 1}`,
      budget,
    });
    lines.push({ id: l.body.id as string, budget });
  }
  const creator = await t.employeeWith(['project_finance.read']);
  const approver = await t.employeeWith(['project_finance.read']);
  await call('POST', rec('project_financial_committees'), {
    project,
    employee: creator.id,
    can_create: true,
  });
  await call('POST', rec('project_financial_committees'), {
    project,
    employee: approver.id,
    can_update_status: true,
  });
  return {
    project,
    vault,
    lines,
    creator: { authorization: creator.token },
    approver: { authorization: approver.token },
  };
}

/** The figures stored by the server. */
async function stored(tm: Team) {
  const { rows } = await t.db.query<{ id: string; budget: string; used: string; held: string }>(
    `SELECT "id", "budget"::text AS budget, "used_amount"::text AS used, "held_amount"::text AS held
       FROM "project_budget_lines" WHERE "project" = $1`,
    [tm.project],
  );
  const v = await t.db.query<{ balance: string; entries: string }>(
    `SELECT (SELECT "balance" FROM "vaults" WHERE "id" = $1)::text AS balance,
            COALESCE((SELECT sum("amount") FROM "ledger_entries" WHERE "vault" = $1), 0)::text AS entries`,
    [tm.vault],
  );
  const cents = (x: string) => Math.round(Number(x) * 100);
  return {
    lines: new Map(
      rows.map((r) => [
        r.id,
        { budget: cents(r.budget), used: cents(r.used), held: cents(r.held) },
      ]),
    ),
    balance: cents(v.rows[0].balance),
    entries: cents(v.rows[0].entries),
  };
}

type Op =
  | { kind: 'request' }
  | { kind: 'item'; req: number; line: number; unit: number; qty: number; rate: number }
  | { kind: 'approve' | 'decline' | 'bill' | 'billApprove'; req: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'request' as const }),
  fc.record({
    kind: fc.constant('item' as const),
    req: fc.nat(5),
    line: fc.nat(2),
    unit: fc.integer({ min: 1, max: 40000 }),
    qty: fc.integer({ min: 1, max: 4 }),
    rate: fc.constantFrom(1, 0.9, 3.75, 1500),
  }),
  fc.record({
    kind: fc.constantFrom(
      'approve' as const,
      'decline' as const,
      'bill' as const,
      'billApprove' as const,
    ),
    req: fc.nat(5),
  }),
);

describe('project finance invariants', () => {
  it('keeps used + held + remaining = budget and the vault equal to its entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 8, maxLength: 30 }), async (ops) => {
        const tm = await team([500, 300, 800], 900);
        // The model: each request's status, its items' base cents per line, whether it has bills.
        const model: {
          id: string;
          status: string;
          items: { line: number; base: number }[];
          bills: boolean;
        }[] = [];
        let balance = 90000;
        for (const op of ops) {
          if (op.kind === 'request') {
            const r = await call(
              'POST',
              rec('financial_requests'),
              { project: tm.project, title: 'Random request' },
              tm.creator,
            );
            expect(r.status).toBe(200);
            model.push({ id: r.body.id, status: 'PENDING', items: [], bills: false });
            continue;
          }
          const m = model[op.req];
          if (!m) continue;
          if (op.kind === 'item') {
            const res = await call(
              'POST',
              rec('financial_request_items'),
              {
                financial_request: m.id,
                budget_line: tm.lines[op.line].id,
                title: 'Thing',
                quantity: op.qty,
                currency: 'XYZ',
                unit_price: op.unit / 100,
                exchange_rate: op.rate,
              },
              tm.creator,
            );
            expect(res.status).toBe(m.status === 'PENDING' ? 200 : 400);
            if (res.status === 200) {
              const base = Math.round((op.unit * op.qty) / op.rate);
              expect(Math.round(res.body.base_amount * 100)).toBe(base);
              m.items.push({ line: op.line, base });
            }
          } else if (op.kind === 'bill') {
            const body = await multipart([
              [
                'bills',
                { filename: 'b.pdf', data: Buffer.from('%PDF-1.4\n'), type: 'application/pdf' },
              ],
            ]);
            const res = await t.app.inject({
              method: 'PATCH',
              url: rec('financial_requests', m.id),
              headers: { ...tm.creator, ...body.headers },
              payload: body.payload,
            });
            expect(res.statusCode).toBe(['PENDING', 'APPROVED'].includes(m.status) ? 200 : 400);
            if (res.statusCode === 200) m.bills = true;
          } else {
            const to = { approve: 'APPROVED', decline: 'DECLINED', billApprove: 'BILL_APPROVED' }[
              op.kind
            ];
            // The figures before the move: what the model decides on.
            const st = await stored(tm);
            const res = await call(
              'PATCH',
              rec('financial_requests', m.id),
              { status: to },
              tm.approver,
            );
            // What the model allows: the flow, items and bills, the line's and the vault's room.
            // Sending the status a request already has is no move (clients send whole records).
            const unchanged = m.status === to;
            let allowed =
              (unchanged ||
                (
                  {
                    PENDING: ['APPROVED', 'DECLINED'],
                    APPROVED: ['BILL_APPROVED', 'DECLINED'],
                  } as Record<string, string[]>
                )[m.status]?.includes(to)) ??
              false;
            const total = m.items.reduce((s, i) => s + i.base, 0);
            if (allowed && !unchanged && to === 'APPROVED') {
              const heldAll = model
                .filter((x) => x.status === 'APPROVED')
                .reduce((s, x) => s + x.items.reduce((a, i) => a + i.base, 0), 0);
              const fits = tm.lines.every((l, li) => {
                const need = m.items.filter((i) => i.line === li).reduce((s, i) => s + i.base, 0);
                const s = st.lines.get(l.id)!;
                return need <= s.budget - s.used - s.held;
              });
              allowed = total > 0 && fits && total <= balance - heldAll;
            }
            if (allowed && !unchanged && to === 'BILL_APPROVED') allowed = m.bills;
            expect(res.status, JSON.stringify(res.body)).toBe(allowed ? 200 : 400);
            if (allowed && !unchanged) {
              if (to === 'BILL_APPROVED') balance -= total;
              m.status = to;
            }
          }
          // The invariants, after every step.
          const st = await stored(tm);
          expect(st.balance).toBe(st.entries);
          expect(st.balance).toBe(balance);
          for (const [li, l] of tm.lines.entries()) {
            const s = st.lines.get(l.id)!;
            const sumOn = (status: string) =>
              model
                .filter((x) => x.status === status)
                .reduce(
                  (a, x) =>
                    a + x.items.filter((i) => i.line === li).reduce((b, i) => b + i.base, 0),
                  0,
                );
            expect(s.used).toBe(sumOn('BILL_APPROVED'));
            expect(s.held).toBe(sumOn('APPROVED'));
            const remaining = s.budget - s.used - s.held;
            expect(remaining).toBeGreaterThanOrEqual(0);
            expect(s.used + s.held + remaining).toBe(l.budget * 100);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('never overspends under concurrent approvals', async () => {
    // Line: 1000; vault: 1000. Eight requests of 300 approved at once: three fit.
    const tm = await team([1000], 1000);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await call(
        'POST',
        rec('financial_requests'),
        { project: tm.project, title: `Concurrent ${i}` },
        tm.creator,
      );
      await call(
        'POST',
        rec('financial_request_items'),
        {
          financial_request: r.body.id,
          budget_line: tm.lines[0].id,
          title: 'Part',
          quantity: 1,
          currency: 'USD',
          unit_price: 300,
          exchange_rate: 1,
        },
        tm.creator,
      );
      ids.push(r.body.id);
    }
    const results = await Promise.all(
      ids.map((id) =>
        call('PATCH', rec('financial_requests', id), { status: 'APPROVED' }, tm.approver),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    const st = await stored(tm);
    expect(st.lines.get(tm.lines[0].id)).toEqual({ budget: 100000, used: 0, held: 90000 });

    // Vault-bound: a second line of 1000 on the same vault; 100 free is left for four of 60.
    const other = await call('POST', rec('project_budget_lines'), {
      project: tm.project,
      title: 'Other',
      budget: 1000,
    });
    const more: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call(
        'POST',
        rec('financial_requests'),
        { project: tm.project, title: `Vault ${i}` },
        tm.creator,
      );
      await call(
        'POST',
        rec('financial_request_items'),
        {
          financial_request: r.body.id,
          budget_line: other.body.id,
          title: 'Part',
          quantity: 1,
          currency: 'USD',
          unit_price: 60,
          exchange_rate: 1,
        },
        tm.creator,
      );
      more.push(r.body.id);
    }
    const second = await Promise.all(
      more.map((id) =>
        call('PATCH', rec('financial_requests', id), { status: 'APPROVED' }, tm.approver),
      ),
    );
    expect(second.filter((r) => r.status === 200)).toHaveLength(1);
    const { rows } = await t.db.query<{ held: string }>(
      `SELECT sum("amount")::text AS held FROM "financial_requests" WHERE "project" = $1 AND "status" = 'APPROVED'`,
      [tm.project],
    );
    expect(Number(rows[0].held)).toBe(960);
  }, 120_000);
});
