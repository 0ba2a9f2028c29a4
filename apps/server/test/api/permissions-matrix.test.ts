/**
 * The access matrix, generated from the declarations in @app/schema: every collection × every
 * action × (guest, signed-in accounts of each auth collection without any permission, an account
 * holding exactly the action's permission). New collections are covered without editing this file.
 *
 * Expected outcomes follow the declaration (see CollectionDef in @app/schema):
 * - locked (`null`): 403 for everyone, even an account holding every permission;
 * - guests: 401 unless a `guestRule`;
 * - signed in with the permission: everything;
 * - signed in without it: the `ownRule` (then the `guestRule`) decides which records; without
 *   either, 403.
 * Rule outcomes are checked against an oracle that evaluates the rule directly in the database
 * (list = exactly the matching records, view/update/delete of others = 404, create = allowed only
 * when the would-be record matches). The rules themselves are checked by hand in
 * records-behaviour.test.ts and the filter compiler in core/filter-compile.test.ts.
 *
 * The second half checks the audit trail generically: every create/update/delete of an audited
 * collection writes exactly one audit row with the right contents; a failed update writes none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  COLLECTIONS,
  type ActionAccess,
  type CollectionDef,
  type Permission,
} from '@app/schema';
import type { LightMyRequestResponse } from 'fastify';
import { decideAccess, type CollectionAction } from '../../src/core/access';
import { buildAuthState, issueToken } from '../../src/core/auth';
import { buildCollection, type Collection, type ModelField } from '../../src/core/collection-model';
import { compileFilter } from '../../src/core/filter/compile';
import { SqlParams } from '../../src/core/filter/params';
import { guestRequest, type RequestInfo } from '../../src/core/request-info';
import { hashPassword } from '../../src/tools/security/password';
import { newRecordId, newTokenKey } from '../../src/tools/security/random';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';

const ACTIONS: readonly CollectionAction[] = ['list', 'view', 'create', 'update', 'delete'];

const ERROR_BODIES = {
  401: { data: {}, message: 'The request requires valid record authorization token.', status: 401 },
  403: { data: {}, message: 'You are not allowed to perform this request.', status: 403 },
  404: { data: {}, message: "The requested resource wasn't found.", status: 404 },
} as const;

// A 1×1 PNG, for required file fields.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

type Json = Record<string, unknown>;
type ListBody = {
  items: Json[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
};

/** Who sends a request. `auth` names the account's own record. */
type Subject = {
  label: string;
  token: string | null;
  auth: { collection: string; id: string } | null;
  permissions: readonly Permission[];
};

type Expected =
  { kind: 'deny'; status: 401 | 403 } | { kind: 'all' } | { kind: 'rule'; rule: string };

/** The declaration's meaning, written out independently of core/access.ts. */
function expectedAccess(
  access: ActionAccess,
  subject: Pick<Subject, 'auth' | 'permissions'>,
): Expected {
  if (access === null) return { kind: 'deny', status: 403 };
  const asRule = (rule: string): Expected =>
    rule.trim() === '' ? { kind: 'all' } : { kind: 'rule', rule };
  if (!subject.auth)
    return access.guestRule !== undefined
      ? asRule(access.guestRule)
      : { kind: 'deny', status: 401 };
  if (access.permission && subject.permissions.includes(access.permission)) return { kind: 'all' };
  if (access.ownRule !== undefined) return asRule(access.ownRule);
  if (access.guestRule !== undefined) return asRule(access.guestRule);
  if (!access.permission) return { kind: 'all' };
  return { kind: 'deny', status: 403 };
}

let t: TestApp;
let admin: Subject;
/** A second account with every permission: it approves what the administrator records. */
let approver: Subject;
let guest: Subject;
/** A signed-in account without any permission, one per auth collection. */
let nobody: Subject[] = [];
const holders = new Map<string, Subject>();
let seq = 0;
/** The months payroll runs take, one after the other (one run a month). */
let runMonth = 0;
/** Which sides of the rule outcomes the matrix exercised (`list:matched`, `view:excluded`, …). */
const exercised = new Set<string>();

function model(name: string): Collection {
  const c = t.engine.registry.get(name);
  if (!c) throw new Error(`no collection ${name}`);
  return c;
}

function isAuthCollection(def: CollectionDef): boolean {
  return def.type === 'auth';
}

async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  subject: Subject,
  body?: { data: Json; files: Record<string, Buffer> },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (subject.token) headers.authorization = subject.token;
  if (!body) return t.app.inject({ method, url, headers, remoteAddress });
  const fileNames = Object.keys(body.files);
  if (fileNames.length === 0)
    return t.app.inject({ method, url, headers, payload: body.data, remoteAddress });
  // Multipart: the values as @jsonPayload, the files as parts.
  const boundary = `----matrix${newRecordId()}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="@jsonPayload"\r\n\r\n${JSON.stringify(body.data)}\r\n`,
    ),
  ];
  for (const name of fileNames) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
    );
    parts.push(body.files[name], Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  return t.app.inject({ method, url, headers, payload: Buffer.concat(parts), remoteAddress });
}

function recordsUrl(name: string, id?: string, query = ''): string {
  return `/api/collections/${name}/records${id ? `/${id}` : ''}${query}`;
}

async function allIds(name: string): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(`SELECT "id" FROM "${name}" ORDER BY "_rowid"`);
  return rows.map((r) => r.id);
}

async function storedRow(name: string, id: string): Promise<Json | undefined> {
  const { rows } = await t.db.query<Json>(`SELECT * FROM "${name}" WHERE "id" = $1`, [id]);
  return rows[0];
}

async function requestOf(subject: Subject): Promise<RequestInfo> {
  if (!subject.auth) return guestRequest();
  const collection = model(subject.auth.collection);
  const row = await storedRow(collection.name, subject.auth.id);
  if (!row) throw new Error(`account ${subject.label} vanished`);
  return { ...guestRequest(), auth: await buildAuthState(t.db, collection, row) };
}

/** The oracle: ids of the records a rule matches for this subject, evaluated in the database. */
async function matching(name: string, rule: string, subject: Subject): Promise<string[]> {
  const params = new SqlParams();
  const collection = model(name);
  const cond = compileFilter(rule, {
    registry: t.engine.registry,
    collection,
    alias: 't',
    request: await requestOf(subject),
    mode: 'rule',
    params,
  });
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT t."id" FROM "${name}" t WHERE ${cond} ORDER BY t."_rowid"`,
    params.values,
  );
  return rows.map((r) => r.id);
}

// ---- accounts -----------------------------------------------------------------------------------

/** An active account of an auth collection holding a role with exactly these permissions. */
async function accountWith(
  collectionName: string,
  permissions: Permission[],
  label: string,
): Promise<Subject> {
  if (collectionName === 'employees') {
    const e = await t.employeeWith(permissions);
    return { label, token: e.token, auth: { collection: 'employees', id: e.id }, permissions };
  }
  const collection = model(collectionName);
  const options = collection.def.auth;
  if (!options) throw new Error(`${collectionName} is not an auth collection`);
  seq += 1;
  const roleId = newRecordId();
  const now = '2026-01-01 00:00:00.000Z';
  await t.db.query(
    `INSERT INTO "roles" ("id","title","permissions","created","updated") VALUES ($1,$2,$3::jsonb,$4,$4)`,
    [roleId, `matrix role ${seq} ${roleId}`, JSON.stringify(permissions), now],
  );
  const id = newRecordId();
  const roles = collection.field('roles');
  if (!roles || roles.type !== 'relation' || roles.collection !== 'roles') {
    throw new Error(
      `${collectionName} has no roles relation: teach accountWith how its accounts get permissions`,
    );
  }
  await t.db.query(
    `INSERT INTO "${collectionName}" ("id","email","password","tokenKey","name","${options.activeField}","roles","created","updated")
     VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb,$8,$8)`,
    [
      id,
      `matrix${seq}.${id}@test.local`,
      await hashPassword('matrix-password-1'),
      newTokenKey(),
      `Matrix ${seq}`,
      options.activeValue,
      JSON.stringify([roleId]),
      now,
    ],
  );
  const row = await storedRow(collectionName, id);
  return {
    label,
    token: await issueToken(t.secrets, collection, row!, 'auth'),
    auth: { collection: collectionName, id },
    permissions,
  };
}

/**
 * Permissions a holder needs beside the declared one for the action to make sense: a payslip line
 * is an amount, which only who reads salaries may set (payroll.update alone gets a 400 on it).
 */
const COMPANIONS: Partial<Record<Permission, Permission[]>> = {
  'payroll.update': ['employees.read_salary'],
};

async function holderOf(permission: Permission): Promise<Subject> {
  let subject = holders.get(permission);
  if (!subject) {
    subject = await accountWith(
      'employees',
      [permission, ...(COMPANIONS[permission] ?? [])],
      `holder of ${permission}`,
    );
    holders.set(permission, subject);
    // Requests, purchases and their items and comments are written by committee members (a rule
    // of the area, tested in project-finance.test.ts): a project finance holder sits on both
    // committees of every project, with both flags.
    if (permission.startsWith('project_finance.')) {
      const { rows } = await t.db.query<{ id: string }>(`SELECT "id" FROM "projects"`);
      for (const { id } of rows) {
        for (const committee of ['project_financial_committees', 'project_purchases_committees'])
          await adminCreates(committee, {
            project: id,
            employee: subject.auth!.id,
            can_create: true,
            can_update_status: true,
          });
      }
    }
  }
  return subject;
}

/** The subjects every action of a collection is tried with. */
async function subjectsFor(access: ActionAccess): Promise<Subject[]> {
  const list = [guest, ...nobody];
  if (access === null) list.push(admin);
  else if (access.permission) list.push(await holderOf(access.permission));
  return list;
}

// ---- bodies derived from the field declarations -----------------------------------------------

function isSettable(field: ModelField, held: readonly Permission[]): boolean {
  if (field.system || field.hidden || field.readOnly || field.type === 'autodate') return false;
  return !field.permission || held.includes(field.permission);
}

function textValue(
  field: ModelField & { min?: number; max?: number; pattern?: string },
  n: number,
  defaultMax: number,
): string {
  // A currency code (three capitals) is the one pattern the declarations use for required text.
  if (field.pattern === '^[A-Z]{3}$') return 'USD';
  let value = `v${n}${field.name}`.replace(/_/g, '');
  const min = field.min ?? 0;
  const max = field.max || defaultMax;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (max && value.length > max) value = value.slice(0, max);
  if (field.pattern && !new RegExp(field.pattern).test(value)) {
    throw new Error(
      `cannot generate a value for ${field.name} (pattern ${field.pattern}): extend textValue`,
    );
  }
  return value;
}

function numberValue(field: Extract<ModelField, { type: 'number' }>, n: number): number {
  const min = field.min ?? 0;
  const max = field.max ?? min + 1000;
  let value = Math.min(max, Math.max(min, 1 + (n % 7)));
  if (field.onlyInt) value = Math.ceil(value);
  if (field.money) value = Math.round(value * 100) / 100;
  if (value > max || value < min || value === 0)
    throw new Error(`cannot generate a number for ${field.name}`);
  return value;
}

const fixtureCache = new Map<string, string[]>();

/** Ids of records of `name` (created by the administrator when needed). */
async function fixtureIds(name: string, count: number): Promise<string[]> {
  const cached = fixtureCache.get(name) ?? [];
  while (cached.length < count) {
    const def = model(name).def;
    if (def.access.create === null) {
      const existing = await allIds(name);
      if (existing.length < count)
        throw new Error(`no ${name} records to point at and ${name} cannot be created`);
      cached.push(...existing.slice(cached.length, count));
      break;
    }
    cached.push(String((await createAsAdmin(name)).id));
  }
  fixtureCache.set(name, cached);
  return cached.slice(0, count);
}

/**
 * A value for one field. Relation fields pointing at `self.collection` use the subject's own id
 * when `preferSelf` is set (so that own-rules like `owner = @request.auth.id` can match).
 */
async function valueFor(
  field: ModelField,
  n: number,
  self: Subject['auth'],
  preferSelf: boolean,
): Promise<unknown> {
  switch (field.type) {
    case 'text':
      return textValue(field, n, 5000);
    case 'editor':
      return `<p>${textValue(field, n, 100000)}</p>`.slice(0, field.max || 100000);
    case 'email':
      return `gen${n}.${field.name}@example.org`;
    case 'url':
      return `https://example.org/${n}`;
    case 'number':
      return numberValue(field, n);
    case 'bool':
      return true;
    case 'date':
      return `2026-03-${String((n % 27) + 1).padStart(2, '0')} 10:00:00.000Z`;
    case 'select': {
      const multiple = (field.maxSelect ?? 1) > 1;
      return multiple ? [field.values[n % field.values.length]] : field.values[0];
    }
    case 'relation': {
      const count = Math.max(1, field.minSelect ?? 1);
      const ids =
        preferSelf && self && self.collection === field.collection
          ? [self.id]
          : await fixtureIds(field.collection, count);
      return (field.maxSelect ?? 1) > 1 ? ids : ids[0];
    }
    case 'json':
      return { generated: n };
    default:
      throw new Error(`no generated value for ${field.name} (${field.type})`);
  }
}

type Body = { data: Json; files: Record<string, Buffer> };

/** Creates a record as the administrator and returns its id (for domain fixtures). */
async function adminCreates(name: string, data: Json): Promise<string> {
  const res = await send('POST', recordsUrl(name), admin, { data, files: {} });
  if (res.statusCode !== 200) throw new Error(`fixture ${name}: ${res.statusCode} ${res.body}`);
  return String(res.json<Json>().id);
}

/** A vault holding money, so money can leave it. */
async function fundedVault(): Promise<string> {
  seq += 1;
  const vault = await adminCreates('vaults', { title: `Funded ${seq}`, kind: 'main' });
  await adminCreates('donations', {
    donor: 'Matrix donor',
    amount: 1000,
    received_on: '2026-01-01',
    vault,
  });
  return vault;
}

/** A can_create seat on the committee of `data.project` for `self` (the administrator by default). */
async function seat(committee: string, data: Json, self: Subject['auth']): Promise<void> {
  const employee = self?.collection === 'employees' ? self.id : admin.auth!.id;
  const taken = await t.db.query(
    `SELECT 1 FROM "${committee}" WHERE "project" = $1 AND "employee" = $2`,
    [data.project, employee],
  );
  if (taken.rows.length > 0) return;
  // Nobody seats themselves: another account with the permission gives the seat.
  const maker = employee === approver.auth!.id ? admin : approver;
  const res = await send('POST', recordsUrl(committee), maker, {
    data: { project: data.project, employee, can_create: true },
    files: {},
  });
  if (res.statusCode !== 200) throw new Error(`fixture seat: ${res.statusCode} ${res.body}`);
}

/**
 * Where a collection's domain rules need more than its declared required fields for a create to
 * be valid (money must exist before it moves), the body is completed here. Access is what this
 * file checks; the rules themselves are tested in the area's own tests (finance*.test.ts).
 */
const DOMAIN_FIXTURES: Record<string, (data: Json, self: Subject['auth']) => Promise<void>> = {
  // Only a seat with can_create on the project's committee may create a request or a purchase:
  // the account that creates gets one.
  financial_requests: async (data, self) => seat('project_financial_committees', data, self),
  purchases: async (data, self) => seat('project_purchases_committees', data, self),
  donations: async (data) => {
    data.vault ??= (await fixtureIds('vaults', 1))[0];
  },
  cash_counts: async (data) => {
    data.reason = 'Matrix count';
  },
  vault_transfers: async (data) => {
    data.from_vault = await fundedVault();
    data.to_vault = (await fixtureIds('vaults', 1))[0];
    data.amount = 1;
  },
  advance_repayments: async (data) => {
    const employee = (await fixtureIds('employees', 1))[0];
    const advance = await adminCreates('employee_advances', {
      employee,
      amount: 100,
      date: '2026-01-01',
      vault: await fundedVault(),
    });
    for (const status of ['approved', 'paid']) {
      // Someone other than its recorder approves it (separation of duties).
      const res = await send('PATCH', recordsUrl('employee_advances', advance), approver, {
        data: { status },
        files: {},
      });
      if (res.statusCode !== 200) throw new Error(`fixture advance: ${res.statusCode} ${res.body}`);
    }
    data.advance = advance;
    data.amount = 1;
  },
  allowance_options: async (data) => {
    data.calculation = 'fixed';
    data.amount = 10;
  },
  deduction_options: async (data) => {
    data.calculation = 'fixed';
    data.amount = 10;
  },
  // One run a month: each create takes the next month; active employees get a salary so that
  // runs draft payslips (records for the payslip and line checks).
  payroll_runs: async (data) => {
    await t.db.query(
      `UPDATE "employees" SET "basic_salary" = 500 WHERE "basic_salary" = 0 AND "employment_status" = 'Active'`,
    );
    runMonth += 1;
    data.year = 2000 + Math.floor(runMonth / 12);
    data.month = 1 + (runMonth % 12);
    data.vault = (await fixtureIds('vaults', 1))[0];
  },
  // A line goes on a payslip of a draft run: a fresh run's.
  payslip_lines: async (data) => {
    const runData: Json = {};
    await DOMAIN_FIXTURES.payroll_runs(runData, null);
    const run = await adminCreates('payroll_runs', runData);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT "id" FROM "payslips" WHERE "run" = $1 ORDER BY "_rowid" LIMIT 1`,
      [run],
    );
    data.payslip = rows[0].id;
    data.kind = 'allowance';
    data.amount = 1;
  },
  // Website posts need a minimum of readable text (100 characters for an article, 30 for a resource).
  blog_articles: async (data) => {
    data.full_text = `<p>${'Matrix article text. '.repeat(6)}</p>`;
  },
  website_resources: async (data) => {
    data.full_text = `<p>${'Matrix resource text. '.repeat(2)}</p>`;
  },
};

/** A minimal valid create body: the required fields (and what an auth record needs). */
async function createBody(
  name: string,
  held: readonly Permission[],
  self: Subject['auth'] = null,
  preferSelf = false,
): Promise<Body> {
  const collection = model(name);
  const data: Json = {};
  const files: Record<string, Buffer> = {};
  seq += 1;
  const n = seq;
  for (const field of collection.fields) {
    if (!field.required || field.system) continue;
    if (!isSettable(field, held)) {
      if (field.readOnly) continue;
      throw new Error(
        `${name}.${field.name} is required but not settable with ${held.join(', ') || 'no permission'}`,
      );
    }
    if (field.type === 'file') files[field.name] = PNG;
    else data[field.name] = await valueFor(field, n, self, preferSelf);
  }
  if (preferSelf) {
    // Optional relations to the subject's own collection too, for own-rules on them.
    for (const field of collection.fields) {
      if (
        field.type === 'relation' &&
        !field.required &&
        self &&
        field.collection === self.collection &&
        isSettable(field, held)
      ) {
        data[field.name] = await valueFor(field, n, self, true);
      }
    }
  }
  // Area rules that the declarations cannot say (domain hooks) need a little more.
  if (name === 'projects_timelines' || name === 'activities_timelines') data.title = `Post ${n}`;
  if (name === 'projects_staff' || name === 'activities_staff')
    data.employee = (await fixtureIds('employees', 1))[0];
  // One committee seat per (project, employee): a fresh employee for each.
  if (name === 'project_financial_committees' || name === 'project_purchases_committees')
    data.employee = String((await createAsAdmin('employees')).id);
  await DOMAIN_FIXTURES[name]?.(data, self);
  if (collection.type === 'auth') {
    data.email = `gen${n}.account@example.org`;
    data.password = 'Generated-pass-1';
    data.passwordConfirm = 'Generated-pass-1';
  }
  return { data, files };
}

const PREFERRED_TYPES = [
  'text',
  'editor',
  'email',
  'url',
  'number',
  'date',
  'select',
  'bool',
  'json',
];

/** A valid change of one field; only self-editable fields when the account edits its own record. */
async function updateBody(
  name: string,
  held: readonly Permission[],
  ownerOnly: boolean,
): Promise<Body> {
  const collection = model(name);
  const activeField = collection.def.auth?.activeField;
  const candidates = collection.fields.filter(
    (f) =>
      isSettable(f, held) &&
      f.type !== 'file' &&
      f.type !== 'relation' &&
      f.name !== activeField &&
      (!ownerOnly || (collection.def.selfEditable ?? []).includes(f.name)),
  );
  candidates.sort((a, b) => PREFERRED_TYPES.indexOf(a.type) - PREFERRED_TYPES.indexOf(b.type));
  const field = candidates[0];
  if (!field) throw new Error(`no field of ${name} can be changed (ownerOnly ${ownerOnly})`);
  seq += 1;
  return { data: { [field.name]: await valueFor(field, seq, null, false) }, files: {} };
}

async function createAsAdmin(name: string): Promise<Json> {
  const res = await send('POST', recordsUrl(name), admin, await createBody(name, ALL_PERMISSIONS));
  if (res.statusCode !== 200)
    throw new Error(`admin could not create a ${name}: ${res.statusCode} ${res.body}`);
  return res.json<Json>();
}

/** A record nobody else depends on, for deletes. */
async function freshRecord(name: string): Promise<string> {
  if (model(name).def.access.create === null) {
    const ids = await allIds(name);
    if (!ids.length) throw new Error(`no ${name} record to try`);
    return ids[ids.length - 1];
  }
  return String((await createAsAdmin(name)).id);
}

async function count(name: string): Promise<number> {
  const { rows } = await t.db.query<{ n: string | number }>(
    `SELECT count(*)::bigint AS n FROM "${name}"`,
  );
  return Number(rows[0].n);
}

function expectError(res: LightMyRequestResponse, status: 401 | 403 | 404): void {
  expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
    status,
    body: ERROR_BODIES[status],
  });
}

// ---- setup ------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestApp();
  const adminId = (
    await t.db.query<{ id: string }>(`SELECT "id" FROM "employees" WHERE "email" = $1`, [
      ADMIN_EMAIL,
    ])
  ).rows[0].id;
  admin = {
    label: 'administrator',
    token: t.adminToken,
    auth: { collection: 'employees', id: adminId },
    permissions: ALL_PERMISSIONS,
  };
  approver = {
    ...admin,
    label: 'second approver',
    token: t.approverToken,
    auth: { collection: 'employees', id: t.approverId },
  };
  guest = { label: 'guest', token: null, auth: null, permissions: [] };
  nobody = [];
  for (const def of COLLECTIONS.filter(isAuthCollection)) {
    nobody.push(await accountWith(def.name, [], `${def.name} account without permissions`));
  }
  // Two records of every collection the administrator can create.
  for (const def of COLLECTIONS) {
    if (def.access.create !== null) await fixtureIds(def.name, 2);
  }
  // Each account without permissions changes its own record where it may, so that own-rules
  // over the audit trail (actor = me) have something to match.
  for (const subject of nobody) {
    const name = subject.auth!.collection;
    const decision = expectedAccess(model(name).def.access.update, subject);
    if (decision.kind === 'deny') continue;
    const res = await send(
      'PATCH',
      recordsUrl(name, subject.auth!.id),
      subject,
      await updateBody(name, [], true),
    );
    if (res.statusCode !== 200)
      throw new Error(`${subject.label} could not update itself: ${res.body}`);
  }
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

// ---- the declaration semantics ------------------------------------------------------------------

describe('decideAccess follows the declaration semantics', () => {
  const def = (access: ActionAccess): Collection =>
    buildCollection({
      name: 'things',
      type: 'base',
      label: 'Things',
      fields: [{ name: 'title', type: 'text' }],
      access: { list: access, view: access, create: access, update: access, delete: access },
      audit: [],
    });
  const signedIn = (permissions: Permission[]): RequestInfo => ({
    ...guestRequest(),
    auth: {
      collection: buildCollection(COLLECTIONS.find(isAuthCollection)!),
      record: { id: 'abc' },
      permissions: new Set(permissions),
    },
  });
  const cases: Array<[string, ActionAccess]> = [
    ['locked', null],
    ['permission only', { permission: 'projects.read' }],
    ['permission + own rule', { permission: 'projects.read', ownRule: 'title = "x"' }],
    ['permission + empty own rule', { permission: 'projects.read', ownRule: '' }],
    ['permission + guest rule', { permission: 'projects.read', guestRule: 'title = "public"' }],
    ['permission + empty guest rule', { permission: 'projects.read', guestRule: '' }],
    ['own rule without permission', { ownRule: 'title = "mine"' }],
    ['guest rule without permission', { guestRule: 'title = "public"' }],
    ['everything open to signed-in accounts', {}],
  ];
  const subjects: Array<[string, RequestInfo, Pick<Subject, 'auth' | 'permissions'>]> = [
    ['guest', guestRequest(), { auth: null, permissions: [] }],
    [
      'no permission',
      signedIn([]),
      { auth: { collection: 'employees', id: 'abc' }, permissions: [] },
    ],
    [
      'holder',
      signedIn(['projects.read']),
      { auth: { collection: 'employees', id: 'abc' }, permissions: ['projects.read'] },
    ],
  ];
  for (const [caseName, access] of cases) {
    for (const [subjectName, request, subject] of subjects) {
      it(`${caseName} / ${subjectName}`, () => {
        const expected = expectedAccess(access, subject);
        for (const action of ACTIONS)
          expect(decideAccess(def(access), action, request)).toEqual(expected);
      });
    }
  }
  it('a guest rule limits signed-in accounts without the permission to the public records', () => {
    expect(decideAccess(def({ guestRule: 'title = "public"' }), 'list', signedIn([]))).toEqual({
      kind: 'rule',
      rule: 'title = "public"',
    });
  });
});

// ---- the matrix -------------------------------------------------------------------------------

for (const def of COLLECTIONS) {
  describe(`${def.name}`, () => {
    const name = def.name;

    it('list', async () => {
      for (const subject of await subjectsFor(def.access.list)) {
        const expected = expectedAccess(def.access.list, subject);
        const page = (n: number) =>
          send('GET', recordsUrl(name, undefined, `?perPage=1000&page=${n}&sort=@rowid`), subject);
        const res = await page(1);
        if (expected.kind === 'deny') {
          expectError(res, expected.status);
          continue;
        }
        const all = await allIds(name);
        const want = expected.kind === 'all' ? all : await matching(name, expected.rule, subject);
        if (expected.kind === 'rule') {
          if (want.length > 0) exercised.add('list:matched');
          if (want.length < all.length) exercised.add('list:excluded');
        }
        expect(res.statusCode, subject.label).toBe(200);
        const body = res.json<ListBody>();
        // A large collection (the audit log) takes more than one page of the most a page holds.
        const ids = body.items.map((i) => i.id);
        for (let n = 2; n <= body.totalPages; n++)
          ids.push(...(await page(n)).json<ListBody>().items.map((i) => i.id));
        expect({
          who: subject.label,
          ids,
          total: body.totalItems,
        }).toEqual({
          who: subject.label,
          ids: want,
          total: want.length,
        });
      }
    });

    it('view', async () => {
      const ids = await allIds(name);
      expect(ids.length).toBeGreaterThan(0);
      for (const subject of await subjectsFor(def.access.view)) {
        const expected = expectedAccess(def.access.view, subject);
        if (expected.kind === 'deny') {
          expectError(await send('GET', recordsUrl(name, ids[0]), subject), expected.status);
          continue;
        }
        const allowed =
          expected.kind === 'all' ? ids : await matching(name, expected.rule, subject);
        const others = ids.filter((id) => !allowed.includes(id));
        if (expected.kind === 'rule') {
          if (allowed.length > 0) exercised.add('view:matched');
          if (others.length > 0) exercised.add('view:excluded');
        }
        for (const id of allowed.slice(-2)) {
          const res = await send('GET', recordsUrl(name, id), subject);
          expect({ who: subject.label, status: res.statusCode, id: res.json<Json>().id }).toEqual({
            who: subject.label,
            status: 200,
            id,
          });
        }
        for (const id of others.slice(-2))
          expectError(await send('GET', recordsUrl(name, id), subject), 404);
      }
    });

    it('create', async () => {
      for (const subject of await subjectsFor(def.access.create)) {
        const expected = expectedAccess(def.access.create, subject);
        if (expected.kind === 'deny') {
          const before = await count(name);
          const body =
            def.access.create === null
              ? { data: { id: newRecordId() }, files: {} }
              : await createBody(name, ALL_PERMISSIONS);
          expectError(await send('POST', recordsUrl(name), subject, body), expected.status);
          expect(await count(name)).toBe(before);
          continue;
        }
        if (expected.kind === 'all') {
          const res = await send(
            'POST',
            recordsUrl(name),
            subject,
            await createBody(name, subject.permissions),
          );
          expect(res.statusCode, `${subject.label}: ${res.body}`).toBe(200);
          const created = res.json<Json>();
          expect(await storedRow(name, String(created.id))).toBeDefined();
          continue;
        }
        // A create rule is checked against the would-be record: allowed exactly when it matches.
        for (const preferSelf of [true, false]) {
          const body = await createBody(name, subject.permissions, subject.auth, preferSelf);
          const before = await count(name);
          const res = await send('POST', recordsUrl(name), subject, body);
          if (res.statusCode === 200) {
            const id = String(res.json<Json>().id);
            expect(await matching(name, expected.rule, subject)).toContain(id);
            exercised.add('create:matched');
            continue;
          }
          expect({ status: res.statusCode, body: res.json<Json>() }).toEqual({
            status: 400,
            body: { data: {}, message: 'Failed to create record.', status: 400 },
          });
          expect(await count(name)).toBe(before);
          exercised.add('create:excluded');
          // The same record made by the administrator indeed falls outside the rule.
          const made = await send('POST', recordsUrl(name), admin, body);
          expect(made.statusCode, made.body).toBe(200);
          expect(await matching(name, expected.rule, subject)).not.toContain(
            String(made.json<Json>().id),
          );
        }
      }
    });

    it('update', async () => {
      for (const subject of await subjectsFor(def.access.update)) {
        const expected = expectedAccess(def.access.update, subject);
        const ids = await allIds(name);
        if (expected.kind === 'deny') {
          const id = ids[ids.length - 1];
          const before = await storedRow(name, id);
          const body =
            def.access.update === null
              ? { data: { comment: 'x' }, files: {} }
              : await updateBody(name, ALL_PERMISSIONS, false);
          expectError(await send('PATCH', recordsUrl(name, id), subject, body), expected.status);
          expect(await storedRow(name, id)).toEqual(before);
          continue;
        }
        const allowed =
          expected.kind === 'all'
            ? await fixtureIds(name, 1)
            : await matching(name, expected.rule, subject);
        const others = expected.kind === 'all' ? [] : ids.filter((id) => !allowed.includes(id));
        const target = allowed[allowed.length - 1];
        if (expected.kind === 'rule') {
          if (target) exercised.add('update:matched');
          if (others.length > 0) exercised.add('update:excluded');
        }
        if (target) {
          const self = subject.auth?.collection === name && subject.auth.id === target;
          const manager =
            !!def.access.update?.permission &&
            subject.permissions.includes(def.access.update.permission);
          // Through an own-rule (or on one's own record) only the self-editable fields may change.
          const body = await updateBody(
            name,
            subject.permissions,
            !manager && (self || expected.kind === 'rule'),
          );
          const res = await send('PATCH', recordsUrl(name, target), subject, body);
          expect(res.statusCode, `${subject.label}: ${res.body}`).toBe(200);
          const [key, value] = Object.entries(body.data)[0];
          expect(res.json<Json>()[key]).toEqual(value);
        }
        for (const id of others.slice(-2)) {
          const before = await storedRow(name, id);
          expectError(
            await send(
              'PATCH',
              recordsUrl(name, id),
              subject,
              await updateBody(name, subject.permissions, false),
            ),
            404,
          );
          expect(await storedRow(name, id)).toEqual(before);
        }
      }
    });

    it('delete', async () => {
      for (const subject of await subjectsFor(def.access.delete)) {
        const expected = expectedAccess(def.access.delete, subject);
        if (expected.kind === 'deny') {
          const id = await freshRecord(name);
          expectError(await send('DELETE', recordsUrl(name, id), subject), expected.status);
          expect(await storedRow(name, id)).toBeDefined();
          continue;
        }
        if (expected.kind === 'all') {
          const id = await freshRecord(name);
          const res = await send('DELETE', recordsUrl(name, id), subject);
          expect({ status: res.statusCode, body: res.body }).toEqual({ status: 204, body: '' });
          expect(await storedRow(name, id)).toBeUndefined();
          continue;
        }
        await freshRecord(name);
        const ids = await allIds(name);
        const allowed = (await matching(name, expected.rule, subject)).filter(
          (id) => !(subject.auth?.collection === name && subject.auth.id === id),
        );
        for (const id of ids.filter((i) => !allowed.includes(i)).slice(-2)) {
          exercised.add('delete:excluded');
          expectError(await send('DELETE', recordsUrl(name, id), subject), 404);
          expect(await storedRow(name, id)).toBeDefined();
        }
        const target = allowed[allowed.length - 1];
        if (target) {
          exercised.add('delete:matched');
          const res = await send('DELETE', recordsUrl(name, target), subject);
          expect(res.statusCode, `${subject.label}: ${res.body}`).toBe(204);
          expect(await storedRow(name, target)).toBeUndefined();
        }
      }
    });
  });
}

describe('the matrix is not vacuous', () => {
  const hasRule = (access: ActionAccess): boolean =>
    access !== null &&
    [access.ownRule, access.guestRule].some((rule) => rule !== undefined && rule.trim() !== '');
  for (const action of ACTIONS) {
    const declared = COLLECTIONS.filter((d) => hasRule(d.access[action])).map((d) => d.name);
    if (declared.length === 0) continue;
    it(`${action}: rules (${declared.join(', ')}) were tried on matching and on excluded records`, () => {
      expect([exercised.has(`${action}:matched`), exercised.has(`${action}:excluded`)]).toEqual([
        true,
        true,
      ]);
    });
  }
});

// ---- the audit trail --------------------------------------------------------------------------

type AuditRow = {
  id: string;
  actor: string;
  actor_collection: string;
  actor_name: string;
  actor_email: string;
  action: string;
  collection: string;
  record: string;
  categories: string[];
  before: Json | null;
  after: Json | null;
  ip: string;
  comment: string;
};

async function auditRows(collection: string, record: string): Promise<AuditRow[]> {
  const { rows } = await t.db.query<AuditRow>(
    `SELECT "id","actor","actor_collection","actor_name","actor_email","action","collection","record","categories","before","after","ip","comment"
     FROM "user_activities" WHERE "collection" = $1 AND "record" = $2 ORDER BY "_rowid"`,
    [collection, record],
  );
  return rows;
}

function snapshotOf(json: Json): Json {
  const { collectionId: _id, collectionName: _name, expand: _expand, ...rest } = json;
  return rest;
}

/** A value the field refuses, with the error code it gives; null when the field accepts anything. */
function invalidValue(field: ModelField): { value: unknown; code: string } | null {
  switch (field.type) {
    case 'text':
      return { value: 'x'.repeat((field.max || 5000) + 1), code: 'validation_max_text_constraint' };
    case 'number':
      return { value: 'not a number', code: 'validation_not_a_number' };
    case 'date':
      return { value: '2026-02-30', code: 'validation_invalid_date' };
    case 'select':
      return { value: 'no such value', code: 'validation_invalid_value' };
    case 'email':
      return { value: 'not-an-email', code: 'validation_is_email' };
    case 'relation':
      return { value: 'nosuchrecord000', code: 'validation_missing_rel_records' };
    default:
      return null;
  }
}

describe('audit trail', () => {
  const audited = COLLECTIONS.filter((d) => d.audit.length > 0 && d.access.create !== null);
  const notAudited = COLLECTIONS.filter((d) => d.audit.length === 0 && d.access.create !== null);
  const ip = '10.20.30.40';

  const expectedActor = () => ({
    actor: admin.auth!.id,
    actor_collection: 'employees',
    actor_name: 'Administrator',
    actor_email: ADMIN_EMAIL,
  });

  for (const def of audited) {
    it(`${def.name}: create, update, failed update and delete each write exactly one row (or none)`, async () => {
      const name = def.name;
      const created = await send(
        'POST',
        recordsUrl(name),
        admin,
        await createBody(name, ALL_PERMISSIONS),
        ip,
      );
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json<Json>();
      const id = String(record.id);
      const common = {
        ...expectedActor(),
        collection: name,
        record: id,
        categories: [...def.audit],
        ip,
        comment: '',
      };

      let rows = await auditRows(name, id);
      expect(rows.map(({ id: _, ...rest }) => rest)).toEqual([
        { ...common, action: 'CREATE', before: null, after: snapshotOf(record) },
      ]);

      // A collection whose records are final (update or delete locked, e.g. a vault transfer)
      // is checked for the actions it allows; a locked action writes nothing.
      let written = 1;
      if (def.access.update === null) {
        const refused = await send(
          'PATCH',
          recordsUrl(name, id),
          admin,
          await updateBody(name, ALL_PERMISSIONS, false),
          ip,
        );
        expect(refused.statusCode).toBe(403);
        expect(await auditRows(name, id)).toHaveLength(written);
      } else {
        const beforeUpdate = (await send('GET', recordsUrl(name, id), admin)).json<Json>();
        const updated = await send(
          'PATCH',
          recordsUrl(name, id),
          admin,
          await updateBody(name, ALL_PERMISSIONS, false),
          ip,
        );
        expect(updated.statusCode, updated.body).toBe(200);
        rows = await auditRows(name, id);
        expect(rows).toHaveLength(2);
        written = 2;
        const { id: _u, ...update } = rows[1];
        expect(update).toEqual({
          ...common,
          action: 'UPDATE',
          before: snapshotOf(beforeUpdate),
          after: snapshotOf(updated.json<Json>()),
        });

        // A refused update changes nothing and writes no audit row.
        // Where only the author may update (an own-rule without a permission), only the
        // fields the author may edit are tried.
        const updateAccess = model(name).def.access.update;
        const authorOnly = !!updateAccess && !updateAccess.permission && !!updateAccess.ownRule;
        const editable = model(name).def.selfEditable ?? [];
        const field = model(name).fields.find(
          (f) =>
            isSettable(f, ALL_PERMISSIONS) &&
            invalidValue(f) !== null &&
            (!authorOnly || editable.includes(f.name)),
        );
        expect(field, `${name} has no field to send a bad value to`).toBeDefined();
        const bad = invalidValue(field!)!;
        const storedBefore = await storedRow(name, id);
        const failed = await send(
          'PATCH',
          recordsUrl(name, id),
          admin,
          { data: { [field!.name]: bad.value }, files: {} },
          ip,
        );
        expect(failed.statusCode).toBe(400);
        expect(
          failed.json<{ message: string; data: Record<string, { code: string }> }>(),
        ).toMatchObject({
          message: 'Failed to update record.',
          data: { [field!.name]: { code: bad.code } },
        });
        expect(await storedRow(name, id)).toEqual(storedBefore);
        expect(await auditRows(name, id)).toHaveLength(2);
      }

      if (def.access.delete === null) {
        expect((await send('DELETE', recordsUrl(name, id), admin, undefined, ip)).statusCode).toBe(
          403,
        );
        expect(await auditRows(name, id)).toHaveLength(written);
        return;
      }
      const beforeDelete = (await send('GET', recordsUrl(name, id), admin)).json<Json>();
      const deleted = await send('DELETE', recordsUrl(name, id), admin, undefined, ip);
      expect(deleted.statusCode).toBe(204);
      rows = await auditRows(name, id);
      expect(rows).toHaveLength(written + 1);
      const { id: _d, ...deletion } = rows[written];
      expect(deletion).toEqual({
        ...common,
        action: 'DELETE',
        before: snapshotOf(beforeDelete),
        after: null,
      });
    });
  }

  for (const def of notAudited) {
    it(`${def.name}: not audited, writes no rows`, async () => {
      const created = await send(
        'POST',
        recordsUrl(def.name),
        admin,
        await createBody(def.name, ALL_PERMISSIONS),
        ip,
      );
      expect(created.statusCode).toBe(200);
      expect(await auditRows(def.name, String(created.json<Json>().id))).toEqual([]);
    });
  }

  it('the audit trail itself cannot be written through the API, not even by the administrator', async () => {
    const id = (await allIds('user_activities'))[0];
    const before = await storedRow('user_activities', id);
    const total = await count('user_activities');
    expectError(
      await send('POST', recordsUrl('user_activities'), admin, {
        data: { action: 'CREATE', actor: 'x' },
        files: {},
      }),
      403,
    );
    expectError(
      await send('PATCH', recordsUrl('user_activities', id), admin, {
        data: { comment: 'edited' },
        files: {},
      }),
      403,
    );
    expectError(await send('DELETE', recordsUrl('user_activities', id), admin), 403);
    expect(await storedRow('user_activities', id)).toEqual(before);
    expect(await count('user_activities')).toBe(total);
  });
});
