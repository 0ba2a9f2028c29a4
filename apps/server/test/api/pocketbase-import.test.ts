import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// A CommonJS package: its classes come from the default export under Node's ESM.
import sqlite3 from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthState } from '../../src/core/auth';
import type { Row } from '../../src/core/record-export';
import type { RequestInfo } from '../../src/core/request-info';
import { formatReport, importPocketBase } from '../../src/domain/pocketbase-import';
import {
  buildPocketBaseBackup,
  OLD_PASSWORD,
  OLD_PERMISSION_KEYS,
} from '../fixtures/pocketbase/build-backup';
import { startTestApp, ADMIN_EMAIL, type TestApp } from '../helpers/test-app';

/**
 * The import of the current system's PocketBase backup (the people group: roles, employees with
 * their passwords, members, volunteers, users), its dry run and a second run.
 */
let t: TestApp;
let admin: RequestInfo;

/** The administrator as the command line acts: the import runs as this account. */
async function administrator(app: TestApp): Promise<RequestInfo> {
  const { rows } = await app.db.query<Row>(`SELECT * FROM "employees" WHERE "email" = $1`, [
    ADMIN_EMAIL,
  ]);
  return {
    auth: await buildAuthState(app.db, app.engine.registry.get('employees')!, rows[0]),
    method: 'POST',
    context: 'default',
    query: {},
    headers: {},
    body: {},
  };
}
beforeAll(async () => {
  t = await startTestApp();
  admin = await administrator(t);
});
afterAll(async () => t.stop());

const TABLES = ['roles', 'employees', 'employee_options', 'members', 'volunteers', 'users'];
async function counts(app: TestApp = t) {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
    out[table] = rows[0].n;
  }
  return out;
}
const fresh = (name: string) => mkdtempSync(join(tmpdir(), `${name}-`));

describe('PocketBase import: people', () => {
  it('dry-runs without writing, imports with passwords and files, and a second run adds nothing', async () => {
    const backup = await buildPocketBaseBackup(join(fresh('pb'), 'pb_data'));
    const before = await counts();

    const dry = await importPocketBase(t.engine, backup.dir, { dryRun: true, request: admin });
    expect(await counts()).toEqual(before);
    const byName = (r: typeof dry, name: string) => r.collections.find((c) => c.name === name)!;
    expect(byName(dry, 'employees')).toMatchObject({ read: 2, toImport: 2, skipped: 0 });
    expect(byName(dry, 'roles').toImport).toBe(3);
    // Every key of the old roles screen has its place in the catalogue; only a key the old
    // screen never offered is left out.
    expect(dry.unknownPermissionKeys).toEqual(['website.publish']);
    expect(dry.mapped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'marital_status', from: 'Marred', to: 'Married' }),
        expect.objectContaining({
          field: 'employment_status',
          from: 'In_Vacation',
          to: 'On_Leave',
        }),
        expect.objectContaining({
          field: 'employment_section',
          from: 'Human Resorces',
          to: 'Human Resources',
        }),
        expect.objectContaining({ field: 'qualification', from: 'BSd', to: 'BSc' }),
        expect.objectContaining({
          field: 'permissions',
          from: 'payroll.pay_employees',
          to: 'payroll.pay',
        }),
      ]),
    );
    // Money is never rounded silently.
    expect(dry.problems).toEqual(
      expect.arrayContaining([
        {
          collection: 'employees',
          id: 'empomer00000002',
          message: 'basic_salary 600.125 has more than two decimals: rounded to 600.13',
        },
      ]),
    );
    // Every collection of the current system is imported.
    expect(dry.problems.filter((p) => p.message.startsWith('not imported'))).toEqual([]);

    const real = await importPocketBase(t.engine, backup.dir, { dryRun: false, request: admin });
    expect(byName(real, 'employees').toImport).toBe(2);
    // The dry run said what the real run did, group after group (a later group sees the earlier
    // ones' records: an activity's staff finds its employees).
    const outcome = (r: typeof dry) =>
      r.collections.map((c) => [c.name, c.target, c.read, c.toImport, c.refused]);
    expect(outcome(dry)).toEqual(outcome(real));
    expect(byName(dry, 'activities_staff').toImport).toBe(3);
    expect(byName(dry, 'projects_staff').toImport).toBe(4);
    expect(dry.adjusted).toEqual(real.adjusted);
    expect(dry.toReview).toEqual(real.toReview);
    expect(dry.tables).toEqual(real.tables);
    expect(dry.money).toEqual(real.money);
    const after = await counts();
    expect(after.employees - before.employees).toBe(2);
    expect(after.members - before.members).toBe(1);
    expect(after.volunteers - before.volunteers).toBe(1);
    expect(after.users - before.users).toBe(1);
    expect(after.roles - before.roles).toBe(3);
    const everything = (
      await t.app.inject({
        method: 'GET',
        url: '/api/collections/roles/records/roleeverything1',
        headers: { authorization: t.adminToken },
      })
    ).json();
    const renamed: Record<string, string> = {
      'payroll.pay_employees': 'payroll.pay',
      'payroll.read_history': 'salary_report.read',
    };
    expect([...everything.permissions].sort()).toEqual(
      [...new Set(OLD_PERMISSION_KEYS.map((key) => renamed[key] ?? key))].sort(),
    );
    expect(dry.mapped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'employees.delete', to: 'employees.remove', count: 1 }),
      ]),
    );

    // Ids, mapped values, options and relations.
    const salma = (
      await t.app.inject({
        method: 'GET',
        url: '/api/collections/employees/records/empsalma0000001?expand=employment_section,qualification,roles',
        headers: { authorization: t.adminToken },
      })
    ).json();
    expect(salma).toMatchObject({
      name: 'Salma Osman',
      marital_status: 'Married',
      employment_status: 'On_Leave',
      basic_salary: 750.5,
      phone_numbers: ['+249 912 000 111', '+249 912 000 222'],
      roles: ['roleaccounts001'],
    });
    expect(salma.birth_date.slice(0, 10)).toBe('1990-04-12');
    expect(salma.expand.employment_section.title).toBe('Human Resources');
    expect(salma.expand.qualification.title).toBe('BSc');
    expect(salma.expand.roles[0].permissions.sort()).toEqual(
      ['donations.read', 'payroll.pay', 'salary_report.read'].sort(),
    );
    // The avatar came along and is served.
    expect(salma.avatar).toMatch(/\.png$/);
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/files/token',
        headers: { authorization: t.adminToken },
      })
    ).json();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/employees/empsalma0000001/${salma.avatar}?token=${token}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // People keep their passwords, and are not asked to change them (Omer is active; Salma, on
    // leave, may not sign in until she is back, as any employee on leave).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/collections/employees/auth-with-password',
      payload: { identity: 'omer@old.org', password: OLD_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().record.mustChangePassword).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/collections/employees/auth-with-password',
          payload: { identity: 'omer@old.org', password: 'wrong-password' },
        })
      ).statusCode,
    ).toBe(400);

    // A second run finds everything imported already.
    const again = await importPocketBase(t.engine, backup.dir, { dryRun: false, request: admin });
    for (const c of again.collections) expect(c.toImport, c.name).toBe(0);
    expect(byName(again, 'employees').skipped).toBe(2);
    expect(byName(again, 'payroll').skipped).toBe(4);
    expect(await counts()).toEqual(after);
    expect(formatReport(again)).toContain('employees -> employees: 2 / 0 / 2 / 0');
  }, 60_000);

  it('imports projects, activities, timelines with their authors, staff, committees, salary options, the website, assets, the money, advances and salaries, tasks, the audit trail and project finance', async () => {
    const backup = await buildPocketBaseBackup(join(fresh('pb-projects'), 'pb_data'));
    const other = await startTestApp();
    try {
      const report = await importPocketBase(other.engine, backup.dir, {
        dryRun: false,
        request: await administrator(other),
      });
      const entry = (name: string) => report.collections.find((c) => c.name === name)!;
      // Every row of the backup is accounted for, table by table, also where one old table
      // feeds two collections (finance: donations and expenses).
      expect(report.tables.map((table) => table.name).sort()).toEqual(
        Object.keys(backup.rows).sort(),
      );
      for (const [name, rows] of Object.entries(backup.rows)) {
        const table = report.tables.find((x) => x.name === name)!;
        expect(table, name).toMatchObject({ rows, read: rows });
        expect(table.toImport + table.skipped + table.refused, name).toBe(rows);
      }
      expect(report.problems.filter((p) => p.message.includes('do not add up'))).toEqual([]);
      expect(formatReport(report)).toContain('  finance: 6 = 6 = 6 + 0 + 0');
      expect(entry('projects')).toMatchObject({ read: 1, toImport: 1 });
      expect(entry('projects_activities')).toMatchObject({
        read: 2,
        toImport: 1,
        refused: [{ id: 'activityorphan1', reason: expect.stringContaining('projectgone0001') }],
      });
      // One entry for the posts and their replies, read in two passes.
      expect(entry('projects_timelines')).toMatchObject({ read: 2, toImport: 2, refused: [] });
      expect(entry('activities_staff')).toMatchObject({
        read: 4,
        toImport: 3,
        refused: [{ id: 'staffgone000001', reason: expect.stringContaining('membergone00001') }],
      });
      // Only rows pointing at records that are gone are refused.
      expect(entry('projects_staff')).toMatchObject({
        read: 6,
        toImport: 4,
        refused: [
          { id: 'pstaffgone00001', reason: expect.stringContaining('empgone00000001') },
          { id: 'pstafforphan001', reason: expect.stringContaining('projectgone0001') },
        ],
      });
      expect(entry('project_financial_commities')).toMatchObject({
        target: 'project_financial_committees',
        toImport: 2,
        refused: [],
      });
      // What the import filled in or did not hold against an old record, each said.
      expect(report.adjusted).toEqual(
        expect.arrayContaining([
          {
            collection: 'projects_staff',
            id: 'pstaffnotype001',
            message: expect.stringContaining('the type is member'),
          },
          {
            collection: 'projects_staff',
            id: 'pstaffsalma0001',
            message: expect.stringContaining('On_Leave today: the seat is kept'),
          },
          {
            collection: 'activities_staff',
            id: 'staffsalma00001',
            message: expect.stringContaining('On_Leave today'),
          },
          {
            collection: 'project_financial_commities',
            id: 'fcommsalma00001',
            message: expect.stringContaining('On_Leave today'),
          },
          {
            collection: 'purchases',
            id: 'purchasenotitle',
            message: expect.stringContaining('no title'),
          },
          {
            collection: 'purchases_commity_comments',
            id: 'pcommentblank01',
            message: expect.stringContaining('no comment text'),
          },
          {
            collection: 'financial_reqeuests_commity_comments',
            id: 'commentblank001',
            message: expect.stringContaining('no comment text'),
          },
        ]),
      );
      expect(report.adjusted).toHaveLength(7);
      expect(formatReport(report)).toContain('Filled in or relaxed');

      const get = async (path: string) =>
        (
          await other.app.inject({
            method: 'GET',
            url: path,
            headers: { authorization: other.adminToken },
          })
        ).json();
      const project = await get('/api/collections/projects/records/projectwater001');
      expect(project).toMatchObject({
        title: 'Clean water for Kassala',
        narrative_report: '<p>Three wells dug.</p>',
        created: '2023-11-02 08:30:00.000Z',
        updated: '2024-02-10 09:00:00.000Z',
      });
      expect(project.starting_date.slice(0, 10)).toBe('2024-01-01');
      // The project's own vault was opened, as for a project made on the screens.
      const vaults = await get(
        `/api/collections/vaults/records?filter=${encodeURIComponent("project='projectwater001'")}`,
      );
      expect(vaults.totalItems).toBe(1);

      // Omer's project link is kept; Salma's project is gone, which the report says.
      const omer = await get('/api/collections/employees/records/empomer00000002');
      expect(omer.project).toBe('projectwater001');
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ collection: 'employees', id: 'empsalma0000001' }),
        ]),
      );

      const posts = await get(
        `/api/collections/projects_timelines/records?sort=created&filter=${encodeURIComponent("project='projectwater001'")}`,
      );
      expect(
        posts.items.map((p: Record<string, string>) => [p.id, p.creator, p.reply_to, p.created]),
      ).toEqual([
        ['postkickoff0001', 'empomer00000002', '', '2023-12-01 10:00:00.000Z'],
        ['postreply000001', 'empsalma0000001', 'postkickoff0001', '2023-12-02 10:00:00.000Z'],
      ]);
      // An author who is not in the backup: the post stays, as the system's.
      const well = await get('/api/collections/activities_timelines/records/postwell0000001');
      expect(well.creator).toBe('');

      const staff = await get(
        `/api/collections/activities_staff/records?sort=position&filter=${encodeURIComponent("activity='activitywell001'")}`,
      );
      expect(
        staff.items.map((s: Record<string, string>) => [s.position, s.type, s.employee, s.member]),
      ).toEqual([
        ['Community liaison', 'member', '', 'membertarig0001'],
        ['Hiring', 'employee', 'empsalma0000001', ''],
        ['Site engineer', 'employee', 'empomer00000002', ''],
      ]);
      // The project's staff list, employees and members, as the old one.
      const projectStaff = await get(
        `/api/collections/projects_staff/records?sort=position&filter=${encodeURIComponent("project='projectwater001'")}`,
      );
      expect(
        projectStaff.items.map((s: Record<string, string>) => [
          s.id,
          s.position,
          s.type,
          s.employee,
          s.member,
        ]),
      ).toEqual([
        ['pstaffsalma0001', 'HR focal point', 'employee', 'empsalma0000001', ''],
        ['pstaffnotype001', 'Mobiliser', 'member', '', 'membertarig0001'],
        ['pstaffomer00001', 'Project manager', 'employee', 'empomer00000002', ''],
        ['pstafftarig0001', 'Water committee liaison', 'member', '', 'membertarig0001'],
      ]);
      expect(await get('/api/collections/projects_staff/records/pstaffomer00001')).toMatchObject({
        description: '<p>Runs the project.</p>',
        created: '2023-11-05 08:00:00.000Z',
      });
      const seats = await get(
        `/api/collections/project_financial_committees/records?sort=employee&filter=${encodeURIComponent("project='projectwater001'")}`,
      );
      expect(seats.items.map((c: Record<string, string>) => c.employee)).toEqual([
        'empomer00000002',
        'empsalma0000001',
      ]);
      // The rules for new records still hold through the API: a seat is for an active employee.
      const post = (collection: string, payload: Record<string, unknown>) =>
        other.app.inject({
          method: 'POST',
          url: `/api/collections/${collection}/records`,
          headers: { authorization: other.adminToken },
          payload,
        });
      for (const [collection, payload] of [
        ['project_purchases_committees', { employee: 'empsalma0000001' }],
        ['projects_staff', { type: 'employee', employee: 'empsalma0000001', position: 'Clerk' }],
      ] as const) {
        const refused = await post(collection, { project: 'projectwater001', ...payload });
        expect(refused.statusCode, collection).toBe(400);
        expect(refused.json().data.employee.code).toBe('validation_not_active');
      }
      const committee = await get(
        `/api/collections/project_purchases_committees/records?filter=${encodeURIComponent("project='projectwater001'")}`,
      );
      expect(committee.items).toEqual([
        expect.objectContaining({
          employee: 'empomer00000002',
          can_create: false,
          can_update_status: true,
        }),
      ]);

      // Salary options, and the employee's allowances and deductions that point to them.
      const salma = await get('/api/collections/employees/records/empsalma0000001');
      expect([salma.allowances, salma.deductions]).toEqual([
        ['allowtransport1'],
        ['deducttax000001'],
      ]);
      expect(await get('/api/collections/deduction_options/records/deducttax000001')).toMatchObject(
        { title: 'Income tax', amount: 25.5, calculation: 'fixed', active: true },
      );

      // The website: published on the day it was written, cover and attachment served to guests.
      expect(entry('blog_articles')).toMatchObject({
        read: 2,
        toImport: 1,
        refused: [{ id: 'articleorphan01', reason: expect.stringContaining('topicgone000001') }],
      });
      const guest = async (path: string) => other.app.inject({ method: 'GET', url: path });
      const article = (
        await guest('/api/collections/blog_articles/records/articlewells001')
      ).json();
      expect(article).toMatchObject({
        status: 'published',
        published_at: '2024-03-05 12:00:00.000Z',
        topic: 'topicwater00001',
      });
      expect(article.cover_image).toMatch(/\.png$/);
      const cover = await guest(`/api/files/blog_articles/articlewells001/${article.cover_image}`);
      expect(cover.statusCode).toBe(200);
      const resource = (
        await guest('/api/collections/website_resources/records/resourceguide01')
      ).json();
      expect(resource.tags).toEqual(['books']);
      expect(resource.attachments).toHaveLength(1);
      expect(report.problems.map((p) => p.message)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('"manuals"'),
          expect.stringContaining('lost_zz99yy.pdf'),
        ]),
      );

      // Assets keep today's book value as their opening depreciation; the damage rate is reported.
      const pump = await get('/api/collections/assets/records/assetpump000001');
      expect(pump).toMatchObject({
        price: 1000,
        opening_accumulated: 200,
        depreciation_method: 'none',
        status: 'Second',
      });
      const laptop = await get('/api/collections/assets/records/assetlaptop0001');
      expect(laptop).toMatchObject({ status: 'Eliminated', opening_accumulated: 400 });
      expect(laptop.elimination_reason).not.toBe('');
      expect(report.money).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            what: expect.stringContaining('assetpump000001'),
            before: expect.stringContaining('damage rate 10'),
          }),
        ]),
      );

      // Money through the ledger: each vault's balance is its old donations minus fees and
      // expenses; the main vault's shortfall became an opening balance, reported.
      const balance = async (filter: string) =>
        (
          await get(`/api/collections/vaults/records?filter=${encodeURIComponent(filter)}`)
        ).items.map((v: { balance: number }) => v.balance);
      expect(await balance("kind='main'")).toEqual([0]);
      // The project vault: its donations less fees and expenses (4,430) is checked below, after
      // the requests and the purchase it paid.
      expect(report.money).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ before: expect.stringContaining('= 4430.00') }),
        ]),
      );
      const entries = await get(
        `/api/collections/ledger_entries/records?perPage=100&filter=${encodeURIComponent("kind='correction'")}`,
      );
      expect(entries.items.map((e: { amount: number }) => e.amount)).toEqual([249.5]);
      const paid = await get('/api/collections/expenses/records/finspend0000002');
      expect(paid).toMatchObject({ status: 'paid', amount: 1200, beneficiary: 'Generator' });
      expect(paid.payment_entry).not.toBe('');
      const gift = await get('/api/collections/donations/records/afgift000000001');
      expect(gift).toMatchObject({ activity: 'activitywell001', project: 'projectwater001' });
      expect(entry('finance')).toMatchObject({ target: 'donations', toImport: 2, refused: [] });
      // The rows that do not say whether money came in or went out: kept, moving no money, and
      // listed for review (the main vault above is still its old donations minus expenses).
      expect(
        report.collections.find((c) => c.name === 'finance' && c.target === 'expenses'),
      ).toMatchObject({ read: 4, toImport: 4, refused: [] });
      expect(report.toReview).toEqual([
        expect.objectContaining({
          collection: 'finance',
          id: 'finodd000000001',
          target: 'expenses',
          message: expect.stringContaining('"grant"'),
        }),
        expect.objectContaining({
          collection: 'finance',
          id: 'finnotype000001',
          target: 'expenses',
          message: expect.stringContaining('pending expense of 75.50'),
        }),
        // Below with the salaries and the advances' payments.
        expect.objectContaining({ collection: 'payroll', id: 'payroll2404dupl' }),
        expect.objectContaining({
          collection: 'employees_advances_payments',
          id: 'payomer00000002',
        }),
      ]);
      expect(await get('/api/collections/expenses/records/finnotype000001')).toMatchObject({
        status: 'pending',
        amount: 75.5,
        beneficiary: 'Kassala market',
        payment_entry: '',
      });
      expect(formatReport(report)).toContain('To review');
      expect(entry('project_finance').refused).toEqual([
        { id: 'pforphan0000001', reason: expect.stringContaining('projectgone0001') },
      ]);
      expect(report.money).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            before: expect.stringContaining('= -249.50'),
            after:
              'balance moved by 0.00 (with an opening balance of 249.50); 85.50 pending, to review',
          }),
        ]),
      );

      // Advances and salaries were never in the old vaults: they are paid outside them here
      // (the main vault above is still its old donations minus expenses), and what is still owed
      // is kept.
      expect(entry('employees_advances')).toMatchObject({
        read: 3,
        toImport: 2,
        refused: [{ id: 'advgone00000001', reason: expect.stringContaining('empgone00000001') }],
      });
      expect(await get('/api/collections/employee_advances/records/advsalma0000001')).toMatchObject(
        {
          purpose: 'School fees',
          amount: 600,
          monthly_deduction: 100,
          status: 'partly_repaid',
          repaid: 200,
          remaining: 400,
          payment_entry: '',
          created: '2024-03-15 09:00:00.000Z',
        },
      );
      // The deduction above the amount was lowered. The payment over what remained repays what
      // remained and says the rest, on the record and for review; the old counter (350 repaid)
      // and the payments here (300) disagree, which is reported.
      expect(await get('/api/collections/employee_advances/records/advomer00000001')).toMatchObject(
        { monthly_deduction: 300, repaid: 300, remaining: 0, status: 'repaid' },
      );
      expect(entry('employees_advances_payments')).toMatchObject({
        read: 5,
        toImport: 4,
        refused: [{ id: 'paynowhere00001', reason: expect.stringContaining('advnowhere00001') }],
      });
      const over = await get('/api/collections/advance_repayments/records/payomer00000002');
      expect(over.amount).toBe(100);
      expect(over.statement).toBe('Cash (150.00 paid in the old system, 50.00 more than remained)');
      expect(report.toReview).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: 'payomer00000002',
            target: 'advance_repayments',
            message: expect.stringContaining('the 50.00 paid over is to review'),
          }),
        ]),
      );
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            collection: 'employees_advances',
            id: 'advomer00000001',
            message: expect.stringContaining(
              'counted 350.00 repaid, its payments add up to 300.00',
            ),
          }),
        ]),
      );
      expect(
        await get('/api/collections/advance_repayments/records/paysalma0000001'),
      ).toMatchObject({ source: 'payroll', payslip: 'payroll2404salm', amount: 100 });
      expect(
        await get('/api/collections/advance_repayments/records/paysalma0000002'),
      ).toMatchObject({ source: 'manual', payslip: '' });

      // The old salaries: a paid run per month, a payslip per salary, lines as they were.
      expect(entry('payroll')).toMatchObject({
        target: 'payslips',
        read: 5,
        toImport: 4,
        refused: [{ id: 'payroll2413bad1', reason: expect.stringContaining('month "13"') }],
      });
      // The month paid twice to Omer: the second salary is in his April payslip, for review.
      const omerApril = await get(
        `/api/collections/payslip_lines/records?filter=${encodeURIComponent("payslip='payroll2404omer'")}`,
      );
      expect(
        omerApril.items.map((l: Record<string, unknown>) => [l.id, l.kind, l.title, l.amount]),
      ).toEqual([
        ['payroll2404dupl', 'allowance', 'Second salary of 2024-04 in the old system', 600],
      ]);
      expect(report.toReview).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: 'payroll2404dupl',
            target: 'payslips',
            message: expect.stringContaining('added to payslip payroll2404omer'),
          }),
        ]),
      );
      const runs = await get('/api/collections/payroll_runs/records?sort=year,month');
      expect(
        runs.items.map((r: Record<string, unknown>) => [
          r.year,
          r.month,
          r.status,
          r.payslips_count,
          r.total_net,
          r.payment_entry,
        ]),
      ).toEqual([
        [2024, 3, 'paid', 1, 620, ''],
        [2024, 4, 'paid', 2, 1875, ''],
      ]);
      const lines = await get(
        `/api/collections/payslip_lines/records?sort=kind&filter=${encodeURIComponent("payslip='payroll2404salm'")}`,
      );
      expect(
        lines.items.map((l: Record<string, unknown>) => [
          l.kind,
          l.source,
          l.amount,
          l.allowance_option || l.deduction_option || l.advance,
        ]),
      ).toEqual([
        ['advance', 'advance', 100, 'advsalma0000001'],
        ['allowance', 'option', 50, 'allowtransport1'],
        ['deduction', 'option', 25.5, 'deducttax000001'],
      ]);
      const history = await get('/api/payroll/employees/empsalma0000001/history?year=2024');
      expect(history.items).toEqual([
        expect.objectContaining({ payslip: 'payroll2404salm', month: 4, net_pay: 675 }),
      ]);
      expect(report.money).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            what: 'payroll 2024-04',
            before: '3 salaries: total 1975.00, paid 1875.00',
            after: 'net pay 1875.00 (paid outside the vaults)',
          }),
        ]),
      );
      const salaryEntries = await get(
        `/api/collections/ledger_entries/records?filter=${encodeURIComponent("kind='salary' || kind='advance' || kind='advance_repayment'")}`,
      );
      expect(salaryEntries.totalItems).toBe(0);
      // Reversing an imported month gives nothing back to a vault (nothing was taken from one)
      // and the instalment it withheld is owed again.
      const april = runs.items[1];
      const reversed = await other.app.inject({
        method: 'PATCH',
        url: `/api/collections/payroll_runs/records/${april.id}`,
        headers: { authorization: other.adminToken },
        payload: { status: 'reversed' },
      });
      expect(reversed.statusCode).toBe(200);
      expect(reversed.json().reversal_entry).toBe('');
      expect(await get('/api/collections/employee_advances/records/advsalma0000001')).toMatchObject(
        { repaid: 100, remaining: 500 },
      );
      expect(await balance("kind='main'")).toEqual([0]);

      // Tasks, and the old audit trail kept as history, marked imported.
      const task = await get('/api/collections/employee_tasks/records/taskreport00001');
      expect(task).toMatchObject({ employee: 'empomer00000002', title: 'Quarterly report' });
      expect(task.completion_date.slice(0, 10)).toBe('2024-03-28');
      const audit = await get('/api/collections/user_activities/records/auditupdate0001');
      expect(audit).toMatchObject({
        actor: 'empomer00000002',
        actor_name: 'Omer Bashir',
        action: 'UPDATE',
        collection: 'projects',
        record: 'projectwater001',
        record_title: 'Clean water for Kassala',
        categories: ['projects'],
        created: '2024-02-10 09:00:00.000Z',
      });
      expect(audit.comment).toMatch(/^Imported from the old system/);
      expect(audit.before).toMatchObject({ title: 'Water' });
      // Filed under this system's name for the collection, named by the advance's employee.
      expect(await get('/api/collections/user_activities/records/auditadvance001')).toMatchObject({
        collection: 'employee_advances',
        record_title: 'Salma Osman',
      });
      // The old money table's history, filed under what each row became, named by its donor or
      // payee.
      expect(await get('/api/collections/user_activities/records/auditfinance001')).toMatchObject({
        collection: 'donations',
        record: 'fingift00000001',
        record_title: 'Zakat committee',
      });
      expect(await get('/api/collections/user_activities/records/auditfinance002')).toMatchObject({
        collection: 'expenses',
        record: 'finspend0000001',
        record_title: 'Office rent',
      });
      expect(await get('/api/collections/user_activities/records/auditfinance003')).toMatchObject({
        collection: 'expenses',
        record: 'finnotype000001',
        record_title: 'Kassala market',
      });
      // Filed under the project it belongs to, so the project's history shows it.
      expect(await get('/api/collections/user_activities/records/auditline000001')).toMatchObject({
        collection: 'project_budget_lines',
        record_title: 'Equipment',
        held_by: 'projectwater001',
      });
      expect(entry('user_activities').refused).toEqual([
        { id: 'auditodd0000001', reason: expect.stringContaining('"LOGIN"') },
      ]);

      // Project finance, replayed through the workflow: holds, payments and used amounts are the
      // server's own; nobody was notified of the history.
      const line = await get('/api/collections/project_budget_lines/records/lineequipment01');
      expect(line).toMatchObject({ budget: 3000, used_amount: 1000, held_amount: 250 });
      const statuses = await get(
        `/api/collections/financial_requests/records?sort=created&filter=${encodeURIComponent("project='projectwater001'")}`,
      );
      expect(
        statuses.items.map((r: Record<string, unknown>) => [r.id, r.status, r.amount, r.creator]),
      ).toEqual([
        ['reqpumps0000001', 'BILL_APPROVED', 1000, 'empomer00000002'],
        ['reqtools0000001', 'APPROVED', 250, 'empomer00000002'],
        ['reqdeclined0001', 'DECLINED', 100, 'empomer00000002'],
        ['reqpending00001', 'PENDING', 0, 'empomer00000002'],
      ]);
      const pumps = await get('/api/collections/financial_requests/records/reqpumps0000001');
      expect(pumps.updated).toBe('2024-03-01 08:00:00.000Z');
      const payment = await get(`/api/collections/ledger_entries/records/${pumps.payment_entry}`);
      expect(payment).toMatchObject({ amount: -1000, kind: 'expense' });
      expect(payment.date.slice(0, 10)).toBe('2024-03-01');
      const item = await get('/api/collections/financial_request_items/records/itemtools000001');
      expect(item).toMatchObject({ currency: 'USD', base_amount: 250 });
      const comment = await get(
        '/api/collections/financial_request_comments/records/commentpumps001',
      );
      expect(comment).toMatchObject({ employee: 'empomer00000002', stage: 'REVIEW' });
      // Approvals without words keep no words; a new comment still needs them.
      expect(await get('/api/collections/purchase_comments/records/pcommentblank01')).toMatchObject(
        { stage: 'APPROVAL', comment: '', employee: 'empomer00000002' },
      );
      expect(
        await get('/api/collections/financial_request_comments/records/commentblank001'),
      ).toMatchObject({ stage: 'APPROVAL', comment: '' });
      const blank = await post('purchase_comments', {
        purchase: 'purchasetank001',
        stage: 'APPROVAL',
        comment: '',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().data.comment.code).toBe('validation_required');
      // A purchase without a title is named by its date and price; a new one still needs one.
      expect(await get('/api/collections/purchases/records/purchasenotitle')).toMatchObject({
        title: 'Purchase of 2024-02-12, 150.25 USD',
        price: 150.25,
        status: 'PENDING',
        creator: 'empomer00000002',
      });
      const untitled = await post('purchases', { project: 'projectwater001', price: 10 });
      expect(untitled.statusCode).toBe(400);
      expect(untitled.json().data.title.code).toBe('validation_required');
      const tank = await get('/api/collections/purchases/records/purchasetank001');
      expect(tank).toMatchObject({ status: 'BILL_APPROVED', creator: 'empsalma0000001' });
      expect(tank.bills).toHaveLength(1);
      const check = await get('/api/collections/bank_checks/records/checkwell000001');
      expect(check).toMatchObject({ beneficiary: 'Kassala Drilling', amount: 1500 });
      // 4,430 after the donations and expenses, less the pumps (1,000) and the tank (400).
      expect(await balance("project='projectwater001'")).toEqual([3030]);
      const { rows: notified } = await other.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "notifications"`,
      );
      expect(notified[0].n).toBe(0);
      expect(report.money).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ what: expect.stringContaining('itempumps000001') }),
          expect.objectContaining({
            what: expect.stringContaining('lineequipment01'),
            before: 'used 900.00',
          }),
        ]),
      );
    } finally {
      await other.stop();
    }
  }, 60_000);

  it('adds a second salary found later to its month once, whatever its lines', async () => {
    const backup = await buildPocketBaseBackup(join(fresh('pb-second'), 'pb_data'));
    const other = await startTestApp();
    try {
      const request = await administrator(other);
      await importPocketBase(other.engine, backup.dir, { dryRun: false, request });
      // The old screen paid March to Omer a second time: no basic salary, a bonus only.
      const db = new sqlite3.Database(join(backup.dir, 'data.db'));
      db.run(
        `INSERT INTO "payroll" ("id","employee","year","month","total_salary","payed","salary_details","created","updated")
         VALUES (?,?,?,?,?,?,?,?,?)`,
        [
          'payroll2403late',
          'empomer00000002',
          '2024',
          '3',
          '30',
          '30',
          JSON.stringify({ basic_salary: 0, allowances: [{ amount: 30, statement: 'Bonus' }] }),
          '2024-03-31 13:00:00.000Z',
          '2024-03-31 13:00:00.000Z',
        ],
      );
      db.close();
      const net = async () => {
        const { rows } = await other.db.query<{ net: string; run: string }>(
          `SELECT p."net_pay"::text AS net, r."total_net"::text AS run FROM "payslips" p
             JOIN "payroll_runs" r ON r."id" = p."run" WHERE p."id" = 'payroll2403omer'`,
        );
        return rows[0];
      };
      const second = await importPocketBase(other.engine, backup.dir, { dryRun: false, request });
      expect(second.collections.find((c) => c.name === 'payroll')).toMatchObject({
        toImport: 1,
        skipped: 4,
      });
      expect(await net()).toEqual({ net: '650.00', run: '650.00' });
      const third = await importPocketBase(other.engine, backup.dir, { dryRun: false, request });
      expect(third.collections.find((c) => c.name === 'payroll')).toMatchObject({
        toImport: 0,
        skipped: 5,
      });
      expect(await net()).toEqual({ net: '650.00', run: '650.00' });
    } finally {
      await other.stop();
    }
  }, 60_000);

  it('dry-runs a malformed backup: each problem reported, nothing written', async () => {
    const backup = await buildPocketBaseBackup(join(fresh('pb-bad'), 'pb_data'), {
      dropTable: 'volunteers',
      badJson: true,
      relationToNowhere: true,
    });
    // A database of its own, so nothing is "already imported" by the test above.
    const other = await startTestApp();
    try {
      const before = await counts(other);
      const report = await importPocketBase(other.engine, backup.dir, {
        dryRun: true,
        request: await administrator(other),
      });
      expect(await counts(other)).toEqual(before);
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            collection: 'volunteers',
            message: expect.stringContaining('missing'),
          }),
          expect.objectContaining({
            collection: 'employees',
            id: 'empsalma0000001',
            message: expect.stringContaining('rolenowhere0001'),
          }),
        ]),
      );
      const employees = report.collections.find((c) => c.name === 'employees')!;
      expect(employees.refused).toEqual([
        { id: 'empomer00000002', reason: expect.stringContaining('bad JSON') },
      ]);
    } finally {
      await other.stop();
    }
  }, 60_000);
});
