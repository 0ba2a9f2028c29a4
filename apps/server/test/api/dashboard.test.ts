import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFor, monthOf } from '../../src/domain/dashboard';
import { newRecordId } from '../../src/tools/security/random';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

const STAMP = '2026-01-01 00:00:00.000Z';
/** A row written straight into a table (the figures are sums over rows, whatever wrote them). */
async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const id = newRecordId();
  const all = { id, created: STAMP, updated: STAMP, ...row };
  const columns = Object.keys(all);
  await t.db.query(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(',')})`,
    Object.values(all),
  );
  return id;
}

// The "current" month of these tests: March 2026.
const NOW = new Date('2026-03-15T10:00:00Z');

describe('dashboard', () => {
  it('gives the current month as stored dates compare', () => {
    expect(monthOf(NOW)).toEqual({ start: '2026-03-01', next: '2026-04-01', today: '2026-03-15' });
    expect(monthOf(new Date('2026-12-31T23:59:59Z')).next).toBe('2027-01-01');
  });

  it('answers each area the account may read, computed from the rows', async () => {
    const main = await insert('vaults', {
      title: 'Main',
      kind: 'main',
      active: true,
      balance: '1500.25',
    });
    const cash = await insert('vaults', {
      title: 'Cash box',
      kind: 'cash',
      active: true,
      balance: '99.75',
    });
    const entry = (vault: string, amount: string, date: string, kind: string) =>
      insert('ledger_entries', { vault, amount, date, kind });
    await entry(main, '1000.10', '2026-03-02 00:00:00.000Z', 'donation');
    await entry(main, '600.15', '2026-03-31 00:00:00.000Z', 'donation');
    await entry(main, '-100.00', '2026-03-10 00:00:00.000Z', 'expense');
    await entry(main, '-0.01', '2026-03-11 00:00:00.000Z', 'expense');
    // Between our own vaults: neither income nor spending.
    await entry(main, '-50.00', '2026-03-12 00:00:00.000Z', 'transfer');
    await entry(cash, '50.00', '2026-03-12 00:00:00.000Z', 'transfer');
    // Another month.
    await entry(main, '7000.00', '2026-02-28 00:00:00.000Z', 'donation');
    await entry(main, '-3.00', '2026-04-01 00:00:00.000Z', 'expense');

    const topic = await insert('blog_topics', { title: 'News' });
    const post = (status: string, published_at: string) =>
      insert('blog_articles', {
        topic,
        title: 'Post',
        full_text: 'x',
        status,
        published_at,
        slug: newRecordId(),
      });
    await post('published', '2026-03-03 09:00:00.000Z');
    await post('published', '2026-02-03 09:00:00.000Z');
    await post('draft', '');
    await insert('website_resources', {
      title: 'Book',
      full_text: 'x',
      status: 'published',
      published_at: '2026-03-20 09:00:00.000Z',
      slug: newRecordId(),
    });

    const grant = await insert('grants', { donor: 'Fund', title: 'Water grant' });
    await insert('grant_deadlines', {
      grant,
      kind: 'final_report',
      due_on: '2026-03-20 00:00:00.000Z',
      done: false,
    });
    await insert('grant_deadlines', {
      grant,
      kind: 'interim_report',
      due_on: '2026-03-16 00:00:00.000Z',
      done: false,
    });
    await insert('grant_deadlines', {
      grant,
      kind: 'loi',
      due_on: '2026-03-17 00:00:00.000Z',
      done: true,
    });
    await insert('grant_deadlines', {
      grant,
      kind: 'application',
      due_on: '2026-03-01 00:00:00.000Z',
      done: false,
    });

    const all = await dashboardFor(
      t.db,
      new Set(['vaults.read', 'articles.read', 'resources.read', 'grants.read', 'employees.read']),
      NOW,
    );
    expect(all.month).toBe('2026-03-01');
    expect(all.vaults).toEqual({
      balances: [
        { id: main, title: 'Main', currency: expect.any(String), balance: 1500.25 },
        { id: cash, title: 'Cash box', currency: expect.any(String), balance: 99.75 },
      ],
      total_balance: 1600,
      income_this_month: 1600.25,
      spending_this_month: 100.01,
    });
    expect(all.website).toEqual({ articles_this_month: 1, resources_this_month: 1, drafts: 1 });
    expect(all.grants!.next_deadlines.map((d) => d.kind)).toEqual([
      'interim_report',
      'final_report',
    ]);
    expect(all.grants!.next_deadlines[0].grant_title).toBe('Water grant');
    // The bootstrapped administrator is an active employee.
    expect(all.employees!.by_status).toContainEqual({
      status: 'Active',
      count: expect.any(Number),
    });
    expect(all.employees!.total).toBeGreaterThanOrEqual(1);
    expect(all.members).toBeUndefined();
    expect(all.projects).toBeUndefined();

    // Only what the account may read.
    const webOnly = await dashboardFor(t.db, new Set(['resources.read']), NOW);
    expect(Object.keys(webOnly).sort()).toEqual(['month', 'website']);
    expect(webOnly.website).toEqual({ articles_this_month: 0, resources_this_month: 1, drafts: 0 });
  });

  it('shows the net pay of the last six paid months to salary readers only', async () => {
    const vault = await insert('vaults', { title: 'Payroll', kind: 'main', active: true });
    const run = (year: number, month: number, status: string, total_net: string) =>
      insert('payroll_runs', { year, month, status, total_net, vault });
    // Seven paid months (the oldest falls off), a draft and a reversed run (not paid).
    const paid: string[] = [];
    for (let month = 1; month <= 7; month++)
      paid.push(await run(2025, month, 'paid', `${month}000.10`));
    await run(2025, 8, 'draft', '9999');
    await run(2025, 9, 'reversed', '8888');

    const reader = await dashboardFor(
      t.db,
      new Set(['payroll.read', 'employees.read_salary']),
      NOW,
    );
    expect(reader.payroll!.by_month).toEqual(
      [2, 3, 4, 5, 6, 7].map((month) => ({
        run: paid[month - 1],
        year: 2025,
        month,
        total_net: month * 1000 + 0.1,
      })),
    );
    // Payroll readers without the salary permission do not get the figures at all.
    const noSalary = await dashboardFor(t.db, new Set(['payroll.read']), NOW);
    expect(noSalary.payroll).toBeUndefined();
  });

  it('sums the budget lines of active projects for project finance readers', async () => {
    const project = (status: string) =>
      insert('projects', { title: `Project ${status}`, status, code: newRecordId().slice(0, 8) });
    const active = await project('Active');
    const closed = await project('Closed');
    const line = (p: string, budget: string, used_amount: string) =>
      insert('project_budget_lines', { project: p, title: 'Line', budget, used_amount });
    await line(active, '1000.10', '250.05');
    await line(active, '500.00', '0.00');
    await line(closed, '9000.00', '9000.00');

    const reader = await dashboardFor(
      t.db,
      new Set(['projects.read', 'project_finance.read']),
      NOW,
    );
    expect(reader.projects!.budget).toEqual({ total: 1500.1, used: 250.05 });
    const noFinance = await dashboardFor(t.db, new Set(['projects.read']), NOW);
    expect(noFinance.projects!.budget).toBeUndefined();
  });

  it('is served to signed-in accounts only, by their permissions', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    const nobody = await t.employeeWith([]);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: nobody.token },
    });
    expect(empty.statusCode).toBe(200);
    expect(Object.keys(empty.json())).toEqual(['month']);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: t.adminToken },
    });
    expect(Object.keys(admin.json()).sort()).toEqual(
      [
        'employees',
        'grants',
        'members',
        'month',
        'payroll',
        'projects',
        'vaults',
        'volunteers',
        'website',
      ].sort(),
    );
  });
});
