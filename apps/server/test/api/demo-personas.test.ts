import { DEMO_ROLES } from '@app/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthState } from '../../src/core/auth';
import type { RequestInfo } from '../../src/core/request-info';
import { DEMO_PASSWORD, runDemoSeed } from '../../src/domain/demo-seed';
import { AREAS } from '../../src/domain/index';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Each person of the demo organisation (`npm run seed:demo`) does the job their title says,
 * through the API, signed in with their own password: so that a change of the permission
 * catalogue, of a collection's access or of a workflow cannot leave a demo role unable to do its
 * work unnoticed. Money keeps separation of duties: who records or asks does not approve.
 * The screens each role must reach: apps/web/src/app/areas/demo-roles.test.ts.
 */

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field
type Json = Record<string, any>;

const rec = (c: string, id = '') => `/api/collections/${c}/records${id ? `/${id}` : ''}`;

async function call(method: string, url: string, token: string, payload?: Json) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: token } : {},
    payload,
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}

/** Signs in through the API as a browser would; returns the token. */
async function signIn(collection: 'employees' | 'users', email: string, password = DEMO_PASSWORD) {
  const res = await call('POST', `/api/collections/${collection}/auth-with-password`, '', {
    identity: email,
    password,
  });
  expect(res.status, `${email} signs in`).toBe(200);
  return res.body.token as string;
}

/** Asserts a call succeeded (2xx) and returns its body. */
async function ok(method: string, url: string, token: string, payload?: Json) {
  const res = await call(method, url, token, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const first = async (token: string, collection: string, filter: string) =>
  (await ok('GET', `${rec(collection)}?filter=${encodeURIComponent(filter)}&perPage=1`, token))
    .items[0] as Json;

const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const { rows } = await t.db.query(`SELECT * FROM "employees" WHERE "email" = $1`, [ADMIN_EMAIL]);
  const request: RequestInfo = {
    auth: await buildAuthState(t.db, t.engine.registry.get('employees')!, rows[0]),
    method: 'POST',
    context: 'default',
    query: {},
    headers: {},
    body: {},
  };
  await runDemoSeed(t.engine, request, AREAS);
  for (const name of ['amna', 'khalid', 'sara', 'yousif', 'mariam', 'omer'])
    tokens[name] = await signIn('employees', `${name}@demo.org`);
}, 180_000);
afterAll(async () => t?.stop());

describe('the demo roles', () => {
  it('each demo employee holds the role of its title', async () => {
    const titles = async (email: string) => {
      const body = await ok(
        'GET',
        `${rec('employees')}?filter=${encodeURIComponent(`email = "${email}"`)}&expand=roles`,
        t.adminToken,
      );
      return (body.items[0].expand.roles as Json[]).map((r) => r.title);
    };
    expect(await titles('amna@demo.org')).toEqual([DEMO_ROLES.director.title]);
    expect(await titles('khalid@demo.org')).toEqual([DEMO_ROLES.hr.title]);
    expect(await titles('sara@demo.org')).toEqual([DEMO_ROLES.finance.title]);
    expect(await titles('yousif@demo.org')).toEqual([DEMO_ROLES.projects.title]);
    expect(await titles('omer@demo.org')).toEqual([DEMO_ROLES.web.title]);
  });
});

describe('demo persons at work', () => {
  let newRun: Json;
  let newProject: Json;

  it('the HR officer adds an employee with a project, allowances and deductions', async () => {
    const khalid = tokens.khalid;
    // What the new-employee form offers.
    const project = await first(khalid, 'projects', 'title ~ "Clean water"');
    const transport = await first(khalid, 'allowance_options', 'title = "Transport"');
    const pension = await first(khalid, 'deduction_options', 'title = "Pension"');
    const section = await first(khalid, 'employee_options', 'kind = "section"');
    expect(project && transport && pension && section).toBeTruthy();
    const created = await ok('POST', rec('employees'), khalid, {
      name: 'Nadia Persona',
      email: 'nadia.persona@demo.org',
      password: 'persona-password-1',
      passwordConfirm: 'persona-password-1',
      employment_status: 'Active',
      employment_section: section.id,
      project: project.id,
      basic_salary: 1000,
      allowances: [transport.id],
      deductions: [pension.id],
    });
    expect(created.project).toBe(project.id);
    expect(created.allowances).toEqual([transport.id]);
    await ok('PATCH', rec('employees', created.id), khalid, { phone_numbers: ['+249 91 1'] });
    // Members and volunteers.
    await ok('POST', rec('members'), khalid, {
      name: 'Persona Member',
      sex: 'Female',
      membership_status: 'Active',
    });
    await ok('POST', rec('volunteers'), khalid, {
      name: 'Persona Volunteer',
      sex: 'Male',
      status: 'Active',
    });
  });

  it('the HR officer drafts the payroll; the director approves it; the finance officer pays it', async () => {
    const main = await first(tokens.khalid, 'vaults', 'title = "Main vault"');
    newRun = await ok('POST', rec('payroll_runs'), tokens.khalid, {
      year: 2026,
      month: 7,
      vault: main.id,
    });
    await ok('GET', rec('payroll_runs', newRun.id), tokens.khalid);
    await ok(
      'GET',
      `${rec('payslips')}?filter=${encodeURIComponent(`run = "${newRun.id}"`)}`,
      tokens.khalid,
    );
    // Nobody approves what they drafted.
    const own = await call('PATCH', rec('payroll_runs', newRun.id), tokens.khalid, {
      status: 'approved',
    });
    expect(own.status).toBe(403);
    await ok('PATCH', rec('payroll_runs', newRun.id), tokens.amna, { status: 'approved' });
    const paid = await ok('PATCH', rec('payroll_runs', newRun.id), tokens.sara, {
      status: 'paid',
      pay_date: '2026-07-28',
    });
    expect(paid.status).toBe('paid');
  });

  it('the finance officer records and pays an expense the director approved', async () => {
    const cash = await first(tokens.sara, 'vaults', 'title ~ "Cash"');
    await ok('POST', rec('donations'), tokens.sara, {
      donor: 'Persona donor',
      amount: 500,
      received_on: '2026-07-01',
      vault: cash.id,
    });
    const expense = await ok('POST', rec('expenses'), tokens.sara, {
      beneficiary: 'Persona shop',
      amount: 25,
      date: '2026-07-02',
      vault: cash.id,
      category: 'Office',
      statement: 'Envelopes',
    });
    const own = await call('PATCH', rec('expenses', expense.id), tokens.sara, {
      status: 'approved',
    });
    expect(own.status).toBe(403);
    await ok('PATCH', rec('expenses', expense.id), tokens.amna, { status: 'approved' });
    await ok('PATCH', rec('expenses', expense.id), tokens.sara, { status: 'paid' });
    // An advance: recorded by the finance officer, approved by the director, paid.
    const khalid = await first(tokens.sara, 'employees', 'email = "khalid@demo.org"');
    const advance = await ok('POST', rec('employee_advances'), tokens.sara, {
      employee: khalid.id,
      amount: 100,
      monthly_deduction: 50,
      purpose: 'Persona advance',
      date: '2026-07-03',
      vault: cash.id,
    });
    await ok('PATCH', rec('employee_advances', advance.id), tokens.amna, { status: 'approved' });
    await ok('PATCH', rec('employee_advances', advance.id), tokens.sara, { status: 'paid' });
  });

  it('the project manager starts a project and asks for its money; its committee decides', async () => {
    const yousif = tokens.yousif;
    const me = await first(yousif, 'employees', 'email = "yousif@demo.org"');
    newProject = await ok('POST', rec('projects'), yousif, {
      title: 'Persona school gardens',
      place: 'Sennar',
      manager: me.id,
    });
    await ok('PATCH', rec('projects', newProject.id), yousif, { status: 'Active' });
    await ok('POST', rec('projects_activities'), yousif, {
      project: newProject.id,
      title: 'Garden planning day',
    });
    await ok('POST', rec('projects_timelines'), yousif, {
      project: newProject.id,
      title: 'Started',
      post: '<p>The first school said yes.</p>',
    });
    const line = await ok('POST', rec('project_budget_lines'), yousif, {
      project: newProject.id,
      title: 'Seeds and tools',
      budget: 800,
    });
    // Seats are the director's to give (project_committees.manage), not the manager's.
    const seatByManager = await call('POST', rec('project_financial_committees'), yousif, {
      project: newProject.id,
      employee: me.id,
      can_create: true,
    });
    expect(seatByManager.status).toBeGreaterThanOrEqual(400);
    const sara = await first(tokens.amna, 'employees', 'email = "sara@demo.org"');
    await ok('POST', rec('project_financial_committees'), tokens.amna, {
      project: newProject.id,
      employee: me.id,
      can_create: true,
      can_update_status: false,
    });
    await ok('POST', rec('project_financial_committees'), tokens.amna, {
      project: newProject.id,
      employee: sara.id,
      can_create: true,
      can_update_status: true,
    });
    await ok('POST', rec('donations'), tokens.sara, {
      donor: 'Persona garden fund',
      amount: 800,
      received_on: '2026-07-05',
      project: newProject.id,
    });
    const request = await ok('POST', rec('financial_requests'), yousif, {
      project: newProject.id,
      title: 'Seeds for two schools',
    });
    await ok('POST', rec('financial_request_items'), yousif, {
      financial_request: request.id,
      budget_line: line.id,
      title: 'Vegetable seeds',
      quantity: 10,
      currency: 'USD',
      unit_price: 12,
      exchange_rate: 1,
    });
    const approved = await ok('PATCH', rec('financial_requests', request.id), tokens.sara, {
      status: 'APPROVED',
    });
    expect(approved.status).toBe('APPROVED');
  });

  it('the web editor writes and publishes an article', async () => {
    const omer = tokens.omer;
    const topic = await ok('POST', rec('blog_topics'), omer, { title: 'Persona news' });
    const article = await ok('POST', rec('blog_articles'), omer, {
      topic: topic.id,
      title: 'Gardens in Sennar',
      full_text: `<p>${'Schools in Sennar grow their own vegetables this year. '.repeat(4)}</p>`,
    });
    const published = await ok('PATCH', rec('blog_articles', article.id), omer, {
      status: 'published',
    });
    expect(published.status).toBe('published');
  });

  it('the director and the board read what they oversee', async () => {
    for (const collection of ['projects', 'vaults', 'payroll_runs', 'expenses', 'donations'])
      await ok('GET', rec(collection), tokens.amna);
    // The board user, on the default password, first chooses its own.
    const board = await signIn('users', 'fatima@demo.org', t.config.defaultPassword);
    const me = (await ok('POST', '/api/collections/users/auth-refresh', board)).record as Json;
    await ok('PATCH', rec('users', me.id), board, {
      oldPassword: t.config.defaultPassword,
      password: 'board-password-1',
      passwordConfirm: 'board-password-1',
    });
    const fatima = await signIn('users', 'fatima@demo.org', 'board-password-1');
    for (const collection of ['projects', 'vaults', 'financial_requests'])
      await ok('GET', rec(collection), fatima);
    const forbidden = await call('GET', rec('payroll_runs'), fatima);
    expect(forbidden.status).toBe(403);
  });
});
