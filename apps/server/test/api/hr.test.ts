import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { addMonths, chainDues } from '../../src/domain/hr';

let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

async function post(collection: string, payload: Record<string, unknown>, headers = admin()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/collections/${collection}/records`,
    headers,
    payload,
  });
}

describe('dues chaining', () => {
  it('adds months and clamps to the end of the month', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe(
      '2026-02-28',
    );
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 12).toISOString().slice(0, 10)).toBe(
      '2027-03-15',
    );
  });

  it('lays payments end to end and restarts after a lapse', () => {
    const { periods, paidUntil } = chainDues([
      { id: 'a', paid_on: '2026-01-10 00:00:00.000Z', months: 3, created: '1' },
      { id: 'b', paid_on: '2026-02-01 00:00:00.000Z', months: 3, created: '2' },
      { id: 'c', paid_on: '2027-01-05 00:00:00.000Z', months: 1, created: '3' },
    ]);
    expect(periods.get('a')).toEqual({
      start: '2026-01-10 00:00:00.000Z',
      end: '2026-04-09 00:00:00.000Z',
    });
    expect(periods.get('b')).toEqual({
      start: '2026-04-10 00:00:00.000Z',
      end: '2026-07-09 00:00:00.000Z',
    });
    expect(periods.get('c')).toEqual({
      start: '2027-01-05 00:00:00.000Z',
      end: '2027-02-04 00:00:00.000Z',
    });
    expect(paidUntil).toBe('2027-02-04 00:00:00.000Z');
  });
});

describe('members', () => {
  it('numbers members, ignores submitted derived values, and keeps paid-until in step with dues', async () => {
    const type = (
      await post('membership_types', { title: 'Ordinary', fee: 10, period_months: 12 })
    ).json();
    const a = await post('members', {
      name: 'Hawa Musa',
      membership_status: 'Active',
      membership_type: type.id,
      membership_number: 'X-1',
      paid_until: '2099-01-01',
    });
    expect(a.statusCode).toBe(200);
    const b = await post('members', { name: 'Adam Idris', membership_status: 'Active' });
    const m1 = a.json();
    const m2 = b.json();
    expect(m1.membership_number).toMatch(/^M-\d{5}$/);
    expect(m2.membership_number).toMatch(/^M-\d{5}$/);
    expect(m1.membership_number).not.toBe(m2.membership_number);
    expect(m1.paid_until).toBe('');

    const d1 = (
      await post('member_dues', {
        member: m1.id,
        amount: 10,
        paid_on: '2026-01-10',
        months: 12,
        method: 'Cash',
      })
    ).json();
    expect(d1.period_start).toBe('2026-01-10 00:00:00.000Z');
    expect(d1.period_end).toBe('2027-01-09 00:00:00.000Z');
    const d2 = await post('member_dues', {
      member: m1.id,
      amount: 5,
      paid_on: '2026-06-01',
      months: 6,
    });
    expect(d2.json().period_start).toBe('2027-01-10 00:00:00.000Z');
    let member = (
      await t.app.inject({
        method: 'GET',
        url: `/api/collections/members/records/${m1.id}`,
        headers: admin(),
      })
    ).json();
    expect(member.paid_until).toBe('2027-07-09 00:00:00.000Z');

    const summary = (
      await t.app.inject({
        method: 'GET',
        url: `/api/hr/members/${m1.id}/dues-summary`,
        headers: admin(),
      })
    ).json();
    expect(summary).toMatchObject({
      totalPaid: 15,
      payments: 2,
      paidUntil: '2027-07-09 00:00:00.000Z',
      lapsed: false,
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/member_dues/records/${d1.id}`,
      headers: admin(),
    });
    expect(del.statusCode).toBe(204);
    member = (
      await t.app.inject({
        method: 'GET',
        url: `/api/collections/members/records/${m1.id}`,
        headers: admin(),
      })
    ).json();
    expect(member.paid_until).toBe('2026-11-30 00:00:00.000Z');

    // A membership type in use cannot be deleted, and the message names who uses it.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/membership_types/records/${type.id}`,
      headers: admin(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Cannot delete: still used by Members (Membership type): Hawa Musa.',
    );
  });

  it('refuses dues without the members.update permission', async () => {
    const reader = await t.employeeWith(['members.read']);
    const m = (
      await post('members', { name: 'Reader Target', membership_status: 'Active' })
    ).json();
    const res = await post(
      'member_dues',
      { member: m.id, amount: 1, paid_on: '2026-01-01', months: 1 },
      { authorization: reader.token },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('volunteers', () => {
  it('totals hours overall, this year and by project', async () => {
    const project = (await post('projects', { title: 'Flood relief' })).json();
    const skill = (await post('volunteer_skills', { title: 'First aid' })).json();
    const v = (
      await post('volunteers', {
        name: 'Nour Salih',
        status: 'Active',
        skills: [skill.id],
        availability: ['Weekends'],
      })
    ).json();
    const thisYear = new Date().getUTCFullYear();
    for (const [date, hours, proj] of [
      [`${thisYear}-02-01`, 3.5, project.id],
      [`${thisYear}-02-08`, 2, ''],
      [`${thisYear - 1}-12-20`, 4, project.id],
    ] as const) {
      const r = await post('volunteer_hours', { volunteer: v.id, date, hours, project: proj });
      expect(r.statusCode).toBe(200);
    }
    const tooMany = await post('volunteer_hours', {
      volunteer: v.id,
      date: `${thisYear}-02-09`,
      hours: 25,
    });
    expect(tooMany.json().data.hours.code).toBe('validation_max_number_constraint');
    const summary = (
      await t.app.inject({
        method: 'GET',
        url: `/api/hr/volunteers/${v.id}/hours-summary`,
        headers: admin(),
      })
    ).json();
    expect(summary.totalHours).toBe(9.5);
    expect(summary.thisYearHours).toBe(5.5);
    expect(summary.entries).toBe(3);
    expect(summary.byProject).toEqual([
      { project: project.id, title: 'Flood relief', hours: 7.5 },
      { project: '', title: '', hours: 2 },
    ]);
    const inUse = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/volunteer_skills/records/${skill.id}`,
      headers: admin(),
    });
    expect(inUse.json().message).toBe(
      'Cannot delete: still used by Volunteers (Skills): Nour Salih.',
    );
    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/hr/volunteers/${v.id}/hours-summary`,
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('employee tasks', () => {
  it('lets people manage their own tasks only', async () => {
    const me = await t.employeeWith([]);
    const other = await t.employeeWith([]);
    const mine = await post(
      'employee_tasks',
      { employee: me.id, title: 'Write report', due_date: '2026-12-01' },
      { authorization: me.token },
    );
    expect(mine.statusCode).toBe(200);
    const theirs = await post(
      'employee_tasks',
      { employee: other.id, title: 'Not mine' },
      { authorization: me.token },
    );
    expect(theirs.statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/collections/employee_tasks/records',
      headers: { authorization: other.token },
    });
    expect(list.json().items).toEqual([]);
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/employee_tasks/records/${mine.json().id}`,
      headers: { authorization: me.token },
      payload: { completion_date: '2026-11-30' },
    });
    expect(done.json().completion_date).toBe('2026-11-30 00:00:00.000Z');
  });

  it('deletes an employee with its tasks, and refuses a section still in use', async () => {
    const section = (
      await post('employee_options', { kind: 'section', title: 'Finance Office' })
    ).json();
    const e = await t.employeeWith([], { employment_section: section.id });
    await post('employee_tasks', { employee: e.id, title: 'Task to cascade' });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/employee_options/records/${section.id}`,
      headers: admin(),
    });
    expect(refused.json().message).toMatch(
      /^Cannot delete: still used by Employees \(Section\): Person \d+\.$/,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/employees/records/${e.id}`,
      headers: admin(),
    });
    expect(del.statusCode).toBe(204);
    const tasks = await t.db.query(
      `SELECT count(*)::int AS n FROM "employee_tasks" WHERE "employee" = $1`,
      [e.id],
    );
    expect(tasks.rows[0]).toEqual({ n: 0 });
    // Renaming an option is seen everywhere, since records point at it.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/employee_options/records/${section.id}`,
      headers: admin(),
      payload: { title: 'Finance & Admin' },
    });
    const e2 = await t.employeeWith([], { employment_section: section.id });
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/collections/employees/records/${e2.id}?expand=employment_section`,
        headers: admin(),
      })
    ).json();
    expect(view.expand.employment_section.title).toBe('Finance & Admin');
  });
});

describe('CSV import', () => {
  const csv = [
    'Name,Email,Phone,Joining date,Status,Membership type',
    'Asha Omer,asha@example.org,+249 1;+249 2,15/03/2024,active,Ordinary import',
    'Bad Row,not-an-email,,2024-13-40,Active,Unknown type',
    'Li,li@example.org,,,,',
  ].join('\n');

  it('previews every row with its errors and writes nothing; refuses the whole file while a row is bad', async () => {
    await post('membership_types', { title: 'Ordinary import', fee: 5, period_months: 12 });
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM "members"`)).rows[0];
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/hr/import/members',
      headers: admin(),
      payload: { csv, dryRun: true },
    });
    expect(preview.statusCode).toBe(200);
    const report = preview.json();
    expect(report).toMatchObject({ total: 3, valid: 1, invalid: 2, imported: 0 });
    expect(report.rows[0]).toMatchObject({ line: 2, errors: {} });
    expect(report.rows[0].values).toMatchObject({
      phone_numbers: ['+249 1', '+249 2'],
      starting_date: '2024-03-15',
      membership_status: 'Active',
    });
    expect(report.rows[1].errors).toEqual({
      membership_type: 'No membership type is called "Unknown type".',
      email: 'Must be a valid email address.',
      starting_date: 'Must be a valid date.',
    });
    expect(report.rows[2].errors).toEqual({ name: 'Must be at least 3 character(s).' });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/hr/import/members',
      headers: admin(),
      payload: { csv },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Nothing was imported: 2 rows have errors.');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM "members"`)).rows[0]).toEqual(before);
  });

  it('imports a clean file in one go, with membership numbers and audit records', async () => {
    const good =
      'Name,Email,Skills\nSelma Adam,selma@example.org,Teaching\nYasir Bakri,,teaching; Driving\n';
    await post('volunteer_skills', { title: 'Teaching' });
    await post('volunteer_skills', { title: 'Driving' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/hr/import/volunteers',
      headers: admin(),
      payload: { csv: good },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, valid: 2, invalid: 0, imported: 2 });
    const { rows } = await t.db.query<{ name: string; skills: string[]; status: string }>(
      `SELECT "name", "skills", "status" FROM "volunteers" WHERE "name" IN ('Selma Adam', 'Yasir Bakri') ORDER BY "name"`,
    );
    expect(rows.map((r) => [r.name, r.skills.length, r.status])).toEqual([
      ['Selma Adam', 1, 'Active'],
      ['Yasir Bakri', 2, 'Active'],
    ]);
    const audit = await t.db.query(
      `SELECT count(*)::int AS n FROM "user_activities" WHERE "collection" = 'volunteers' AND "action" = 'CREATE'`,
    );
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('needs the create permission and a readable file', async () => {
    const reader = await t.employeeWith(['members.read']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/hr/import/members',
          headers: { authorization: reader.token },
          payload: { csv },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/hr/import/members', payload: { csv } }))
        .statusCode,
    ).toBe(401);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/hr/import/members',
      headers: admin(),
      payload: { csv: 'Name\n"unterminated' },
    });
    expect(broken.json().data.csv.code).toBe('validation_invalid_csv');
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/hr/import/members',
      headers: admin(),
      payload: { csv: 'Email\na@b.org' },
    });
    expect(noName.json().data.csv.message).toBe('The file needs a "Name" column.');
  });
});

describe('deleting a record others point at', () => {
  it('clears the link, audits the change and announces it only after commit', async () => {
    const project = (await post('projects', { title: 'Short-lived project' })).json();
    const e = await t.employeeWith([], { project: project.id });
    // The project's vault goes with it, through the engine (its event follows the commit too).
    const vault = (await t.db.query(`SELECT "id" FROM "vaults" WHERE "project" = $1`, [project.id]))
      .rows[0];
    const events: Array<[string, string, string]> = [];
    const off = t.onRecordEvent((ev) => events.push([ev.action, ev.collection, String(ev.row.id)]));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/projects/records/${project.id}`,
      headers: admin(),
    });
    off();
    expect(del.statusCode).toBe(204);
    const row = (await t.db.query(`SELECT "project" FROM "employees" WHERE "id" = $1`, [e.id]))
      .rows[0];
    expect(row.project).toBe('');
    const audit = await t.db.query<{
      action: string;
      before: { project: string };
      after: { project: string };
    }>(
      `SELECT "action", "before", "after" FROM "user_activities" WHERE "collection" = 'employees' AND "record" = $1`,
      [e.id],
    );
    expect(audit.rows.map((a) => [a.action, a.before.project, a.after.project])).toEqual([
      ['UPDATE', project.id, ''],
    ]);
    expect(events).toEqual([
      ['delete', 'vaults', vault.id],
      ['update', 'employees', e.id],
      ['delete', 'projects', project.id],
    ]);
  });
});
