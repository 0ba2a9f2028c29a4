import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, rowId, startCompatApp, type CompatApp } from './sdk-harness';

// `expand` and `fields` through the SDK's record options.

let t: CompatApp;
let admin: PocketBase;

const OLD = '2024-06-01 10:00:00.000Z';
const DETAILS =
  '<p>Hello <b>world</b>, this is long</p><script>alert(1)</script><p>Second paragraph</p>';
const ids = {
  roleA: rowId(),
  roleB: rowId(),
  project: rowId(),
  one: rowId(),
  two: rowId(),
  user: rowId(),
};

beforeAll(async () => {
  t = await startCompatApp();
  admin = t.admin();
  const q = (sql: string, params: unknown[]) => t.db.query(sql, params);
  await q(
    `INSERT INTO "roles" ("id","title","permissions","created","updated") VALUES ($1,'Expand A','["projects.read"]'::jsonb,$3,$3), ($2,'Expand B','["roles.read"]'::jsonb,$3,$3)`,
    [ids.roleA, ids.roleB, OLD],
  );
  await q(
    `INSERT INTO "projects" ("id","title","details","created","updated") VALUES ($1,'Expand project',$2,$3,$3)`,
    [ids.project, DETAILS, OLD],
  );
  const employee = `INSERT INTO "employees" ("id","email","tokenKey","name","employment_status","roles","project","created","updated") VALUES ($1,$2,$3,$4,'Active',$5::jsonb,$6,$7,$7)`;
  await q(employee, [
    ids.one,
    'one@expand.test',
    `k1-${ids.one}`,
    'Expand One',
    JSON.stringify([ids.roleA, ids.roleB]),
    ids.project,
    OLD,
  ]);
  await q(employee, [
    ids.two,
    'two@expand.test',
    `k2-${ids.two}`,
    'Expand Two',
    JSON.stringify([ids.roleB]),
    '',
    OLD,
  ]);
  await q(
    `INSERT INTO "users" ("id","email","tokenKey","name","status","roles","created","updated") VALUES ($1,'user@expand.test',$2,'User One','ACTIVE',$3::jsonb,$4,$4)`,
    [ids.user, `k3-${ids.user}`, JSON.stringify([ids.roleA]), OLD],
  );
});
afterAll(async () => t.stop());

/** A record as the administrator sees it, without expand. */
const plain = (collection: string, id: string) => admin.collection(collection).getOne(id);

describe('expand', () => {
  it('expands a single relation into an object', async () => {
    const one = await admin.collection('employees').getOne(ids.one, { expand: 'project' });
    expect(one.expand).toEqual({ project: await plain('projects', ids.project) });
    const { expand: _expand, ...rest } = one;
    expect(rest).toEqual(await plain('employees', ids.one));
  });

  it('expands several relations, multiple ones into arrays in stored order', async () => {
    const one = await admin.collection('employees').getOne(ids.one, { expand: 'roles,project' });
    expect(one.expand).toEqual({
      roles: [await plain('roles', ids.roleA), await plain('roles', ids.roleB)],
      project: await plain('projects', ids.project),
    });
    expect(one.expand!.roles.map((r: RecordModel) => r.title)).toEqual(['Expand A', 'Expand B']);
  });

  it('gives every record of a list an expand object, empty where the relation is empty', async () => {
    const list = await admin.collection('employees').getList(1, 10, {
      filter: `id = "${ids.one}" || id = "${ids.two}"`,
      sort: 'name',
      expand: 'project',
    });
    expect(list.items.map((i) => [i.name, i.expand])).toEqual([
      ['Expand One', { project: await plain('projects', ids.project) }],
      ['Expand Two', {}],
    ]);
  });

  it('expands back-relations (employees_via_roles) into arrays', async () => {
    const role = await admin
      .collection('roles')
      .getOne(ids.roleB, { expand: 'employees_via_roles' });
    expect(role.expand).toEqual({
      employees_via_roles: [await plain('employees', ids.one), await plain('employees', ids.two)],
    });
    const unused = await admin.collection('roles').create({ title: 'Expand unused' });
    const again = await admin
      .collection('roles')
      .getOne(unused.id, { expand: 'employees_via_roles' });
    expect(again.expand).toEqual({});
  });

  it('expands nested paths (employees → roles → employees_via_roles → project)', async () => {
    const two = await admin
      .collection('employees')
      .getOne(ids.two, { expand: 'roles.employees_via_roles' });
    expect(two.expand!.roles).toHaveLength(1);
    expect(two.expand!.roles[0].id).toBe(ids.roleB);
    expect(two.expand!.roles[0].expand.employees_via_roles.map((e: RecordModel) => e.name)).toEqual(
      ['Expand One', 'Expand Two'],
    );

    const user = await admin
      .collection('users')
      .getOne(ids.user, { expand: 'roles.employees_via_roles.project' });
    const [roleA] = user.expand!.roles;
    expect(roleA.id).toBe(ids.roleA);
    const [holder] = roleA.expand.employees_via_roles;
    expect(roleA.expand.employees_via_roles).toHaveLength(1);
    expect(holder.id).toBe(ids.one);
    expect(holder.expand).toEqual({ project: await plain('projects', ids.project) });
  });

  it('merges a path contained in a longer one', async () => {
    const one = await admin
      .collection('employees')
      .getOne(ids.one, { expand: 'roles, roles.employees_via_roles' });
    expect(one.expand!.roles.map((r: RecordModel) => r.expand!.employees_via_roles.length)).toEqual(
      [1, 2],
    );
  });

  it.each([
    ['an unknown field', 'nope'],
    ['a field that is not a relation', 'name'],
    ['an unknown back-relation', 'employees_via_nope'],
    ['a back-relation from a field that points elsewhere', 'employees_via_project'],
  ])('silently ignores %s', async (_name, expand) => {
    const one = await admin.collection('employees').getOne(ids.one, { expand });
    expect(one).toEqual(await plain('employees', ids.one));
  });

  it('ignores an unknown nested segment but still expands the valid head', async () => {
    const one = await admin.collection('employees').getOne(ids.one, { expand: 'roles.nope,nope2' });
    expect(one.expand).toEqual({
      roles: [await plain('roles', ids.roleA), await plain('roles', ids.roleB)],
    });
  });

  it("expands with the target's access: without roles.read only the roles one holds", async () => {
    const person = await t.employeeWith(['employees.read', 'employees.read_auth']);
    const ownRole = (
      await t.db.query<{ roles: string[] }>(`SELECT "roles" FROM "employees" WHERE "id" = $1`, [
        person.id,
      ])
    ).rows[0].roles[0];
    const three = rowId();
    await t.db.query(
      `INSERT INTO "employees" ("id","email","tokenKey","name","employment_status","roles","created","updated") VALUES ($1,'three@expand.test',$2,'Expand Three','Active',$3::jsonb,$4,$4)`,
      [three, `k4-${three}`, JSON.stringify([ids.roleA, ownRole]), OLD],
    );
    const pb = t.sdk(person.token);
    const list = await pb.collection('employees').getFullList({
      filter: `id = "${ids.one}" || id = "${three}" || id = "${person.id}"`,
      expand: 'roles,project',
      sort: 'name',
    });
    expect(list.map((e) => [e.name, e.roles, e.expand])).toEqual([
      ['Expand One', [ids.roleA, ids.roleB], {}],
      ['Expand Three', [ids.roleA, ownRole], { roles: [await plain('roles', ownRole)] }],
      [list[2].name, [ownRole], { roles: [await plain('roles', ownRole)] }],
    ]);
    expect(list[2].id).toBe(person.id);
    // The same rule applies to a single record, and projects need projects.read.
    const one = await pb.collection('employees').getOne(ids.one, { expand: 'roles,project' });
    expect(one.expand).toEqual({});
  });

  it('honours expand on create and update responses', async () => {
    const created = await admin.collection('employees').create(
      {
        email: 'created@expand.test',
        password: 'created-pass-1',
        passwordConfirm: 'created-pass-1',
        name: 'Expand Created',
        employment_status: 'Active',
        roles: [ids.roleB, ids.roleA],
        project: ids.project,
      },
      { expand: 'roles,project' },
    );
    expect(created.expand!.roles.map((r: RecordModel) => r.id)).toEqual([ids.roleB, ids.roleA]);
    expect(created.expand!.project.id).toBe(ids.project);
    const updated = await admin
      .collection('employees')
      .update(created.id, { 'roles-': ids.roleB }, { expand: 'roles' });
    expect(updated.roles).toEqual([ids.roleA]);
    expect(updated.expand).toEqual({ roles: [await plain('roles', ids.roleA)] });
  });
});

describe('fields', () => {
  it('keeps only the listed keys of a record', async () => {
    expect(await admin.collection('roles').getOne(ids.roleA, { fields: 'id,title' })).toEqual({
      id: ids.roleA,
      title: 'Expand A',
    });
  });

  it('applies to every item of a list and keeps the envelope', async () => {
    const list = await admin.collection('roles').getList(1, 5, {
      filter: `id = "${ids.roleA}" || id = "${ids.roleB}"`,
      sort: 'title',
      fields: 'id,title',
    });
    expect(list).toEqual({
      page: 1,
      perPage: 5,
      totalItems: 2,
      totalPages: 1,
      items: [
        { id: ids.roleA, title: 'Expand A' },
        { id: ids.roleB, title: 'Expand B' },
      ],
    });
  });

  it('combines * with expand.roles.title', async () => {
    const one = await admin
      .collection('employees')
      .getOne(ids.one, { expand: 'roles,project', fields: '*,expand.roles.title' });
    expect(one).toEqual({
      ...(await plain('employees', ids.one)),
      expand: { roles: [{ title: 'Expand A' }, { title: 'Expand B' }] },
    });
  });

  it('picks nested keys of expanded records', async () => {
    const one = await admin.collection('employees').getOne(ids.one, {
      expand: 'project',
      fields: 'name,expand.project.title,expand.project.id',
    });
    expect(one).toEqual({
      name: 'Expand One',
      expand: { project: { title: 'Expand project', id: ids.project } },
    });
  });

  it.each([
    ['details:excerpt(10,true)', 'Hello worl...'],
    ['details:excerpt(10)', 'Hello worl'],
    ['details:excerpt(10,false)', 'Hello worl'],
    ['details:excerpt(200,true)', 'Hello world, this is long Second paragraph'],
  ])('%s gives the plain-text excerpt of an editor field', async (modifier, excerpt) => {
    expect(
      await admin.collection('projects').getOne(ids.project, { fields: `id,${modifier}` }),
    ).toEqual({ id: ids.project, details: excerpt });
  });

  it('applies :excerpt on lists and together with *', async () => {
    const list = await admin
      .collection('projects')
      .getList(1, 10, { filter: `id = "${ids.project}"`, fields: 'title,details:excerpt(5,true)' });
    expect(list.items).toEqual([{ title: 'Expand project', details: 'Hello...' }]);
    const all = await admin
      .collection('projects')
      .getOne(ids.project, { fields: '*,details:excerpt(11,true)' });
    expect(all).toEqual({ ...(await plain('projects', ids.project)), details: 'Hello world...' });
  });

  it('applies to the auth response', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk();
    const auth = await pb
      .collection('employees')
      .authWithPassword(person.email, person.password, { fields: 'token,record.id,record.email' });
    expect(Object.keys(auth).sort()).toEqual(['record', 'token']);
    expect(auth.record).toEqual({ id: person.id, email: person.email });
    expect(pb.authStore.record).toEqual({ id: person.id, email: person.email });
  });

  it.each([
    ['an unknown modifier', 'title:nope(1)'],
    ['excerpt without max', 'details:excerpt()'],
    ['excerpt with max 0', 'details:excerpt(0)'],
    ['excerpt with three arguments', 'details:excerpt(1,true,3)'],
  ])('refuses %s with 400', async (_name, fields) => {
    await expectApiError(
      admin.collection('projects').getOne(ids.project, { fields }),
      400,
      'Something went wrong while processing your request.',
    );
  });

  it('never applies to error responses', async () => {
    await expectApiError(
      admin.collection('projects').getOne('aaaaaaaaaaaaaaa', { fields: 'id' }),
      404,
      "The requested resource wasn't found.",
    );
  });
});
