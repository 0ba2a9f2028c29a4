import { ORGANISATION_SETTINGS_ID } from '@app/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Approvals nobody can get around: the ways around them that were found from outside, each
 * closed, plus the setting that lets a very small organisation approve its own records and the
 * refusals in Arabic. The workflows move by move are in workflows.test.ts.
 */

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field
type Json = Record<string, any>;

const rec = (c: string, id = '') => `/api/collections/${c}/records${id ? `/${id}` : ''}`;
async function call(
  method: string,
  url: string,
  token: string,
  payload?: Json,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: token, ...headers },
    payload,
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}
const admin = () => t.adminToken;

async function fundedVault(amount = 5000): Promise<string> {
  const vault = await call('POST', rec('vaults'), admin(), {
    title: 'Approvals vault',
    kind: 'main',
  });
  await call('POST', rec('donations'), admin(), {
    donor: 'Approvals donor',
    amount,
    received_on: '2026-01-01',
    vault: vault.body.id,
  });
  return vault.body.id;
}
const balance = async (vault: string) =>
  (await call('GET', rec('vaults', vault), admin())).body.balance as number;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

describe('project committees', () => {
  /** A project with its vault funded, a budget line, and a manager seated to create only. */
  async function projectWithManager() {
    const project = (await call('POST', rec('projects'), admin(), { title: 'Seat project' })).body;
    await call('POST', rec('donations'), admin(), {
      donor: 'Seat donor',
      amount: 1000,
      received_on: '2026-01-01',
      project: project.id,
    });
    const line = (
      await call('POST', rec('project_budget_lines'), admin(), {
        project: project.id,
        title: 'Seat line',
        budget: 1000,
      })
    ).body;
    const manager = await t.employeeWith([
      'projects.read',
      'projects.update',
      'project_finance.read',
      'project_finance.create',
      'project_finance.update',
    ]);
    const seat = await call('POST', rec('project_financial_committees'), admin(), {
      project: project.id,
      employee: manager.id,
      can_create: true,
      can_update_status: false,
    });
    expect(seat.status).toBe(200);
    return { project, line, manager, seat: seat.body };
  }

  it('a manager cannot give their own seat the right to approve, nor seat themselves elsewhere', async () => {
    const { project, line, manager, seat } = await projectWithManager();
    // projects.update no longer manages committees.
    const own = await call('PATCH', rec('project_financial_committees', seat.id), manager.token, {
      can_update_status: true,
    });
    expect(own.status).toBe(403);
    const other = (await call('POST', rec('projects'), admin(), { title: 'Another project' })).body;
    const elsewhere = await call('POST', rec('project_financial_committees'), manager.token, {
      project: other.id,
      employee: manager.id,
      can_update_status: true,
    });
    expect(elsewhere.status).toBe(403);
    // With the committees permission, still not their own seat.
    const organiser = await t.employeeWith(['projects.read', 'project_committees.manage']);
    const seatOf = (
      await call('POST', rec('project_financial_committees'), admin(), {
        project: other.id,
        employee: organiser.id,
        can_create: true,
      })
    ).body;
    const self = await call(
      'PATCH',
      rec('project_financial_committees', seatOf.id),
      organiser.token,
      {
        can_update_status: true,
      },
    );
    expect(self.status).toBe(403);
    expect(self.body.data.employee.code).toBe('validation_own_seat');
    const selfSeat = await call('POST', rec('project_purchases_committees'), organiser.token, {
      project: other.id,
      employee: organiser.id,
      can_update_status: true,
    });
    expect(selfSeat.status).toBe(403);
    const removeOwn = await call(
      'DELETE',
      rec('project_financial_committees', seatOf.id),
      organiser.token,
    );
    expect(removeOwn.status).toBe(403);

    // The request the manager asks for stays theirs to ask, not to approve.
    const request = await call('POST', rec('financial_requests'), manager.token, {
      project: project.id,
      title: 'Pumps',
    });
    expect(request.status).toBe(200);
    await call('POST', rec('financial_request_items'), manager.token, {
      financial_request: request.body.id,
      budget_line: line.id,
      title: 'Pump',
      quantity: 1,
      currency: 'USD',
      unit_price: 100,
      exchange_rate: 1,
    });
    const approve = await call('PATCH', rec('financial_requests', request.body.id), manager.token, {
      status: 'APPROVED',
    });
    expect(approve.status).toBe(403);
    // Even seated to approve by someone else, not their own request.
    await call('PATCH', rec('project_financial_committees', seat.id), admin(), {
      can_update_status: true,
    });
    const stillOwn = await call(
      'PATCH',
      rec('financial_requests', request.body.id),
      manager.token,
      { status: 'APPROVED' },
    );
    expect(stillOwn.status).toBe(403);
    expect(stillOwn.body.data.status.code).toBe('validation_self_approval');
  });

  it('tells the project manager of every seat change, and audits it', async () => {
    const manager = await t.employeeWith(['projects.read']);
    const project = (
      await call('POST', rec('projects'), admin(), { title: 'Told project', manager: manager.id })
    ).body;
    const member = await t.employeeWith([], { name: 'Seated Member' });
    const organiser = await t.employeeWith(['projects.read', 'project_committees.manage']);
    const seat = await call('POST', rec('project_purchases_committees'), organiser.token, {
      project: project.id,
      employee: member.id,
      can_update_status: true,
    });
    expect(seat.status).toBe(200);
    await call('PATCH', rec('project_purchases_committees', seat.body.id), organiser.token, {
      can_create: true,
    });
    expect(
      (await call('DELETE', rec('project_purchases_committees', seat.body.id), organiser.token))
        .status,
    ).toBe(204);
    const { rows } = await t.db.query<{ title: string; body: string }>(
      `SELECT "title", "body" FROM "notifications" WHERE "recipient" = $1 ORDER BY "_rowid"`,
      [manager.id],
    );
    expect(rows.map((r) => r.title)).toEqual([
      'Purchases committee seat added: Seated Member',
      'Purchases committee seat changed: Seated Member',
      'Purchases committee seat removed: Seated Member',
    ]);
    expect(rows[1].body).toBe('Told project \u2014 may create, may update the status');
    const audit = await t.db.query<{ action: string }>(
      `SELECT "action" FROM "user_activities" WHERE "collection" = 'project_purchases_committees'
         AND "record" = $1 ORDER BY "_rowid"`,
      [seat.body.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });
});

describe('what was approved is what is paid', () => {
  it('a finance officer cannot change an approved expense, by value or by modifier, nor its vault', async () => {
    const vault = await fundedVault();
    const otherVault = await fundedVault();
    const officer = await t.employeeWith([
      'expenses.read',
      'expenses.create',
      'expenses.update',
      'expenses.pay',
    ]);
    const approver = await t.employeeWith(['expenses.read', 'expenses.update', 'expenses.approve']);
    const e = await call('POST', rec('expenses'), officer.token, {
      beneficiary: 'Printer',
      amount: 10,
      date: '2026-03-01',
      vault,
    });
    expect(e.status).toBe(200);
    expect(
      (await call('PATCH', rec('expenses', e.body.id), approver.token, { status: 'approved' }))
        .status,
    ).toBe(200);
    for (const body of [
      { amount: 999 },
      { 'amount+': 1 },
      { vault: otherVault },
      { beneficiary: 'Someone else' },
    ]) {
      const res = await call('PATCH', rec('expenses', e.body.id), officer.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.body.data as Json)[0].code).toBe('validation_locked');
    }
    // Paying with a changed amount in the same request is refused too.
    const sneaky = await call('PATCH', rec('expenses', e.body.id), officer.token, {
      status: 'paid',
      amount: 999,
    });
    expect(sneaky.status).toBe(400);
    const before = await balance(vault);
    const paid = await call('PATCH', rec('expenses', e.body.id), officer.token, { status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.amount).toBe(10);
    expect(await balance(vault)).toBe(before - 10);
    expect(await balance(otherVault)).toBe(5000);
  });

  it('edits raced against the approval: what is paid is the amount the approval saw', async () => {
    const vault = await fundedVault();
    const officer = await t.employeeWith([
      'expenses.read',
      'expenses.create',
      'expenses.update',
      'expenses.pay',
    ]);
    const approver = await t.employeeWith(['expenses.read', 'expenses.update', 'expenses.approve']);
    const e = (
      await call('POST', rec('expenses'), officer.token, {
        beneficiary: 'Race',
        amount: 10,
        date: '2026-03-01',
        vault,
      })
    ).body;
    const edits = Array.from({ length: 12 }, () =>
      call('PATCH', rec('expenses', e.id), officer.token, { 'amount+': 1 }),
    );
    const approval = call('PATCH', rec('expenses', e.id), approver.token, { status: 'approved' });
    const [approved, ...results] = await Promise.all([approval, ...edits]);
    expect(approved.status).toBe(200);
    const landed = results.filter((r) => r.status === 200).length;
    // Every edit either landed before the approval or was refused after it, as locked.
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.data.amount.code).toBe('validation_locked');
    const before = await balance(vault);
    const paid = await call('PATCH', rec('expenses', e.id), officer.token, { status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.amount).toBe(10 + landed);
    expect(paid.body.amount).toBe(approved.body.amount);
    expect(await balance(vault)).toBe(before - paid.body.amount);
  });

  it('the amount changes again only after the approval is taken back, with a reason, by an approver', async () => {
    const vault = await fundedVault();
    const officer = await t.employeeWith(['expenses.read', 'expenses.create', 'expenses.update']);
    const approver = await t.employeeWith(['expenses.read', 'expenses.update', 'expenses.approve']);
    const e = (
      await call('POST', rec('expenses'), officer.token, {
        beneficiary: 'Hall',
        amount: 40,
        date: '2026-03-01',
        vault,
      })
    ).body;
    await call('PATCH', rec('expenses', e.id), approver.token, { status: 'approved' });
    // The officer may not take it back; the approver must say why.
    expect(
      (
        await call('PATCH', rec('expenses', e.id), officer.token, {
          status: 'pending',
          status_reason: 'wrong amount',
        })
      ).status,
    ).toBe(403);
    const silent = await call('PATCH', rec('expenses', e.id), approver.token, {
      status: 'pending',
    });
    expect(silent.status).toBe(400);
    expect(silent.body.data.status_reason.code).toBe('validation_reason_required');
    const back = await call('PATCH', rec('expenses', e.id), approver.token, {
      status: 'pending',
      status_reason: 'The hall costs 45',
    });
    expect(back.status).toBe(200);
    expect(back.body.status_reason).toBe('The hall costs 45');
    expect(
      (await call('PATCH', rec('expenses', e.id), officer.token, { amount: 45 })).body.amount,
    ).toBe(45);
    const history = await t.db.query<{ after: Json }>(
      `SELECT "after" FROM "user_activities" WHERE "collection" = 'expenses' AND "record" = $1
        ORDER BY "_rowid"`,
      [e.id],
    );
    expect(history.rows.map((r) => r.after.status_reason)).toContain('The hall costs 45');
  });

  it('an approved advance keeps its amount, vault and employee', async () => {
    const vault = await fundedVault();
    const clerk = await t.employeeWith(['advances.read', 'advances.create', 'advances.update']);
    const taker = await t.employeeWith([]);
    const a = (
      await call('POST', rec('employee_advances'), clerk.token, {
        employee: taker.id,
        amount: 100,
        monthly_deduction: 10,
        date: '2026-03-01',
        vault,
      })
    ).body;
    await call('PATCH', rec('employee_advances', a.id), t.approverToken, { status: 'approved' });
    for (const body of [{ amount: 900 }, { 'amount+': 5 }, { employee: clerk.id }]) {
      const res = await call('PATCH', rec('employee_advances', a.id), clerk.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // The instalment still may change until it is paid.
    expect(
      (await call('PATCH', rec('employee_advances', a.id), clerk.token, { monthly_deduction: 20 }))
        .status,
    ).toBe(200);
  });

  it('a purchase is paid at the price it was approved at', async () => {
    const project = (await call('POST', rec('projects'), admin(), { title: 'Price project' })).body;
    await call('POST', rec('donations'), admin(), {
      donor: 'Price donor',
      amount: 500,
      received_on: '2026-01-01',
      project: project.id,
    });
    const asker = await t.employeeWith(['projects.read', 'project_finance.read']);
    const decider = await t.employeeWith(['projects.read', 'project_finance.read']);
    await call('POST', rec('project_purchases_committees'), admin(), {
      project: project.id,
      employee: asker.id,
      can_create: true,
    });
    await call('POST', rec('project_purchases_committees'), admin(), {
      project: project.id,
      employee: decider.id,
      can_update_status: true,
    });
    const p = (
      await call('POST', rec('purchases'), asker.token, {
        project: project.id,
        title: 'Generator',
        price: 100,
      })
    ).body;
    expect(
      (await call('PATCH', rec('purchases', p.id), decider.token, { status: 'APPROVED' })).status,
    ).toBe(200);
    const raised = await call('PATCH', rec('purchases', p.id), asker.token, { 'price+': 300 });
    expect(raised.status).toBe(400);
    expect(raised.body.data.price.code).toBe('validation_locked');
  });
});

describe('separation of duties', () => {
  it('nobody approves what they recorded, or an advance that is theirs', async () => {
    const vault = await fundedVault();
    const both = await t.employeeWith([
      'expenses.read',
      'expenses.create',
      'expenses.update',
      'expenses.approve',
      'advances.read',
      'advances.create',
      'advances.update',
      'advances.approve',
    ]);
    const e = (
      await call('POST', rec('expenses'), both.token, {
        beneficiary: 'Own expense',
        amount: 5,
        date: '2026-03-01',
        vault,
      })
    ).body;
    expect(e.created_by).toBe(both.id);
    const own = await call('PATCH', rec('expenses', e.id), both.token, { status: 'approved' });
    expect(own.status).toBe(403);
    expect(own.body.data.status.code).toBe('validation_self_approval');
    // An advance for oneself, recorded by someone else, is still one's own.
    const mine = (
      await call('POST', rec('employee_advances'), t.adminToken, {
        employee: both.id,
        amount: 50,
        date: '2026-03-01',
        vault,
      })
    ).body;
    const forMe = await call('PATCH', rec('employee_advances', mine.id), both.token, {
      status: 'approved',
    });
    expect(forMe.status).toBe(403);
    expect(forMe.body.data.status.code).toBe('validation_self_approval');
    // The recorder's id cannot be supplied by the client.
    const forged = await call('POST', rec('expenses'), both.token, {
      beneficiary: 'Forged',
      amount: 5,
      date: '2026-03-01',
      vault,
      created_by: 'someoneelse0001',
    });
    expect(forged.body.created_by).toBe(both.id);
  });

  it('a setting lets a very small organisation approve its own records, and the monitor says so', async () => {
    const vault = await fundedVault();
    const both = await t.employeeWith([
      'expenses.read',
      'expenses.create',
      'expenses.update',
      'expenses.approve',
    ]);
    // Only settings.update changes the setting.
    expect(
      (
        await call('PATCH', rec('organisation_settings', ORGANISATION_SETTINGS_ID), both.token, {
          allow_self_approval: true,
        })
      ).status,
    ).toBe(403);
    const settings = await call(
      'PATCH',
      rec('organisation_settings', ORGANISATION_SETTINGS_ID),
      admin(),
      { allow_self_approval: true },
    );
    expect(settings.status).toBe(200);
    try {
      const e = (
        await call('POST', rec('expenses'), both.token, {
          beneficiary: 'Small office',
          amount: 5,
          date: '2026-03-01',
          vault,
        })
      ).body;
      const own = await call('PATCH', rec('expenses', e.id), both.token, { status: 'approved' });
      expect(own.status).toBe(200);
      const { rows } = await t.db.query<{ comment: string }>(
        `SELECT "comment" FROM "user_activities" WHERE "collection" = 'expenses' AND "record" = $1
           AND "action" = 'UPDATE'`,
        [e.id],
      );
      expect(rows[0].comment).toMatch(/^Self-approval: Approve by the person who recorded it/);
    } finally {
      await call('PATCH', rec('organisation_settings', ORGANISATION_SETTINGS_ID), admin(), {
        allow_self_approval: false,
      });
    }
    // Nobody creates or deletes the settings.
    expect(
      (await call('DELETE', rec('organisation_settings', ORGANISATION_SETTINGS_ID), admin()))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', rec('organisation_settings'), admin(), { allow_self_approval: true }))
        .status,
    ).toBe(403);
  });
});

describe('refusals in the asker’s language', () => {
  it('answers a refused move in Arabic when asked in Arabic, with the same code and params', async () => {
    const vault = await fundedVault();
    const e = (
      await call('POST', rec('expenses'), admin(), {
        beneficiary: 'Language',
        amount: 5,
        date: '2026-03-01',
        vault,
      })
    ).body;
    const en = await call('PATCH', rec('expenses', e.id), admin(), { status: 'paid' });
    const ar = await call(
      'PATCH',
      rec('expenses', e.id),
      admin(),
      { status: 'paid' },
      { 'accept-language': 'ar' },
    );
    expect(en.body.message).toBe('The expense cannot go from Pending to Paid.');
    expect(ar.body.message).toBe('لا يمكن نقل المصروف من «قيد الانتظار» إلى «مدفوع».');
    expect(ar.body.data.status).toEqual({
      code: 'validation_invalid_transition',
      message: ar.body.message,
      params: { from: 'pending', to: 'paid' },
    });
    expect(en.body.data.status.params).toEqual(ar.body.data.status.params);
    // The engine's own checks too.
    const blank = await call(
      'POST',
      rec('expenses'),
      admin(),
      { amount: 5 },
      { 'accept-language': 'ar-SD,ar;q=0.9,en;q=0.5' },
    );
    expect(blank.body.data.beneficiary).toEqual({
      code: 'validation_required',
      message: 'لا يمكن أن يكون فارغًا.',
    });
    expect(blank.body.message).toBe('تعذّر إنشاء السجل.');
    // Inside a batch as well.
    const batch = await call(
      'POST',
      '/api/batch',
      admin(),
      { requests: [{ method: 'PATCH', url: rec('expenses', e.id), body: { status: 'paid' } }] },
      { 'accept-language': 'ar' },
    );
    expect(batch.body.data.requests['0'].response.message).toBe(ar.body.message);
  });
});
