import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { depreciationSchedule } from '../../src/domain/finance-assets';
import { centsText, toCents } from '../../src/domain/finance-ledger';

/** Finance records through the API: validation, permissions, workflows, reversal, the ledger. */
let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
// Another account approves what the administrator records (separation of duties).
const secondApprover = () => ({ authorization: t.approverToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = Record<string, any>;

async function call(method: string, url: string, payload?: Json, headers = admin()) {
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}
const post = (c: string, p: Json, h = admin()) =>
  call('POST', `/api/collections/${c}/records`, p, h);
const patch = (c: string, id: string, p: Json, h = admin()) =>
  call('PATCH', `/api/collections/${c}/records/${id}`, p, h);
const get = (c: string, id: string, h = admin()) =>
  call('GET', `/api/collections/${c}/records/${id}`, undefined, h);
const del = (c: string, id: string, h = admin()) =>
  call('DELETE', `/api/collections/${c}/records/${id}`, undefined, h);

async function vault(title: string, extra: Json = {}) {
  const res = await post('vaults', { title, kind: 'main', active: true, ...extra });
  expect(res.status).toBe(200);
  return res.body;
}
async function balance(id: string) {
  return (await get('vaults', id)).body.balance as number;
}
/** The vault's balance equals the sum of its entries, read from the database. */
async function ledgerSum(id: string) {
  const { rows } = await t.db.query<{ s: string; b: string }>(
    `SELECT COALESCE((SELECT sum("amount") FROM "ledger_entries" WHERE "vault" = $1), 0)::text AS s,
            (SELECT "balance" FROM "vaults" WHERE "id" = $1)::text AS b`,
    [id],
  );
  return { sum: rows[0].s, balance: rows[0].b };
}
async function entriesOf(collection: string, id: string) {
  const { rows } = await t.db.query<Json>(
    `SELECT "id", "vault", "amount"::text AS amount, "kind", "reverses" FROM "ledger_entries"
      WHERE "source_collection" = $1 AND "source_id" = $2 ORDER BY "_rowid"`,
    [collection, id],
  );
  return rows;
}

describe('money helpers', () => {
  it('reads and writes cents exactly', () => {
    expect(toCents('12.30')).toBe(1230);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(centsText(-5)).toBe('-0.05');
    expect(centsText(123456789)).toBe('1234567.89');
  });
});

describe('vaults and the ledger', () => {
  it('ignores a submitted balance and keeps the balance = sum of entries', async () => {
    const v = await vault('Ledger vault', { balance: 999 });
    expect(v.balance).toBe(0);
    expect(v.currency).toBe('USD');
    const d = await post('donations', {
      donor: 'Donor A',
      amount: 100.1,
      transaction_fees: 0.2,
      received_on: '2026-01-05',
      vault: v.id,
    });
    expect(d.status).toBe(200);
    expect(await balance(v.id)).toBe(99.9);
    expect(await ledgerSum(v.id)).toEqual({ sum: '99.90', balance: '99.90' });
    const entries = await entriesOf('donations', d.body.id);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['donation', '100.10'],
      ['donation_fee', '-0.20'],
    ]);
  });

  it('refuses creating, editing or deleting an entry through the API, for anyone', async () => {
    const v = await vault('Immutable vault');
    await post('donations', {
      donor: 'Donor B',
      amount: 10,
      received_on: '2026-01-05',
      vault: v.id,
    });
    const list = await call(
      'GET',
      `/api/collections/ledger_entries/records?filter=${encodeURIComponent(`vault="${v.id}"`)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.totalItems).toBe(1);
    const id = list.body.items[0].id;
    expect(
      (
        await post('ledger_entries', {
          vault: v.id,
          amount: 1000,
          date: '2026-01-01',
          kind: 'correction',
        })
      ).status,
    ).toBe(403);
    expect((await patch('ledger_entries', id, { amount: 1000 })).status).toBe(403);
    expect((await del('ledger_entries', id)).status).toBe(403);
    // And the database refuses it too, whatever the path.
    await expect(
      t.db.query(`UPDATE "ledger_entries" SET "amount" = 5 WHERE "id" = $1`, [id]),
    ).rejects.toThrow();
    await expect(
      t.db.query(`DELETE FROM "ledger_entries" WHERE "id" = $1`, [id]),
    ).rejects.toThrow();
    await expect(
      t.db.query(`UPDATE "vaults" SET "balance" = -1 WHERE "id" = $1`, [v.id]),
    ).rejects.toThrow();
    expect(await balance(v.id)).toBe(10);
  });

  it('needs vaults.read to read balances and entries', async () => {
    const v = await vault('Private vault');
    const nobody = await t.employeeWith([]);
    expect((await get('vaults', v.id, { authorization: nobody.token })).status).toBe(403);
    expect(
      (await call('GET', '/api/finance/vaults/summary', undefined, { authorization: nobody.token }))
        .status,
    ).toBe(403);
    expect(
      (
        await call('GET', `/api/finance/vaults/${v.id}/statement`, undefined, {
          authorization: nobody.token,
        })
      ).status,
    ).toBe(403);
    const reader = await t.employeeWith(['vaults.read']);
    expect((await get('vaults', v.id, { authorization: reader.token })).status).toBe(200);
    expect(
      (await post('vaults', { title: 'No', kind: 'main' }, { authorization: reader.token })).status,
    ).toBe(403);
  });

  it('gives every new project its vault, and a donation to a project without a vault goes there', async () => {
    const project = await post('projects', { title: 'Solar pumps' });
    expect(project.status).toBe(200);
    const vaults = await call(
      'GET',
      `/api/collections/vaults/records?filter=${encodeURIComponent(`project="${project.body.id}"`)}`,
    );
    expect(vaults.body.items).toHaveLength(1);
    expect(vaults.body.items[0].kind).toBe('project');
    const pv = vaults.body.items[0].id;
    const d = await post('donations', {
      donor: 'Solar friends',
      amount: 250,
      received_on: '2026-02-01',
      project: project.body.id,
    });
    expect(d.status).toBe(200);
    expect(d.body.vault).toBe(pv);
    expect(await balance(pv)).toBe(250);
    // Neither a vault nor a project: refused.
    const none = await post('donations', { donor: 'Nobody', amount: 5, received_on: '2026-02-01' });
    expect(none.status).toBe(400);
    expect(none.body.data.vault.code).toBe('validation_required');
    // A second project vault for the same project is refused; the project vault goes with its project only.
    expect(
      (await post('vaults', { title: 'Again', kind: 'project', project: project.body.id })).status,
    ).toBe(400);
    expect((await del('vaults', pv)).status).toBe(400);
    // Money records point at it: the project cannot be deleted, and the refusal names them.
    const refused = await del('projects', project.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Cannot delete the project while it has Donations (1).');
    const empty = await post('projects', { title: 'Short-lived' });
    const emptyVault = (
      await call(
        'GET',
        `/api/collections/vaults/records?filter=${encodeURIComponent(`project="${empty.body.id}"`)}`,
      )
    ).body.items[0];
    expect((await del('projects', empty.body.id)).status).toBe(204);
    const left = await call(
      'GET',
      `/api/collections/vaults/records?filter=${encodeURIComponent(`project="${empty.body.id}"`)}`,
    );
    expect(left.body.totalItems).toBe(0);
    // The vault removed with its project is in the audit trail.
    const { rows } = await t.db.query<Json>(
      `SELECT "action" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
      [emptyVault.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['CREATE', 'DELETE']);
  });

  it('refuses deleting a project that an expense or a grant names, even before money moves', async () => {
    const p = await post('projects', { title: 'Planned well' });
    const v = await vault('Grant-free vault');
    const e = await post('expenses', {
      beneficiary: 'Builder',
      amount: 10,
      date: '2026-01-05',
      vault: v.id,
      project: p.body.id,
      status: 'pending',
    });
    expect(e.status).toBe(200);
    const g = await post('grants', {
      donor: 'Fund',
      title: 'Wells',
      project: p.body.id,
      status: 'draft',
    });
    expect(g.status).toBe(200);
    const refused = await del('projects', p.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Cannot delete the project while it has .*Grants \(1\)/);
    expect(refused.body.message).toMatch(/Expenses \(1\)/);
  });

  it('audits vault changes and donations under finance and their own category', async () => {
    const v = await vault('Audited vault');
    const d = await post('donations', {
      donor: 'Audited donor',
      amount: 3,
      received_on: '2026-02-01',
      vault: v.id,
    });
    const { rows } = await t.db.query<Json>(
      `SELECT "collection", "categories" FROM "user_activities" WHERE "record" = ANY($1::text[]) ORDER BY "_rowid"`,
      [[v.id, d.body.id]],
    );
    expect(rows).toEqual([
      { collection: 'vaults', categories: ['finance', 'vaults'] },
      { collection: 'donations', categories: ['finance', 'donations'] },
    ]);
  });
});

describe('donations', () => {
  it('validates amounts and fees', async () => {
    const v = await vault('Donation checks');
    const bad = await post('donations', {
      donor: 'X',
      amount: 0.001,
      received_on: '',
      vault: v.id,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data).sort()).toEqual(['amount', 'donor', 'received_on']);
    const fees = await post('donations', {
      donor: 'Fees donor',
      amount: 10,
      transaction_fees: 11,
      received_on: '2026-01-01',
      vault: v.id,
    });
    expect(fees.status).toBe(400);
    expect(fees.body.data.transaction_fees.code).toBe('validation_fees_over_amount');
  });

  it('books edits and deletion as corrections, and refuses taking back money already spent', async () => {
    const a = await vault('Donation A');
    const b = await vault('Donation B');
    const d = await post('donations', {
      donor: 'Moving donor',
      amount: 100,
      received_on: '2026-01-01',
      vault: a.id,
    });
    expect((await patch('donations', d.body.id, { amount: 80, transaction_fees: 5 })).status).toBe(
      200,
    );
    expect(await balance(a.id)).toBe(75);
    expect((await patch('donations', d.body.id, { vault: b.id })).status).toBe(200);
    expect(await balance(a.id)).toBe(0);
    expect(await balance(b.id)).toBe(75);
    // Spend part of it, then try to delete the donation: the vault would go negative.
    await post('vault_transfers', {
      from_vault: b.id,
      to_vault: a.id,
      amount: 50,
      date: '2026-01-02',
    });
    const refused = await del('donations', d.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('available balance is 25.00 USD');
    expect(await balance(b.id)).toBe(25);
    expect(await ledgerSum(b.id)).toEqual({ sum: '25.00', balance: '25.00' });
  });

  it('needs donations.create', async () => {
    const v = await vault('Donation permission');
    const reader = await t.employeeWith(['donations.read']);
    expect(
      (
        await post(
          'donations',
          { donor: 'Someone', amount: 1, received_on: '2026-01-01', vault: v.id },
          { authorization: reader.token },
        )
      ).status,
    ).toBe(403);
    expect(await balance(v.id)).toBe(0);
  });
});

describe('transfers and cash counts', () => {
  it('moves money between vaults and refuses more than the balance', async () => {
    const main = await vault('Transfer main');
    const box = await vault('Transfer box', { kind: 'cash', float_limit: 300 });
    await post('donations', {
      donor: 'Transfer donor',
      amount: 500,
      received_on: '2026-01-01',
      vault: main.id,
    });
    const ok = await post('vault_transfers', {
      from_vault: main.id,
      to_vault: box.id,
      amount: 200,
      date: '2026-01-02',
    });
    expect(ok.status).toBe(200);
    expect([await balance(main.id), await balance(box.id)]).toEqual([300, 200]);
    const tooMuch = await post('vault_transfers', {
      from_vault: box.id,
      to_vault: main.id,
      amount: 200.01,
      date: '2026-01-02',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.data.amount.code).toBe('validation_insufficient_funds');
    expect(tooMuch.body.data.amount.params.available).toBe(200);
    expect(tooMuch.body.message).toBe(
      'Not enough money in Transfer box: the available balance is 200.00 USD.',
    );
    // The cash box's float: it may not hold more than 300.
    const over = await post('vault_transfers', {
      from_vault: main.id,
      to_vault: box.id,
      amount: 100.01,
      date: '2026-01-02',
    });
    expect(over.status).toBe(400);
    expect(over.body.data.amount.code).toBe('validation_over_float_limit');
    const same = await post('vault_transfers', {
      from_vault: main.id,
      to_vault: main.id,
      amount: 1,
      date: '2026-01-02',
    });
    expect(same.status).toBe(400);
    expect([await balance(main.id), await balance(box.id)]).toEqual([300, 200]);
    // A transfer is final.
    expect((await patch('vault_transfers', ok.body.id, { amount: 1 })).status).toBe(403);
    expect((await del('vault_transfers', ok.body.id)).status).toBe(403);
    const reader = await t.employeeWith(['vaults.read', 'vaults.create', 'vaults.update']);
    expect(
      (
        await post(
          'vault_transfers',
          { from_vault: main.id, to_vault: box.id, amount: 1, date: '2026-01-02' },
          { authorization: reader.token },
        )
      ).status,
    ).toBe(403);
  });

  it('books a count difference as an adjustment with its reason', async () => {
    const box = await vault('Counted box', { kind: 'cash' });
    await post('donations', {
      donor: 'Box donor',
      amount: 120,
      received_on: '2026-01-01',
      vault: box.id,
    });
    const noReason = await post('cash_counts', { vault: box.id, counted: 110, date: '2026-01-03' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.reason.code).toBe('validation_required');
    const count = await post('cash_counts', {
      vault: box.id,
      counted: 110.5,
      date: '2026-01-03',
      reason: 'Coins missing',
      expected: 1,
      difference: 1,
    });
    expect(count.status).toBe(200);
    expect(count.body.expected).toBe(120);
    expect(count.body.difference).toBe(-9.5);
    expect(await balance(box.id)).toBe(110.5);
    const entries = await entriesOf('cash_counts', count.body.id);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([['cash_adjustment', '-9.50']]);
    // An exact count books nothing and needs no reason.
    const exact = await post('cash_counts', { vault: box.id, counted: 110.5, date: '2026-01-04' });
    expect(exact.status).toBe(200);
    expect(await entriesOf('cash_counts', exact.body.id)).toEqual([]);
  });
});

describe('expenses', () => {
  it('moves pending -> approved -> paid, writes the entry when paid, then reverses with a link', async () => {
    const v = await vault('Expense vault');
    await post('donations', {
      donor: 'Expense donor',
      amount: 100,
      received_on: '2026-01-01',
      vault: v.id,
    });
    const e = await post('expenses', {
      beneficiary: 'Supplier',
      amount: 60,
      date: '2026-01-05',
      vault: v.id,
      status: 'pending',
    });
    expect(e.status).toBe(200);
    expect(e.body.status).toBe('pending');
    // Straight to paid is refused.
    const skip = await patch('expenses', e.body.id, { status: 'paid' });
    expect(skip.status).toBe(400);
    expect(skip.body.data.status.code).toBe('validation_invalid_transition');
    expect(
      (await patch('expenses', e.body.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(200);
    const summary = (await call('GET', '/api/finance/vaults/summary')).body.items.find(
      (x: Json) => x.id === v.id,
    );
    expect(summary).toMatchObject({ balance: 100, on_hold: 60, free: 40 });
    expect(await balance(v.id)).toBe(100);
    const paid = await patch('expenses', e.body.id, { status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.payment_entry).not.toBe('');
    expect(await balance(v.id)).toBe(40);
    // A paid expense is not edited.
    const edit = await patch('expenses', e.body.id, { amount: 10 });
    expect(edit.status).toBe(400);
    expect(edit.body.data.amount.code).toBe('validation_locked');
    expect((await patch('expenses', e.body.id, { status: 'pending' })).status).toBe(400);
    expect((await del('expenses', e.body.id)).status).toBe(400);
    const reversed = await patch('expenses', e.body.id, { status: 'reversed' });
    expect(reversed.status).toBe(200);
    expect(await balance(v.id)).toBe(100);
    const entries = await entriesOf('expenses', e.body.id);
    expect(entries.map((x) => [x.kind, x.amount])).toEqual([
      ['expense', '-60.00'],
      ['expense_reversal', '60.00'],
    ]);
    expect(entries[1].reverses).toBe(entries[0].id);
    expect(reversed.body.reversal_entry).toBe(entries[1].id);
    expect((await patch('expenses', e.body.id, { status: 'paid' })).status).toBe(400);
  });

  it('refuses paying more than the vault holds, with the available balance', async () => {
    const v = await vault('Thin vault');
    await post('donations', {
      donor: 'Thin donor',
      amount: 50,
      received_on: '2026-01-01',
      vault: v.id,
    });
    const e = await post('expenses', {
      beneficiary: 'Big bill',
      amount: 75,
      date: '2026-01-05',
      vault: v.id,
    });
    await patch('expenses', e.body.id, { status: 'approved' }, secondApprover());
    const paid = await patch('expenses', e.body.id, { status: 'paid' });
    expect(paid.status).toBe(400);
    expect(paid.body.message).toBe(
      'Not enough money in Thin vault: the available balance is 50.00 USD.',
    );
    expect((await get('expenses', e.body.id)).body.status).toBe('approved');
    expect(await balance(v.id)).toBe(50);
    expect(await entriesOf('expenses', e.body.id)).toEqual([]);
  });

  it('checks the permission of each move', async () => {
    const v = await vault('Permission vault');
    await post('donations', {
      donor: 'P donor',
      amount: 50,
      received_on: '2026-01-01',
      vault: v.id,
    });
    const clerk = await t.employeeWith(['expenses.read', 'expenses.create', 'expenses.update']);
    const approver = await t.employeeWith(['expenses.read', 'expenses.update', 'expenses.approve']);
    const cashier = await t.employeeWith(['expenses.read', 'expenses.update', 'expenses.pay']);
    const as = (p: { token: string }) => ({ authorization: p.token });
    const e = await post(
      'expenses',
      { beneficiary: 'Perm supplier', amount: 5, date: '2026-01-05', vault: v.id },
      as(clerk),
    );
    expect(e.status).toBe(200);
    expect((await patch('expenses', e.body.id, { status: 'approved' }, as(clerk))).status).toBe(
      403,
    );
    expect((await patch('expenses', e.body.id, { status: 'approved' }, as(cashier))).status).toBe(
      403,
    );
    expect((await patch('expenses', e.body.id, { status: 'approved' }, as(approver))).status).toBe(
      200,
    );
    expect((await patch('expenses', e.body.id, { status: 'paid' }, as(approver))).status).toBe(403);
    expect((await patch('expenses', e.body.id, { status: 'paid' }, as(cashier))).status).toBe(200);
    expect(await balance(v.id)).toBe(45);
    // A new expense cannot start paid, and a declined one stays declined.
    expect(
      (
        await post('expenses', {
          beneficiary: 'Cheat',
          amount: 5,
          date: '2026-01-05',
          vault: v.id,
          status: 'paid',
        })
      ).status,
    ).toBe(400);
    const d = await post('expenses', {
      beneficiary: 'Declined one',
      amount: 5,
      date: '2026-01-05',
      vault: v.id,
    });
    expect((await patch('expenses', d.body.id, { status: 'declined' }, as(approver))).status).toBe(
      200,
    );
    expect(
      (await patch('expenses', d.body.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(400);
    expect((await del('expenses', d.body.id)).status).toBe(204);
    const { rows } = await t.db.query<Json>(
      `SELECT "action", "categories" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
      [e.body.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(rows[0].categories).toEqual(['finance', 'expenses']);
  });
});

describe('the monitor names money records', () => {
  it("by their collection's auditTitle: a text field, or the name a relation points to", async () => {
    const v = await vault('Titled vault');
    const d = await post('donations', {
      donor: 'Nadia Osman',
      amount: 500,
      received_on: '2026-01-05',
      vault: v.id,
    });
    const emp = await t.employeeWith([], { name: 'Samir Advance' });
    const a = await post('employee_advances', {
      employee: emp.id,
      amount: 100,
      date: '2026-01-10',
      vault: v.id,
    });
    expect([d.status, a.status]).toEqual([200, 200]);
    const titles = async (record: string) =>
      (
        await t.db.query<{ action: string; record_title: string }>(
          `SELECT "action", "record_title" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
          [record],
        )
      ).rows;
    expect(await titles(d.body.id)).toEqual([{ action: 'CREATE', record_title: 'Nadia Osman' }]);
    expect(await titles(a.body.id)).toEqual([{ action: 'CREATE', record_title: 'Samir Advance' }]);
    // A repayment has no name and points to an advance that has none either: the advance's
    // employee names both.
    for (const status of ['approved', 'paid'])
      expect(
        (await patch('employee_advances', a.body.id, { status }, secondApprover())).status,
      ).toBe(200);
    const r = await post('advance_repayments', {
      advance: a.body.id,
      amount: 40,
      date: '2026-02-01',
    });
    expect(r.status).toBe(200);
    expect(await titles(r.body.id)).toEqual([{ action: 'CREATE', record_title: 'Samir Advance' }]);
    // A delete is named from the record as it was.
    const gone = await post('donations', {
      donor: 'Leaving Donor',
      amount: 10,
      received_on: '2026-01-06',
      vault: v.id,
    });
    expect((await del('donations', gone.body.id)).status).toBe(204);
    expect((await titles(gone.body.id)).at(-1)).toEqual({
      action: 'DELETE',
      record_title: 'Leaving Donor',
    });
  });
});

describe('advances and repayments', () => {
  it('pays an advance from its vault, then keeps repaid/remaining and the status', async () => {
    const v = await vault('Advance vault');
    await post('donations', {
      donor: 'Advance donor',
      amount: 1000,
      received_on: '2026-01-01',
      vault: v.id,
    });
    const emp = await t.employeeWith([]);
    const a = await post('employee_advances', {
      employee: emp.id,
      amount: 300,
      monthly_deduction: 100,
      date: '2026-01-10',
      vault: v.id,
      repaid: 300,
      remaining: 0,
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: 'requested', repaid: 0, remaining: 300 });
    // Not repaid before it is paid.
    expect(
      (await post('advance_repayments', { advance: a.body.id, amount: 10, date: '2026-01-11' }))
        .status,
    ).toBe(400);
    expect((await patch('employee_advances', a.body.id, { status: 'paid' })).status).toBe(400);
    expect((await patch('employee_advances', a.body.id, { status: 'repaid' })).status).toBe(400);
    expect(
      (await patch('employee_advances', a.body.id, { status: 'approved' }, secondApprover()))
        .status,
    ).toBe(200);
    expect((await patch('employee_advances', a.body.id, { status: 'paid' })).status).toBe(200);
    expect(await balance(v.id)).toBe(700);
    const r1 = await post('advance_repayments', {
      advance: a.body.id,
      amount: 100,
      date: '2026-02-01',
    });
    expect(r1.status).toBe(200);
    expect((await get('employee_advances', a.body.id)).body).toMatchObject({
      status: 'partly_repaid',
      repaid: 100,
      remaining: 200,
    });
    expect(await balance(v.id)).toBe(800);
    const over = await post('advance_repayments', {
      advance: a.body.id,
      amount: 200.01,
      date: '2026-02-01',
    });
    expect(over.status).toBe(400);
    expect(over.body.data.amount.code).toBe('validation_over_remaining');
    // A payroll deduction is written by paying a run, never by hand (it moves no cash, so it
    // would clear the advance with nothing paid back).
    const byHand = await post('advance_repayments', {
      advance: a.body.id,
      amount: 200,
      date: '2026-03-01',
      source: 'payroll',
    });
    expect(byHand.status).toBe(400);
    expect(byHand.body.data.source.code).toBe('validation_payroll_only');
    const r2 = await post('advance_repayments', {
      advance: a.body.id,
      amount: 200,
      date: '2026-03-01',
    });
    expect(r2.status).toBe(200);
    expect((await get('employee_advances', a.body.id)).body).toMatchObject({
      status: 'repaid',
      repaid: 300,
      remaining: 0,
    });
    expect(await balance(v.id)).toBe(1000);
    expect((await patch('employee_advances', a.body.id, { amount: 50 })).status).toBe(400);
    expect((await patch('advance_repayments', r1.body.id, { amount: 1 })).status).toBe(403);
    expect((await del('advance_repayments', r1.body.id)).status).toBe(403);
    const { rows } = await t.db.query<Json>(
      `SELECT "categories" FROM "user_activities" WHERE "record" = $1 AND "collection" = 'advance_repayments'`,
      [r1.body.id],
    );
    expect(rows[0].categories).toEqual(['finance', 'advances']);
  });

  it('checks the advance permissions per move', async () => {
    const v = await vault('Advance perm vault');
    await post('donations', {
      donor: 'Adv donor',
      amount: 100,
      received_on: '2026-01-01',
      vault: v.id,
    });
    const emp = await t.employeeWith([]);
    const clerk = await t.employeeWith(['advances.read', 'advances.create', 'advances.update']);
    const a = await post(
      'employee_advances',
      { employee: emp.id, amount: 50, date: '2026-01-10', vault: v.id },
      { authorization: clerk.token },
    );
    expect(a.status).toBe(200);
    expect(
      (
        await patch(
          'employee_advances',
          a.body.id,
          { status: 'approved' },
          { authorization: clerk.token },
        )
      ).status,
    ).toBe(403);
    const big = await post('employee_advances', {
      employee: emp.id,
      amount: 500,
      date: '2026-01-10',
      vault: v.id,
    });
    await patch('employee_advances', big.body.id, { status: 'approved' }, secondApprover());
    const refused = await patch('employee_advances', big.body.id, { status: 'paid' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('available balance is 100.00 USD');
  });
});

describe('statement', () => {
  it('gives a running balance that stays right when filtered by date, paged and sorted', async () => {
    const v = await vault('Statement vault');
    const other = await vault('Statement other');
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'];
    for (const [i, day] of days.entries())
      await post('donations', {
        donor: `Statement donor ${i}`,
        amount: 10 * (i + 1),
        received_on: day,
        vault: v.id,
      });
    await post('vault_transfers', {
      from_vault: v.id,
      to_vault: other.id,
      amount: 5,
      date: '2026-01-03',
    });
    // Balances in date order: 10, 30, 60, 55 (transfer on the 3rd, after the donation), 95, 145.
    const all = (await call('GET', `/api/finance/vaults/${v.id}/statement`)).body;
    expect(all.opening_balance).toBe(0);
    expect(all.items.map((x: Json) => x.running_balance)).toEqual([10, 30, 60, 55, 95, 145]);
    expect(all.closing_balance).toBe(145);
    const ranged = (
      await call(
        'GET',
        `/api/finance/vaults/${v.id}/statement?from=2026-01-03&to=2026-01-04&perPage=2&page=2`,
      )
    ).body;
    expect(ranged.opening_balance).toBe(30);
    expect(ranged.totalItems).toBe(3);
    expect(ranged.totalPages).toBe(2);
    expect(ranged.items.map((x: Json) => [x.amount, x.running_balance])).toEqual([[40, 95]]);
    expect(ranged.closing_balance).toBe(95);
    const desc = (
      await call('GET', `/api/finance/vaults/${v.id}/statement?from=2026-01-03&sort=desc&perPage=2`)
    ).body;
    expect(desc.items.map((x: Json) => x.running_balance)).toEqual([145, 95]);
    expect(
      (await call('GET', `/api/finance/vaults/${v.id}/statement?from=03/01/2026`)).status,
    ).toBe(400);
    expect((await call('GET', `/api/finance/vaults/nope/statement`)).status).toBe(404);
  });
});

describe('grants', () => {
  it('shows budget versus actual and the next open deadline', async () => {
    const v = await vault('Grant vault');
    const g = await post('grants', {
      donor: 'Grant donor',
      title: 'Grant one',
      awarded_amount: 1000,
      status: 'awarded',
    });
    expect(g.status).toBe(200);
    expect((await post('grants', { donor: 'G', title: 'x', status: 'nope' })).status).toBe(400);
    await post('grant_deadlines', { grant: g.body.id, kind: 'loi', due_on: '2020-01-01' });
    await post('grant_deadlines', { grant: g.body.id, kind: 'final_report', due_on: '2099-06-01' });
    await post('grant_deadlines', {
      grant: g.body.id,
      kind: 'interim_report',
      due_on: '2099-01-01',
    });
    await post('grant_deadlines', {
      grant: g.body.id,
      kind: 'application',
      due_on: '2098-01-01',
      done: true,
    });
    await post('donations', {
      donor: 'Grant donor',
      amount: 400,
      received_on: '2026-01-01',
      vault: v.id,
      grant: g.body.id,
    });
    const e1 = await post('expenses', {
      beneficiary: 'Grant spend',
      amount: 150,
      date: '2026-01-02',
      vault: v.id,
      grant: g.body.id,
    });
    await patch('expenses', e1.body.id, { status: 'approved' }, secondApprover());
    await patch('expenses', e1.body.id, { status: 'paid' });
    const e2 = await post('expenses', {
      beneficiary: 'Grant spend 2',
      amount: 20,
      date: '2026-01-02',
      vault: v.id,
      grant: g.body.id,
    });
    await patch('expenses', e2.body.id, { status: 'approved' }, secondApprover());
    const s = (await call('GET', `/api/finance/grants/summary?grant=${g.body.id}`)).body.items[0];
    expect(s).toMatchObject({ awarded: 1000, received: 400, charged: 150, remaining: 850 });
    expect(s.next_deadline.kind).toBe('interim_report');
    expect(s.next_deadline.due_on.slice(0, 10)).toBe('2099-01-01');
  });
});

describe('assets', () => {
  const today = new Date('2026-06-15T00:00:00Z');
  it('schedules straight-line depreciation and gives the book value today', () => {
    const s = depreciationSchedule(
      {
        price: '1000.00',
        salvage_value: '100.00',
        purchase_date: '2024-01-01 00:00:00.000Z',
        depreciation_method: 'straight_line',
        useful_life_years: 3,
        opening_accumulated: '0',
        status: 'New',
      },
      today,
    );
    expect(s.lines.map((l) => l.depreciation)).toEqual([300, 300, 300]);
    expect(s.lines.map((l) => l.closing)).toEqual([700, 400, 100]);
    expect(s.lines.map((l) => l.passed)).toEqual([true, true, false]);
    expect(s.book_value_today).toBe(400);
    // Uneven amounts: the last year takes what rounding left.
    const odd = depreciationSchedule(
      {
        price: '100.00',
        salvage_value: '0',
        purchase_date: '2024-01-01',
        depreciation_method: 'straight_line',
        useful_life_years: 3,
        status: 'New',
      },
      today,
    );
    expect(odd.lines.map((l) => l.depreciation)).toEqual([33.33, 33.33, 33.33, 0.01]);
  });

  it('schedules declining balance, starts from opening depreciation, stops at disposal', () => {
    const s = depreciationSchedule(
      {
        price: '1000.00',
        purchase_date: '2025-01-01',
        depreciation_method: 'declining_balance',
        declining_rate: 40,
        useful_life_years: 3,
        status: 'New',
      },
      today,
    );
    expect(s.lines.map((l) => l.depreciation)).toEqual([400, 240, 360]);
    expect(s.book_value_today).toBe(600);
    const existing = depreciationSchedule(
      {
        price: '1000.00',
        purchase_date: '2024-01-01',
        depreciation_method: 'straight_line',
        useful_life_years: 4,
        opening_accumulated: '500.00',
        status: 'New',
      },
      today,
    );
    expect(existing.lines.map((l) => l.closing)).toEqual([250, 0]);
    const disposed = depreciationSchedule(
      {
        price: '1000.00',
        purchase_date: '2024-01-01',
        depreciation_method: 'straight_line',
        useful_life_years: 4,
        status: 'Eliminated',
        elimination_date: '2025-03-01',
        elimination_reason: 'Stolen',
      },
      today,
    );
    expect(disposed.lines).toHaveLength(1);
    expect(disposed.disposal).toEqual({ date: '2025-03-01', book_value: 750, reason: 'Stolen' });
    expect(disposed.book_value_today).toBe(0);
  });

  it('validates disposal, serves the schedule and fixes the figures of passed years', async () => {
    const bad = await post('assets', { title: 'Truck', status: 'Eliminated', price: 100 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.elimination_date.code).toBe('validation_required');
    const a = await post('assets', {
      title: 'Printer',
      status: 'New',
      price: 900,
      purchase_date: '2020-01-01',
      depreciation_method: 'straight_line',
      useful_life_years: 3,
    });
    expect(a.status).toBe(200);
    const s = await call('GET', `/api/finance/assets/${a.body.id}/schedule`);
    expect(s.status).toBe(200);
    expect(s.body.book_value_today).toBe(0);
    expect(s.body.lines).toHaveLength(3);
    const locked = await patch('assets', a.body.id, { price: 1000 });
    expect(locked.status).toBe(400);
    expect(locked.body.data.price.code).toBe('validation_locked');
    expect((await patch('assets', a.body.id, { location: 'Store room' })).status).toBe(200);
    const dispose = await patch('assets', a.body.id, {
      status: 'Eliminated',
      elimination_date: '2024-05-01',
      elimination_reason: 'Broken',
    });
    expect(dispose.status).toBe(200);
    const nobody = await t.employeeWith(['vaults.read']);
    expect(
      (
        await call('GET', `/api/finance/assets/${a.body.id}/schedule`, undefined, {
          authorization: nobody.token,
        })
      ).status,
    ).toBe(403);
    const { rows } = await t.db.query<Json>(
      `SELECT "categories" FROM "user_activities" WHERE "record" = $1 LIMIT 1`,
      [a.body.id],
    );
    expect(rows[0].categories).toEqual(['finance', 'assets']);
  });
});
