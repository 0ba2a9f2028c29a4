import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@app/schema';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';
import { buildAuthState } from '../../src/core/auth';
import type { Row } from '../../src/core/record-export';
import type { RequestInfo } from '../../src/core/request-info';
import { runDemoSeed } from '../../src/domain/demo-seed';
import { AREAS } from '../../src/domain/index';
import { reportHtml } from '../../src/domain/projects-report';

let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

type Headers = Record<string, string>;
const url = (collection: string, id = '') =>
  `/api/collections/${collection}/records${id ? `/${id}` : ''}`;
const post = (collection: string, payload: Record<string, unknown>, headers: Headers = admin()) =>
  t.app.inject({ method: 'POST', url: url(collection), headers, payload });
const patch = (
  collection: string,
  id: string,
  payload: Record<string, unknown>,
  headers: Headers = admin(),
) => t.app.inject({ method: 'PATCH', url: url(collection, id), headers, payload });
const del = (collection: string, id: string, headers: Headers = admin()) =>
  t.app.inject({ method: 'DELETE', url: url(collection, id), headers });
const list = (collection: string, query: Record<string, string>, headers: Headers = admin()) =>
  t.app.inject({ method: 'GET', url: url(collection), query, headers });

async function project(data: Record<string, unknown> = {}) {
  const res = await post('projects', { title: 'Water project', ...data });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; code: string; status: string; title: string };
}
async function activity(projectId: string, data: Record<string, unknown> = {}) {
  const res = await post('projects_activities', { project: projectId, title: 'Workshop', ...data });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
}
async function auditRows(recordId: string) {
  const { rows } = await t.db.query<{ action: string; categories: string[] }>(
    `SELECT "action", "categories" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
    [recordId],
  );
  return rows;
}

describe('projects', () => {
  it('validates title and dates, numbers the project and starts it as Planned', async () => {
    const short = await post('projects', { title: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().data.title.code).toBe('validation_min_text_constraint');
    const backwards = await post('projects', {
      title: 'Backwards',
      starting_date: '2026-05-02',
      end_date: '2026-05-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data.end_date.code).toBe('validation_end_before_start');

    const a = await project({ starting_date: '2026-05-01', end_date: '2026-05-01', code: 'X' });
    const b = await project();
    expect(a.code).toMatch(/^P-\d{5}$/);
    expect(b.code).not.toBe(a.code);
    expect(a.status).toBe('Planned');

    const worse = await patch('projects', a.id, { end_date: '2026-04-30' });
    expect(worse.statusCode).toBe(400);
    expect(worse.json().data.end_date.code).toBe('validation_end_before_start');
    const bad = await post('projects_activities', {
      project: a.id,
      title: 'Backwards day',
      starting_date: '2026-05-02',
      end_date: '2026-05-01',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers the current system's list calls unchanged", async () => {
    const p = await project({ details: '<p>Wells and <b>pumps</b> for the villages.</p>' });
    await activity(p.id, { description: '<p>Three days in <i>Kassala</i>.</p>' });
    const res = await list('projects', {
      sort: '-created',
      fields: '*,details:excerpt(1,true)',
      perPage: '500',
      skipTotal: '1',
    });
    expect(res.statusCode).toBe(200);
    const first = res.json().items[0];
    expect(first.id).toBe(p.id);
    expect(first.details).toBe('W...');
    expect(first).toHaveProperty('objectives');
    const acts = await list('projects_activities', {
      filter: `project = "${p.id}"`,
      fields: '*,description:excerpt(1,true)',
    });
    expect(acts.statusCode).toBe(200);
    expect(acts.json().items[0].description).toBe('T...');
    expect(acts.json().items[0].title).toBe('Workshop');
  });

  it('writes a post without creator when the status changes, and audits under projects', async () => {
    const p = await project();
    expect((await patch('projects', p.id, { status: 'Active' })).statusCode).toBe(200);
    const posts = await list('projects_timelines', { filter: `project = "${p.id}"` });
    expect(posts.json().items).toHaveLength(1);
    expect(posts.json().items[0]).toMatchObject({ creator: '', title: 'Status changed' });
    expect(posts.json().items[0].post).toContain('Planned → Active');
    expect(await auditRows(p.id)).toEqual([
      { action: 'CREATE', categories: ['projects'] },
      { action: 'UPDATE', categories: ['projects'] },
    ]);
    const act = await activity(p.id);
    expect(await auditRows(act.id)).toEqual([
      { action: 'CREATE', categories: ['project_activities', 'projects'] },
    ]);
  });
});

describe('timelines', () => {
  it('records the author, takes replies of the same timeline only, one level deep', async () => {
    const writer = await t.employeeWith(['project_timeline.read', 'project_timeline.post']);
    const p = await project();
    const other = await project();
    const first = await post(
      'projects_timelines',
      { project: p.id, title: 'Kick-off', post: '<p>Hello</p>', creator: 'someone' },
      { authorization: writer.token },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().creator).toBe(writer.id);
    const untitled = await post('projects_timelines', { project: p.id, post: '<p>x</p>' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().data.title.code).toBe('validation_required');

    const reply = await post('projects_timelines', {
      project: p.id,
      reply_to: first.json().id,
      post: '<p>Answer</p>',
    });
    expect(reply.statusCode).toBe(200);
    const elsewhere = await post('projects_timelines', {
      project: other.id,
      reply_to: first.json().id,
      post: '<p>Wrong project</p>',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().data.reply_to.code).toBe('validation_invalid_reply');
    const nested = await post('projects_timelines', {
      project: p.id,
      reply_to: reply.json().id,
      post: '<p>Too deep</p>',
    });
    expect(nested.statusCode).toBe(400);

    // The author corrects the post; another poster cannot; nobody moves it.
    const peer = await t.employeeWith(['project_timeline.read', 'project_timeline.post']);
    const id = first.json().id;
    const own = await patch(
      'projects_timelines',
      id,
      { post: '<p>Hello all</p>' },
      {
        authorization: writer.token,
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(
      (await patch('projects_timelines', id, { post: 'x' }, { authorization: peer.token }))
        .statusCode,
    ).toBe(404);
    const moved = await patch('projects_timelines', id, { project: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().data.project.code).toBe('validation_not_editable');

    // Activities have the same rules on their own timeline.
    const a = await activity(p.id);
    const b = await activity(other.id);
    const ap = await post('activities_timelines', { activity: a.id, title: 'Day one', post: 'x' });
    expect(ap.statusCode).toBe(200);
    expect(
      (await post('activities_timelines', { activity: b.id, reply_to: ap.json().id, post: 'y' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('activities_timelines', { activity: a.id, reply_to: ap.json().id, post: 'y' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('staff and committees', () => {
  it('takes active employees only on committees, checked at write time', async () => {
    const p = await project();
    const active = await t.employeeWith([]);
    const resigned = await t.employeeWith([], { employment_status: 'Resigned' });
    for (const committee of ['project_financial_committees', 'project_purchases_committees']) {
      const ok = await post(committee, {
        project: p.id,
        employee: active.id,
        can_create: true,
        can_update_status: false,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ can_create: true, can_update_status: false });
      const refused = await post(committee, { project: p.id, employee: resigned.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.employee.code).toBe('validation_not_active');
      const twice = await post(committee, { project: p.id, employee: active.id });
      expect(twice.statusCode).toBe(400);
      const swap = await patch(committee, ok.json().id, { employee: resigned.id });
      expect(swap.statusCode).toBe(400);
    }
    // The shape a financial request's query joins: one row per (project, employee) with the flags.
    const { rows } = await t.db.query(
      `SELECT c."can_create", c."can_update_status" FROM "project_financial_committees" c
        WHERE c."project" = $1 AND c."employee" = $2`,
      [p.id, active.id],
    );
    expect(rows).toEqual([{ can_create: true, can_update_status: false }]);
  });

  it('keeps the person the staff type names, active if an employee', async () => {
    const p = await project();
    const active = await t.employeeWith([]);
    const suspended = await t.employeeWith([], { employment_status: 'Suspended' });
    const member = (
      await post('members', { name: 'Hawa Musa', membership_status: 'Active' })
    ).json();
    const e = await post('projects_staff', {
      project: p.id,
      type: 'employee',
      employee: active.id,
      member: member.id,
      position: 'Coordinator',
    });
    expect(e.statusCode).toBe(200);
    expect(e.json()).toMatchObject({ employee: active.id, member: '' });
    const m = await post('projects_staff', {
      project: p.id,
      type: 'member',
      member: member.id,
      position: 'Volunteer',
    });
    expect(m.statusCode).toBe(200);
    expect(
      (
        await post('projects_staff', {
          project: p.id,
          type: 'employee',
          employee: suspended.id,
          position: 'Driver',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post('projects_staff', { project: p.id, type: 'member', position: 'Nobody' }))
        .statusCode,
    ).toBe(400);
    const a = await activity(p.id);
    expect(
      (
        await post('activities_staff', {
          activity: a.id,
          type: 'employee',
          employee: active.id,
          position: 'Trainer',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('activities_staff', {
          activity: a.id,
          type: 'employee',
          employee: suspended.id,
          position: 'Trainer',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('staff without a type', () => {
  it('takes its type from the one of employee and member that is set', async () => {
    const p = await project();
    const a = await activity(p.id);
    const employee = await t.employeeWith([]);
    const suspended = await t.employeeWith([], { employment_status: 'Suspended' });
    const member = (
      await post('members', { name: 'Amna Idris', membership_status: 'Active' })
    ).json();
    for (const [collection, owner] of [
      ['projects_staff', { project: p.id }],
      ['activities_staff', { activity: a.id }],
    ] as const) {
      const asEmployee = await post(collection, {
        ...owner,
        employee: employee.id,
        position: 'Coordinator',
      });
      expect(asEmployee.statusCode, asEmployee.body).toBe(200);
      expect(asEmployee.json()).toMatchObject({
        type: 'employee',
        employee: employee.id,
        member: '',
      });
      const asMember = await post(collection, { ...owner, member: member.id, position: 'Helper' });
      expect(asMember.statusCode, asMember.body).toBe(200);
      expect(asMember.json()).toMatchObject({ type: 'member', member: member.id, employee: '' });
      // The derived type is held to the same rules: an employee must be active.
      const inactive = await post(collection, {
        ...owner,
        employee: suspended.id,
        position: 'Driver',
      });
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json().data.employee).toBeDefined();
      // Neither, or both: nothing says which one is meant.
      for (const people of [{}, { employee: employee.id, member: member.id }]) {
        const unclear = await post(collection, { ...owner, ...people, position: 'Someone' });
        expect(unclear.statusCode, JSON.stringify(people)).toBe(400);
        expect(unclear.json().data.type.code).toBe('validation_required');
      }
      // Changing the person later keeps the stored type unless it is sent.
      const moved = await patch(collection, asMember.json().id, { position: 'Lead helper' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ type: 'member', member: member.id });
    }
  });
});

describe('deleting a project', () => {
  it('refuses while records of restricting collections point at it, naming each with its count', async () => {
    const p = await project();
    const a1 = await activity(p.id);
    const a2 = await activity(p.id);
    const volunteer = (await post('volunteers', { name: 'Ali Musa', status: 'Active' })).json();
    const hours = await post('volunteer_hours', {
      volunteer: volunteer.id,
      date: '2026-03-01',
      hours: 2,
      project: p.id,
    });
    expect(hours.statusCode).toBe(200);
    const refused = await del('projects', p.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Cannot delete the project while it has Volunteer hours (1), Activities (2).',
    );
    expect(refused.json().data.dependants.found).toEqual([
      { collection: 'volunteer_hours', label: 'Volunteer hours', count: 1 },
      { collection: 'projects_activities', label: 'Activities', count: 2 },
    ]);

    // Once they are gone, the project goes with its timeline, staff and committees.
    await post('projects_timelines', { project: p.id, title: 'Note', post: 'x' });
    const active = await t.employeeWith([]);
    await post('project_financial_committees', { project: p.id, employee: active.id });
    expect((await del('activities_timelines', 'missing')).statusCode).toBe(404);
    expect((await del('projects_activities', a1.id)).statusCode).toBe(204);
    expect((await del('projects_activities', a2.id)).statusCode).toBe(204);
    expect((await del('volunteer_hours', hours.json().id)).statusCode).toBe(204);
    expect((await del('projects', p.id)).statusCode).toBe(204);
    const { rows } = await t.db.query(
      `SELECT (SELECT count(*)::int FROM "projects_timelines" WHERE "project" = $1) AS posts,
              (SELECT count(*)::int FROM "project_financial_committees" WHERE "project" = $1) AS members`,
      [p.id],
    );
    expect(rows[0]).toEqual({ posts: 0, members: 0 });
    expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['CREATE', 'DELETE']);
  });
});

describe('permissions', () => {
  // Each collection with the permission of each action; a holder of every other permission is refused.
  const cases: {
    collection: string;
    read: Permission;
    create: Permission;
    update?: Permission;
    remove: Permission;
  }[] = [
    {
      collection: 'projects',
      read: 'projects.read',
      create: 'projects.create',
      update: 'projects.update',
      remove: 'projects.remove',
    },
    {
      collection: 'projects_activities',
      read: 'activities.read',
      create: 'activities.create',
      update: 'activities.update',
      remove: 'activities.remove',
    },
    {
      collection: 'projects_timelines',
      read: 'project_timeline.read',
      create: 'project_timeline.post',
      update: 'projects.update',
      remove: 'projects.update',
    },
    {
      collection: 'activities_timelines',
      read: 'activity_timeline.read',
      create: 'activity_timeline.post',
      update: 'activities.update',
      remove: 'activities.update',
    },
    {
      collection: 'projects_staff',
      read: 'project_staff.read',
      create: 'project_staff.create',
      update: 'project_staff.update',
      remove: 'project_staff.remove',
    },
    {
      collection: 'activities_staff',
      read: 'activity_staff.read',
      create: 'activity_staff.create',
      update: 'activity_staff.update',
      remove: 'activity_staff.remove',
    },
    {
      collection: 'project_financial_committees',
      read: 'projects.read',
      create: 'project_committees.manage',
      update: 'project_committees.manage',
      remove: 'project_committees.manage',
    },
    {
      collection: 'project_purchases_committees',
      read: 'projects.read',
      create: 'project_committees.manage',
      update: 'project_committees.manage',
      remove: 'project_committees.manage',
    },
  ];

  it('enforces each action with its own permission on every collection', async () => {
    const p = await project();
    const a = await activity(p.id);
    const employee = await t.employeeWith([]);
    const payload: Record<string, Record<string, unknown>> = {
      projects: { title: 'Permission test' },
      projects_activities: { project: p.id, title: 'Permission test' },
      projects_timelines: { project: p.id, title: 'Permission test', post: 'x' },
      activities_timelines: { activity: a.id, title: 'Permission test', post: 'x' },
      projects_staff: {
        project: p.id,
        type: 'employee',
        employee: employee.id,
        position: 'Helper',
      },
      activities_staff: {
        activity: a.id,
        type: 'employee',
        employee: employee.id,
        position: 'Helper',
      },
      project_financial_committees: { project: p.id, employee: employee.id },
      project_purchases_committees: { project: p.id, employee: employee.id },
    };
    for (const c of cases) {
      const only = async (perm: Permission) => ({
        authorization: (await t.employeeWith([perm])).token,
      });
      const none = { authorization: (await t.employeeWith(['users.read'])).token };
      expect((await post(c.collection, payload[c.collection], none)).statusCode, c.collection).toBe(
        403,
      );
      const created = await post(c.collection, payload[c.collection], await only(c.create));
      expect(created.statusCode, `${c.collection} create`).toBe(200);
      const id = created.json().id;
      expect((await list(c.collection, {}, none)).statusCode).toBe(403);
      expect((await list(c.collection, {}, await only(c.read))).statusCode).toBe(200);
      if (c.update) {
        const change = c.collection.endsWith('committees')
          ? { can_create: true }
          : { title: 'Changed title' };
        const body = c.collection.endsWith('staff') ? { position: 'Changed' } : change;
        // 404 where an own-rule hides others' records (timeline posts), 403 elsewhere.
        expect([403, 404]).toContain((await patch(c.collection, id, body, none)).statusCode);
        expect(
          (await patch(c.collection, id, body, await only(c.update))).statusCode,
          `${c.collection} update`,
        ).toBe(200);
      }
      expect([403, 404]).toContain((await del(c.collection, id, none)).statusCode);
      expect(
        (await del(c.collection, id, await only(c.remove))).statusCode,
        `${c.collection} delete`,
      ).toBe(204);
    }
    // Guests are asked to sign in.
    expect((await list('projects', {}, {})).statusCode).toBe(401);
  });
});

describe('demo data', () => {
  it('seeds three projects with activities, timelines, staff and committees', async () => {
    const demo = await startTestApp();
    try {
      const list2 = (c: string) =>
        demo.app.inject({
          method: 'GET',
          url: url(c),
          headers: { authorization: demo.adminToken },
        });
      // The CLI seeds as the administrator; do the same through the engine.
      const { rows } = await demo.db.query<Row>(`SELECT * FROM "employees" WHERE "email" = $1`, [
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
      expect((await list2('projects')).json().totalItems).toBe(3);
      expect((await list2('projects_activities')).json().totalItems).toBe(6);
      expect((await list2('projects_timelines')).json().totalItems).toBeGreaterThanOrEqual(3);
      expect((await list2('projects_staff')).json().totalItems).toBe(3);
      expect((await list2('project_financial_committees')).json().totalItems).toBe(7);
      expect((await list2('project_purchases_committees')).json().totalItems).toBe(6);

      // Project finance: requests in every status, made by their committee members.
      const requests = (await list2('financial_requests')).json().items as {
        status: string;
        amount: number;
      }[];
      expect(requests.map((r) => r.status).sort()).toEqual([
        'APPROVED',
        'APPROVED',
        'BILL_APPROVED',
        'DECLINED',
        'PENDING',
        'PENDING',
      ]);
      // 4 x 150 USD + 20 x 2,400 SDG at 600 SDG to the dollar = 600 + 80.
      expect(requests.find((r) => r.status === 'BILL_APPROVED')?.amount).toBe(680);
      // Each line: used + held never above its budget, and what moved matches the requests.
      const { rows: lines } = await demo.db.query<{ budget: string; used: string; held: string }>(
        `SELECT "budget"::text AS budget, "used_amount"::text AS used, "held_amount"::text AS held
           FROM "project_budget_lines"`,
      );
      expect(lines).toHaveLength(7);
      for (const l of lines)
        expect(Number(l.used) + Number(l.held)).toBeLessThanOrEqual(Number(l.budget));
      const total = (k: 'used' | 'held') => lines.reduce((sum, l) => sum + Number(l[k]), 0);
      expect(total('used')).toBe(680);
      // Hall (2 x 180 EUR at 0.9 = 400) and books (120 x 6.5 = 780) wait for their bills.
      expect(total('held')).toBe(1180);
      // Every project vault's balance is the sum of its entries.
      const { rows: vaults } = await demo.db.query<{ balance: string; entries: string }>(
        `SELECT v."balance"::text AS balance,
           COALESCE((SELECT sum("amount") FROM "ledger_entries" e WHERE e."vault" = v."id"), 0)::text AS entries
           FROM "vaults" v WHERE v."kind" = 'project'`,
      );
      expect(vaults).toHaveLength(3);
      for (const v of vaults) expect(Number(v.balance)).toBe(Number(v.entries));
      // The water vault: 43,500 and the training's 500 donated, 155 in fees; 680 for the pumps,
      // 1,200 the generator and the training's 180 caterer paid.
      const overview = await demo.app.inject({
        method: 'GET',
        url: `/api/projects/${(await list2('projects')).json().items.find((p: { title: string }) => p.title.startsWith('Clean water')).id}/finance/overview`,
        headers: { authorization: demo.adminToken },
      });
      expect(overview.json()).toMatchObject({
        donations: 44000,
        fees: 155,
        used: 2060,
        on_hold: 400,
        remaining: 41785,
        free: 41385,
      });
      expect((await list2('bank_checks')).json().totalItems).toBe(3);
      expect((await list2('purchases')).json().totalItems).toBe(2);
    } finally {
      await demo.stop();
    }
    // The demo hashes the passwords of its accounts: slow on a busy machine.
  }, 120_000);
});

describe('report PDF', () => {
  it('shows dates as the web app does (mm/dd/yyyy) in both languages', () => {
    const project = {
      ...{ id: 'wells', code: '', place: '' },
      ...{ title: 'Wells', starting_date: '2026-02-01', end_date: '2026-12-31' },
    };
    const report = { project, activities: [], staff: null, timeline: null, finance: null };
    for (const lang of ['en', 'ar'] as const) {
      const html = reportHtml(report, lang, undefined, new Date('2026-11-23'));
      expect(html).toContain('02/01/2026');
      expect(html).toContain('12/31/2026');
      expect(html).toContain('11/23/2026');
    }
  });

  it('renders the project and its activities to a PDF for readers of projects, 503 without Chromium', async () => {
    const p = await project({ title: 'Report water project', place: 'Kassala' });
    await activity(p.id, { title: 'Report well visit' });
    const pdfUrl = `/api/projects/${p.id}/report.pdf`;
    expect((await t.app.inject({ method: 'GET', url: pdfUrl })).statusCode).toBe(401);
    const outsider = await t.employeeWith(['users.read']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: pdfUrl,
          headers: { authorization: outsider.token },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/projects/nope/report.pdf',
          headers: admin(),
        })
      ).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: `${pdfUrl}?lang=ar`, headers: admin() });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const noChromium = await startTestApp({ chromiumPath: '/nonexistent/chromium' });
    try {
      const other = await noChromium.app.inject({
        method: 'POST',
        url: url('projects'),
        headers: { authorization: noChromium.adminToken },
        payload: { title: 'No chromium here' },
      });
      const refused = await noChromium.app.inject({
        method: 'GET',
        url: `/api/projects/${other.json().id}/report.pdf`,
        headers: { authorization: noChromium.adminToken },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'PDF reports need Chromium on the server (set CHROMIUM_PATH).',
      );
    } finally {
      await noChromium.stop();
    }
  }, 60_000);
});

describe('project codes under concurrency', () => {
  it('gives every one of many projects created at once its own code', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('projects', { title: `Concurrent project ${i}` })),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const codes = created.map((r) => r.json().code as string);
    expect(new Set(codes).size).toBe(12);
    for (const code of codes) expect(code).toMatch(/^P-\d{5}$/);
  });
});
