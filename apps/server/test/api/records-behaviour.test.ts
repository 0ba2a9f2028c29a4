/**
 * Access control that the generated matrix cannot express: field-level permissions (salary and
 * auth fields of employees), what an account may do with its own record, the own-rules as they
 * are declared today, and the audit trail (who sees which snapshot, same transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@app/schema';
import type { LightMyRequestResponse } from 'fastify';
import { issueToken } from '../../src/core/auth';
import type { Database } from '../../src/db/database';
import { hashPassword } from '../../src/tools/security/password';
import { newRecordId, newTokenKey } from '../../src/tools/security/random';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';

type Json = Record<string, unknown>;
type ListBody = { items: Json[]; totalItems: number };
type Account = { id: string; token: string };

const BAD_REQUEST = {
  data: {},
  message: 'Something went wrong while processing your request.',
  status: 400,
};
const NOT_FOUND = { data: {}, message: "The requested resource wasn't found.", status: 404 };
const FORBIDDEN_FIELD = {
  code: 'validation_forbidden_field',
  message: 'You are not allowed to change this field.',
};
const MISMATCH = { code: 'validation_values_mismatch', message: "Values don't match." };
const SALARY_FIELDS = ['basic_salary', 'allowances', 'deductions'] as const;

let t: TestApp;
let admin: Account;
const accounts: Record<string, Account> = {};
/** Fixture ids. */
let allowance: string;
let deduction: string;
let extraRole: string;
let target: Json;
let task: Json;

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Account | null,
  payload?: Json,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: who ? { authorization: who.token } : {},
    ...(payload ? { payload } : {}),
  });
}

function ok(res: LightMyRequestResponse): Json {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Json>();
}

async function create(collection: string, payload: Json): Promise<Json> {
  return ok(await call('POST', `/api/collections/${collection}/records`, admin, payload));
}

async function row(table: string, id: string): Promise<Json | undefined> {
  return (await t.db.query<Json>(`SELECT * FROM "${table}" WHERE "id" = $1`, [id])).rows[0];
}

function filterUrl(collection: string, filter: string, extra = ''): string {
  return `/api/collections/${collection}/records?filter=${encodeURIComponent(filter)}${extra}`;
}

async function with_(name: string, permissions: Permission[]): Promise<Account> {
  const e = await t.employeeWith(permissions);
  accounts[name] = { id: e.id, token: e.token };
  return accounts[name];
}

beforeAll(async () => {
  t = await startTestApp();
  const adminId = (
    await t.db.query<{ id: string }>(`SELECT "id" FROM "employees" WHERE "email" = $1`, [
      ADMIN_EMAIL,
    ])
  ).rows[0].id;
  admin = { id: adminId, token: t.adminToken };
  allowance = String((await create('allowance_options', { title: 'Transport', amount: 50 })).id);
  deduction = String((await create('deduction_options', { title: 'Loan', amount: 20 })).id);
  extraRole = String(
    (await create('roles', { title: 'Extra role', permissions: ['projects.read'] })).id,
  );
  target = await create('employees', {
    name: 'Target Person',
    email: 'target@example.org',
    password: 'Target-pass-1',
    passwordConfirm: 'Target-pass-1',
    employment_status: 'Active',
    address: 'Old street',
    basic_salary: 1234.5,
    allowances: [allowance],
    deductions: [deduction],
    roles: [extraRole],
  });
  task = await create('employee_tasks', { employee: target.id, title: 'Target task' });
  await with_('plain', []);
  await with_('reader', ['employees.read']);
  await with_('salaryReader', ['employees.read', 'employees.read_salary']);
  await with_('authReader', ['employees.read', 'employees.read_auth']);
  await with_('salaryAndSettings', [
    'employees.read',
    'employees.read_salary',
    'salary_setting.read',
  ]);
  await with_('settingsReader', ['salary_setting.read', 'employees.read']);
  await with_('rolesReader', ['roles.read', 'employees.read']);
  await with_('updater', ['employees.read', 'employees.update']);
  await with_('fullUpdater', [
    'employees.read',
    'employees.update',
    'employees.read_salary',
    'employees.read_auth',
  ]);
  await with_('creator', ['employees.create']);
  // The monitor shows a record's values only to readers of its collection (employees here).
  await with_('auditor', ['activity_monitor.read', 'employees.read']);
  await with_('salaryAuditor', [
    'activity_monitor.read',
    'employees.read',
    'employees.read_salary',
  ]);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

// ---- field-level permissions --------------------------------------------------------------------

describe('salary and auth fields of employees', () => {
  const cases: Array<[string, boolean, boolean]> = [
    ['reader', false, false],
    ['salaryReader', true, false],
    ['authReader', false, true],
    ['fullUpdater', true, true],
  ];

  it.each(cases)(
    '%s: list and view show salary fields=%s, roles=%s',
    async (name, salary, auth) => {
      const who = accounts[name];
      const listed = ok(
        await call('GET', filterUrl('employees', `id = "${String(target.id)}"`), who),
      ) as unknown as ListBody;
      const viewed = ok(
        await call('GET', `/api/collections/employees/records/${String(target.id)}`, who),
      );
      for (const record of [listed.items[0], viewed]) {
        expect(record.name).toBe('Target Person');
        for (const field of SALARY_FIELDS) expect(field in record, field).toBe(salary);
        expect('roles' in record).toBe(auth);
        if (salary)
          expect([record.basic_salary, record.allowances, record.deductions]).toEqual([
            1234.5,
            [allowance],
            [deduction],
          ]);
        if (auth) expect(record.roles).toEqual([extraRole]);
        expect('password' in record || 'tokenKey' in record).toBe(false);
      }
    },
  );

  it('an account always sees its own salary and roles', async () => {
    const me = accounts.reader;
    const own = ok(await call('GET', `/api/collections/employees/records/${me.id}`, me));
    expect(own.basic_salary).toBe(0);
    expect(own.allowances).toEqual([]);
    expect((own.roles as string[]).length).toBe(1);
  });

  it('expanding the guarded relations gives nothing without the permission', async () => {
    const url = `/api/collections/employees/records/${String(target.id)}?expand=allowances,deductions,roles`;
    expect(ok(await call('GET', url, accounts.reader)).expand).toEqual({});
    const full = ok(await call('GET', url, accounts.salaryAndSettings));
    const expand = full.expand as Record<string, Json[]>;
    expect(expand.allowances.map((a) => a.id)).toEqual([allowance]);
    expect(expand.deductions.map((a) => a.id)).toEqual([deduction]);
    expect(expand.roles).toBeUndefined(); // roles are behind employees.read_auth
  });

  it('back-relations through a guarded field are not expanded', async () => {
    const url = `/api/collections/allowance_options/records/${allowance}?expand=employees_via_allowances`;
    expect(ok(await call('GET', url, accounts.settingsReader)).expand).toBeUndefined();
    const expand = ok(await call('GET', url, accounts.salaryAndSettings)).expand as Record<
      string,
      Json[]
    >;
    expect(expand.employees_via_allowances.map((e) => e.id)).toEqual([target.id]);
  });

  it('an expanded employee (via a task) hides the salary fields too', async () => {
    const url = `/api/collections/employee_tasks/records/${String(task.id)}?expand=employee`;
    const plain = (ok(await call('GET', url, accounts.reader)).expand as Record<string, Json>)
      .employee;
    expect(plain.id).toBe(target.id);
    for (const field of [...SALARY_FIELDS, 'roles']) expect(field in plain, field).toBe(false);
    const full = (ok(await call('GET', url, accounts.salaryReader)).expand as Record<string, Json>)
      .employee;
    expect(full.basic_salary).toBe(1234.5);
  });

  const forbiddenFilters: Array<[string, string, string]> = [
    ['reader', 'employees', 'basic_salary > 0'],
    ['reader', 'employees', 'basic_salary = 1234.5'],
    ['reader', 'employees', `allowances ?= "${'x'}"`],
    ['reader', 'employees', 'allowances.title ~ "Trans"'],
    ['reader', 'employees', 'allowances:length > 0'],
    ['reader', 'employees', 'deductions.amount > 0'],
    ['reader', 'employees', 'roles ?= "x"'],
    ['salaryReader', 'employees', 'roles.title ~ "Extra"'],
    ['authReader', 'employees', 'deductions:length = 1'],
    ['reader', 'employees', 'password = "x"'],
    ['reader', 'employees', 'tokenKey != ""'],
    ['reader', 'employee_tasks', 'employee.basic_salary > 0'],
    ['reader', 'employee_tasks', 'employee.tokenKey != ""'],
    ['settingsReader', 'allowance_options', 'employees_via_allowances.id != ""'],
    ['rolesReader', 'roles', 'employees_via_roles.id != ""'],
  ];
  it.each(forbiddenFilters)('%s cannot filter %s by %s (400)', async (name, collection, filter) => {
    const res = await call('GET', filterUrl(collection, filter), accounts[name]);
    expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });

  it.each([
    ['reader', 'basic_salary'],
    ['reader', '-allowances'],
    ['reader', 'deductions'],
    ['salaryReader', 'roles'],
    ['reader', 'password'],
    ['reader', 'tokenKey'],
  ])('%s cannot sort by %s (400)', async (name, sort) => {
    const res = await call(
      'GET',
      `/api/collections/employees/records?sort=${encodeURIComponent(sort)}`,
      accounts[name],
    );
    expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });

  it('holders of the permission can filter and sort by the fields', async () => {
    const bySalary = ok(
      await call(
        'GET',
        filterUrl('employees', 'basic_salary = 1234.5', '&sort=-basic_salary'),
        accounts.salaryReader,
      ),
    ) as unknown as ListBody;
    expect(bySalary.items.map((i) => i.id)).toEqual([target.id]);
    const byRole = ok(
      await call('GET', filterUrl('employees', `roles ~ "${extraRole}"`), accounts.authReader),
    ) as unknown as ListBody;
    expect(byRole.items.map((i) => i.id)).toEqual([target.id]);
  });

  // Payloads are functions: the fixture ids exist only once beforeAll has run.
  const forbiddenWrites: Array<[string, () => Json, string]> = [
    ['basic_salary', () => ({ basic_salary: 1 }), 'basic_salary'],
    ['basic_salary+', () => ({ 'basic_salary+': 5 }), 'basic_salary'],
    ['allowances', () => ({ allowances: [] }), 'allowances'],
    ['allowances-', () => ({ 'allowances-': [allowance] }), 'allowances'],
    ['deductions+', () => ({ 'deductions+': deduction }), 'deductions'],
    ['roles', () => ({ roles: [extraRole] }), 'roles'],
  ];
  it.each(forbiddenWrites)(
    'an updater without the permission cannot set %s',
    async (_label, payload, field) => {
      const before = await row('employees', String(target.id));
      const res = await call(
        'PATCH',
        `/api/collections/employees/records/${String(target.id)}`,
        accounts.updater,
        { address: 'Changed too', ...payload() },
      );
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 400,
        body: {
          data: { [field]: FORBIDDEN_FIELD },
          message: 'Failed to update record.',
          status: 400,
        },
      });
      expect(await row('employees', String(target.id))).toEqual(before);
    },
  );

  it('a creator without the permissions cannot set salary or roles on a new employee', async () => {
    const base = {
      name: 'New Person',
      email: 'new.person@example.org',
      password: 'New-pass-123',
      passwordConfirm: 'New-pass-123',
      employment_status: 'Active',
    };
    const res = await call('POST', '/api/collections/employees/records', accounts.creator, {
      ...base,
      basic_salary: 10,
      roles: [extraRole],
    });
    expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
      status: 400,
      body: {
        data: { basic_salary: FORBIDDEN_FIELD, roles: FORBIDDEN_FIELD },
        message: 'Failed to create record.',
        status: 400,
      },
    });
    expect(
      (await t.db.query(`SELECT 1 FROM "employees" WHERE "email" = $1`, [base.email])).rows,
    ).toEqual([]);
    // Without them the same account creates the employee.
    const made = ok(
      await call('POST', '/api/collections/employees/records', accounts.creator, base),
    );
    expect(made.name).toBe('New Person');
  });

  it('with the permissions the fields can be set', async () => {
    const res = ok(
      await call(
        'PATCH',
        `/api/collections/employees/records/${String(target.id)}`,
        accounts.fullUpdater,
        { 'basic_salary+': 100, roles: [extraRole] },
      ),
    );
    expect([res.basic_salary, res.roles]).toEqual([1334.5, [extraRole]]);
  });
});

// ---- one's own record -------------------------------------------------------------------------

describe('an account and its own record', () => {
  let me: Account;
  let roleOfMe: string;
  beforeAll(async () => {
    me = await with_('self', []);
    roleOfMe = ((await row('employees', me.id))!.roles as string[])[0];
  });

  it('views itself with every field, and nobody else', async () => {
    const own = ok(await call('GET', `/api/collections/employees/records/${me.id}`, me));
    expect(own).toMatchObject({
      id: me.id,
      basic_salary: 0,
      allowances: [],
      deductions: [],
      roles: [roleOfMe],
    });
    const other = await call('GET', `/api/collections/employees/records/${String(target.id)}`, me);
    expect({ status: other.statusCode, body: other.json<Json>() }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    const list = ok(
      await call('GET', '/api/collections/employees/records', me),
    ) as unknown as ListBody;
    expect(list.items.map((i) => i.id)).toEqual([me.id]);
  });

  it('changes its self-editable fields', async () => {
    const res = ok(
      await call('PATCH', `/api/collections/employees/records/${me.id}`, me, {
        address: 'New street 1',
        marital_status: 'Married',
        number_of_children: 2,
        phone_numbers: ['+1 555 0100'],
        emailVisibility: true,
      }),
    );
    expect(res).toMatchObject({
      address: 'New street 1',
      marital_status: 'Married',
      number_of_children: 2,
      phone_numbers: ['+1 555 0100'],
      emailVisibility: true,
    });
  });

  const refused: Array<[string, Json, Json]> = [
    // '@role@' stands for the account's own role (known once it exists).
    ['its roles', { roles: ['@role@'] }, { roles: FORBIDDEN_FIELD }],
    ['its status', { employment_status: 'Suspended' }, { employment_status: FORBIDDEN_FIELD }],
    ['its name', { name: 'Someone Else' }, { name: FORBIDDEN_FIELD }],
    ['its salary', { basic_salary: 99999 }, { basic_salary: FORBIDDEN_FIELD }],
    ['its allowances', { 'allowances+': 'placeholder00000' }, { allowances: FORBIDDEN_FIELD }],
    ['its email directly', { email: 'me.new@example.org' }, { email: MISMATCH }],
    ['its verified flag', { verified: true }, { verified: MISMATCH }],
    [
      'a good field together with a refused one',
      { address: 'Partial write', roles: [] },
      { roles: FORBIDDEN_FIELD },
    ],
  ];
  it.each(refused)('cannot change %s, and nothing is written', async (_label, payload, errors) => {
    const body = JSON.parse(
      JSON.stringify(payload).replace('"@role@"', JSON.stringify(roleOfMe)),
    ) as Json;
    const before = await row('employees', me.id);
    const res = await call('PATCH', `/api/collections/employees/records/${me.id}`, me, body);
    expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
      status: 400,
      body: { data: errors, message: 'Failed to update record.', status: 400 },
    });
    expect(await row('employees', me.id)).toEqual(before);
  });

  it('cannot touch another employee', async () => {
    const before = await row('employees', String(target.id));
    for (const [method, payload] of [
      ['PATCH', { address: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(
        method,
        `/api/collections/employees/records/${String(target.id)}`,
        me,
        payload,
      );
      expect({ status: res.statusCode }).toEqual({ status: method === 'PATCH' ? 404 : 403 });
    }
    expect(await row('employees', String(target.id))).toEqual(before);
  });

  it('a users account likewise edits only its self-editable fields', async () => {
    const users = t.engine.registry.get('users')!;
    const id = newRecordId();
    await t.db.query(
      `INSERT INTO "users" ("id","email","password","tokenKey","name","status","roles","created","updated") VALUES ($1,$2,$3,$4,'Board Member','ACTIVE',$5::jsonb,$6,$6)`,
      [
        id,
        'board@example.org',
        await hashPassword('board-pass-1'),
        newTokenKey(),
        JSON.stringify([extraRole]),
        '2026-01-01 00:00:00.000Z',
      ],
    );
    const user = {
      id,
      token: await issueToken(t.secrets, users, (await row('users', id))!, 'auth'),
    };
    expect(
      ok(
        await call('PATCH', `/api/collections/users/records/${id}`, user, {
          name: 'Board Member 2',
          bio: 'Hi',
        }),
      ).name,
    ).toBe('Board Member 2');
    for (const [payload, errors] of [
      [{ status: 'SUSPENDED' }, { status: FORBIDDEN_FIELD }],
      [{ roles: [] }, { roles: FORBIDDEN_FIELD }],
    ] as const) {
      const before = await row('users', id);
      const res = await call('PATCH', `/api/collections/users/records/${id}`, user, payload);
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 400,
        body: { data: errors, message: 'Failed to update record.', status: 400 },
      });
      expect(await row('users', id)).toEqual(before);
    }
  });
});

// ---- the own-rules as declared ------------------------------------------------------------------

describe('own rules as declared today', () => {
  it('roles: an account without roles.read lists exactly the roles it holds', async () => {
    const me = accounts.plain;
    const mine = (await row('employees', me.id))!.roles as string[];
    const list = ok(await call('GET', '/api/collections/roles/records', me)) as unknown as ListBody;
    expect(list.items.map((r) => r.id)).toEqual(mine);
    const other = await call('GET', `/api/collections/roles/records/${extraRole}`, me);
    expect({ status: other.statusCode, body: other.json<Json>() }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it('settings lists (employee_options) are readable by every signed-in account', async () => {
    const option = await create('employee_options', { kind: 'section', title: 'Finance section' });
    const list = ok(
      await call('GET', '/api/collections/employee_options/records', accounts.plain),
    ) as unknown as ListBody;
    expect(list.items.map((i) => i.id)).toContain(option.id);
    expect(
      ok(
        await call(
          'GET',
          `/api/collections/employee_options/records/${String(option.id)}`,
          accounts.plain,
        ),
      ).title,
    ).toBe('Finance section');
  });

  it('user_activities: an account without activity_monitor.read sees exactly its own trail', async () => {
    const me = await with_('trail', []);
    ok(
      await call('PATCH', `/api/collections/employees/records/${me.id}`, me, {
        address: 'Trail street',
      }),
    );
    const list = ok(
      await call('GET', '/api/collections/user_activities/records', me),
    ) as unknown as ListBody;
    expect(list.items.length).toBe(1);
    expect(list.items[0]).toMatchObject({
      actor: me.id,
      action: 'UPDATE',
      collection: 'employees',
      record: me.id,
    });
    const someoneElses = (
      await t.db.query<{ id: string }>(
        `SELECT "id" FROM "user_activities" WHERE "actor" <> $1 LIMIT 1`,
        [me.id],
      )
    ).rows[0].id;
    const res = await call('GET', `/api/collections/user_activities/records/${someoneElses}`, me);
    expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
  });

  describe('employee_tasks: people keep their own task list', () => {
    let me: Account;
    let mine: string;
    beforeAll(async () => {
      me = await with_('tasker', []);
    });

    it('creates a task for itself, not for someone else', async () => {
      mine = String(
        ok(
          await call('POST', '/api/collections/employee_tasks/records', me, {
            employee: me.id,
            title: 'Write report',
          }),
        ).id,
      );
      const count = async () => (await t.db.query(`SELECT 1 FROM "employee_tasks"`)).rows.length;
      const before = await count();
      const res = await call('POST', '/api/collections/employee_tasks/records', me, {
        employee: target.id,
        title: 'Not mine',
      });
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 400,
        body: { data: {}, message: 'Failed to create record.', status: 400 },
      });
      expect(await count()).toBe(before);
    });

    it('lists and views only its own tasks', async () => {
      const list = ok(
        await call('GET', '/api/collections/employee_tasks/records', me),
      ) as unknown as ListBody;
      expect(list.items.map((i) => i.id)).toEqual([mine]);
      const res = await call(
        'GET',
        `/api/collections/employee_tasks/records/${String(task.id)}`,
        me,
      );
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 404,
        body: NOT_FOUND,
      });
    });

    it('edits its task but cannot hand it to someone else', async () => {
      expect(
        ok(
          await call('PATCH', `/api/collections/employee_tasks/records/${mine}`, me, {
            title: 'Write the report',
            completion_date: '2026-05-01',
          }),
        ).title,
      ).toBe('Write the report');
      const before = await row('employee_tasks', mine);
      const res = await call('PATCH', `/api/collections/employee_tasks/records/${mine}`, me, {
        employee: target.id,
      });
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 400,
        body: {
          data: { employee: FORBIDDEN_FIELD },
          message: 'Failed to update record.',
          status: 400,
        },
      });
      expect(await row('employee_tasks', mine)).toEqual(before);
    });

    it("cannot change or delete someone else's task, deletes its own", async () => {
      const before = await row('employee_tasks', String(task.id));
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await call(
          method,
          `/api/collections/employee_tasks/records/${String(task.id)}`,
          me,
          method === 'PATCH' ? { title: 'Hijacked' } : undefined,
        );
        expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
          status: 404,
          body: NOT_FOUND,
        });
      }
      expect(await row('employee_tasks', String(task.id))).toEqual(before);
      expect(
        (await call('DELETE', `/api/collections/employee_tasks/records/${mine}`, me)).statusCode,
      ).toBe(204);
      expect(await row('employee_tasks', mine)).toBeUndefined();
    });
  });
});

// ---- the audit trail --------------------------------------------------------------------------

describe('audit trail', () => {
  /** Runs `work` with the engine's database swapped for `db`. */
  async function withDatabase<T>(db: Database, work: () => Promise<T>): Promise<T> {
    const real = t.engine.db;
    t.engine.db = db;
    try {
      return await work();
    } finally {
      t.engine.db = real;
    }
  }

  async function auditCount(record: string): Promise<number> {
    return (await t.db.query(`SELECT 1 FROM "user_activities" WHERE "record" = $1`, [record])).rows
      .length;
  }

  it('is written in the transaction of the change: a failing audit write undoes the change', async () => {
    const role = await create('roles', { title: 'Audit atomic 1' });
    const id = String(role.id);
    const before = await row('roles', id);
    const rows = await auditCount(id);
    const real = t.db;
    const failing: Database = {
      ...real,
      transaction: (fn) =>
        real.transaction((tx) =>
          fn({
            query: (text, params) => {
              if (text.includes('INSERT INTO "user_activities"'))
                throw new Error('simulated audit failure');
              return tx.query(text, params);
            },
          }),
        ),
    };
    const res = await withDatabase(failing, () =>
      call('PATCH', `/api/collections/roles/records/${id}`, admin, { title: 'Audit atomic 2' }),
    );
    expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
      status: 500,
      body: {
        data: {},
        message: 'Something went wrong while processing your request.',
        status: 500,
      },
    });
    expect(await row('roles', id)).toEqual(before);
    expect(await auditCount(id)).toBe(rows);
  });

  it('is written in the transaction of the change: a failing commit undoes the audit row', async () => {
    const role = await create('roles', { title: 'Audit atomic 3' });
    const id = String(role.id);
    const rows = await auditCount(id);
    const real = t.db;
    let audited = false;
    const failing: Database = {
      ...real,
      transaction: (fn) =>
        real.transaction(async (tx) => {
          await fn({
            query: (text, params) => {
              if (text.includes('INSERT INTO "user_activities"')) audited = true;
              return tx.query(text, params);
            },
          });
          throw new Error('simulated commit failure');
        }),
    };
    for (const [method, payload] of [
      ['PATCH', { title: 'Audit atomic 4' }],
      ['DELETE', undefined],
    ] as const) {
      audited = false;
      const res = await withDatabase(failing, () =>
        call(method, `/api/collections/roles/records/${id}`, admin, payload),
      );
      expect(res.statusCode).toBe(500);
      expect(audited).toBe(true);
      expect((await row('roles', id))!.title).toBe('Audit atomic 3');
      expect(await auditCount(id)).toBe(rows);
    }
  });

  describe('salary and auth fields in the snapshots', () => {
    let activity: string;
    beforeAll(async () => {
      const audited = await create('employees', {
        name: 'Audited Person',
        email: 'audited@example.org',
        password: 'Audited-pass-1',
        passwordConfirm: 'Audited-pass-1',
        employment_status: 'Active',
        address: 'Old street',
        basic_salary: 1234.5,
        allowances: [allowance],
        roles: [extraRole],
      });
      // An HR clerk without employees.read_salary changes the address.
      ok(
        await call(
          'PATCH',
          `/api/collections/employees/records/${String(audited.id)}`,
          accounts.updater,
          { address: 'Audited street' },
        ),
      );
      activity = (
        await t.db.query<{ id: string }>(
          `SELECT "id" FROM "user_activities" WHERE "record" = $1 AND "actor" = $2`,
          [audited.id, accounts.updater.id],
        )
      ).rows[0].id;
    });

    const cases: Array<[string, boolean, boolean]> = [
      ['updater', false, false], // its own trail (actor = me), without the permissions
      ['auditor', false, false],
      ['salaryAuditor', true, false],
    ];
    it.each(cases)('%s sees salary=%s roles=%s in before/after', async (name, salary, auth) => {
      const who = accounts[name];
      const viewed = ok(
        await call('GET', `/api/collections/user_activities/records/${activity}`, who),
      );
      const listed = (
        ok(
          await call('GET', filterUrl('user_activities', `id = "${activity}"`), who),
        ) as unknown as ListBody
      ).items[0];
      for (const record of [viewed, listed]) {
        for (const key of ['before', 'after'] as const) {
          const snapshot = record[key] as Json;
          expect(snapshot.address).toBe(key === 'before' ? 'Old street' : 'Audited street');
          for (const field of SALARY_FIELDS)
            expect(field in snapshot, `${key}.${field}`).toBe(salary);
          expect('roles' in snapshot).toBe(auth);
          expect('password' in snapshot || 'tokenKey' in snapshot).toBe(false);
        }
      }
    });

    it('the administrator sees everything', async () => {
      const viewed = ok(
        await call('GET', `/api/collections/user_activities/records/${activity}`, admin),
      );
      expect(viewed.after).toMatchObject({
        basic_salary: 1234.5,
        allowances: [allowance],
        roles: [extraRole],
      });
    });

    it.each([
      ['auditor', 'after.basic_salary > 0'],
      ['auditor', 'before.roles ?= "x"'],
      ['auditor', 'after ~ "1234"'],
      ['updater', 'before ~ "basic_salary"'],
    ])('%s cannot search the snapshots: %s (400)', async (name, filter) => {
      const res = await call('GET', filterUrl('user_activities', filter), accounts[name]);
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 400,
        body: BAD_REQUEST,
      });
    });

    it('nor sort by them', async () => {
      const res = await call(
        'GET',
        '/api/collections/user_activities/records?sort=after.basic_salary',
        accounts.auditor,
      );
      expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
        status: 400,
        body: BAD_REQUEST,
      });
    });

    it('the administrator can search them, numbers compared as numbers', async () => {
      for (const [filter, found] of [
        ['after.basic_salary > 200', true],
        ['after.basic_salary > 2000', false],
        ['after.basic_salary = 1234.5', true],
      ] as const) {
        const list = ok(
          await call('GET', filterUrl('user_activities', `id = "${activity}" && ${filter}`), admin),
        ) as unknown as ListBody;
        expect({ filter, found: list.totalItems === 1 }).toEqual({ filter, found });
      }
    });
  });
});
