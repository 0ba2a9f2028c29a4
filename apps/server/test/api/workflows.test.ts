import {
  COLLECTIONS,
  type CollectionDef,
  type Permission,
  type WorkflowDef,
  type WorkflowMove,
} from '@app/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every workflow declared in packages/schema, tried move by move through the API, as the
 * declaration says it must behave: by an account holding exactly what the move needs (allowed),
 * one without it (refused), the person who recorded the record (refused where separation of
 * duties applies), through /api/batch, every move the declaration does not list (refused), every
 * field a state does not let change (refused, modifiers such as `amount+` included), and deletion
 * in each state. The cases are generated from the declarations: a move added to one is tried here
 * without a line of this file changing; a collection with a workflow needs only its fixture below.
 */

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field
type Json = Record<string, any>;
type Account = { id: string; token: string };

const rec = (c: string, id = '') => `/api/collections/${c}/records${id ? `/${id}` : ''}`;

async function call(method: string, url: string, token: string, payload?: Json) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: token },
    payload,
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}

async function ok(method: string, url: string, token: string, payload?: Json): Promise<Json> {
  const res = await call(method, url, token, payload);
  if (res.status !== 200)
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The administrator records; the second approver walks records through their states. */
let recorder: Account;
let walker: Account;
let employeeId = '';
let topic = '';
let project = '';
let budgetLine = '';
let months = 0;

/** A vault with money in it, so that money can leave it. */
async function fundedVault(): Promise<string> {
  const vault = await ok('POST', rec('vaults'), recorder.token, {
    title: `Workflow vault ${Math.random().toString(36).slice(2, 8)}`,
    kind: 'main',
  });
  await ok('POST', rec('donations'), recorder.token, {
    donor: 'Workflow donor',
    amount: 100000,
    received_on: '2026-01-01',
    vault: vault.id,
  });
  return vault.id;
}

async function attachBill(collection: string, id: string, token: string): Promise<void> {
  const body = await multipart([
    [
      'bills+',
      { filename: 'bill.pdf', data: Buffer.from('%PDF-1.4\n%bill\n'), type: 'application/pdf' },
    ],
  ]);
  const res = await t.app.inject({
    method: 'PATCH',
    url: rec(collection, id),
    headers: { authorization: token, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`bills: ${res.statusCode} ${res.body}`);
}

const LONG_TEXT = `<p>${'A text long enough for the website. '.repeat(4)}</p>`;

/**
 * How to make a fresh record of each collection with a workflow, as `token`. What a collection's
 * own rules need before it may be made (money in a vault, a budget line, a topic) is set up once
 * in `beforeAll`.
 */
const FIXTURES: Record<string, (token: string) => Promise<string>> = {
  expenses: async (token) =>
    (
      await ok('POST', rec('expenses'), token, {
        beneficiary: 'Workflow payee',
        amount: 10,
        date: '2026-03-01',
        vault: await fundedVault(),
      })
    ).id,
  employee_advances: async (token) =>
    (
      await ok('POST', rec('employee_advances'), token, {
        employee: employeeId,
        amount: 10,
        monthly_deduction: 5,
        date: '2026-03-01',
        vault: await fundedVault(),
      })
    ).id,
  grants: async (token) =>
    (await ok('POST', rec('grants'), token, { donor: 'Workflow trust', title: 'Workflow grant' }))
      .id,
  payroll_runs: async (token) => {
    months += 1;
    return (
      await ok('POST', rec('payroll_runs'), token, {
        year: 2040 + Math.floor(months / 12),
        month: (months % 12) + 1,
        vault: await fundedVault(),
      })
    ).id;
  },
  financial_requests: async (token) => {
    const request = await ok('POST', rec('financial_requests'), token, {
      project,
      title: 'Workflow request',
    });
    await ok('POST', rec('financial_request_items'), token, {
      financial_request: request.id,
      budget_line: budgetLine,
      title: 'Workflow item',
      quantity: 1,
      currency: 'USD',
      unit_price: 10,
      exchange_rate: 1,
    });
    return request.id;
  },
  purchases: async (token) =>
    (await ok('POST', rec('purchases'), token, { project, title: 'Workflow purchase', price: 10 }))
      .id,
  blog_articles: async (token) =>
    (
      await ok('POST', rec('blog_articles'), token, {
        topic,
        title: 'Workflow article',
        full_text: LONG_TEXT,
      })
    ).id,
  website_resources: async (token) =>
    (
      await ok('POST', rec('website_resources'), token, {
        title: 'Workflow resource',
        full_text: LONG_TEXT,
      })
    ).id,
};

const WORKFLOWS = COLLECTIONS.filter(
  (c): c is CollectionDef & { workflow: WorkflowDef } => !!c.workflow,
);

/** The body of a move: its state, and a reason where one is required. */
const moveBody = (flow: WorkflowDef, move: WorkflowMove): Json => ({
  [flow.field]: move.to,
  ...(move.reason ? { [flow.reasonField!]: 'Taken back for a correction' } : {}),
});

/** Prepares what a move requires (the bills) and makes it as `token`. */
async function makeMove(
  collection: string,
  flow: WorkflowDef,
  id: string,
  move: WorkflowMove,
  token: string,
) {
  if (move.requires?.includes('bills')) await attachBill(collection, id, recorder.token);
  return call('PATCH', rec(collection, id), token, moveBody(flow, move));
}

/** The shortest list of moves from the first state to `state` (never through server-only ones). */
function pathTo(flow: WorkflowDef, state: string): WorkflowMove[] {
  const seen = new Map<string, WorkflowMove[]>([[flow.initial, []]]);
  const queue = [flow.initial];
  while (queue.length) {
    const from = queue.shift()!;
    for (const move of flow.moves.filter((m) => m.from === from)) {
      if (seen.has(move.to)) continue;
      seen.set(move.to, [...seen.get(from)!, move]);
      queue.push(move.to);
    }
  }
  const path = seen.get(state);
  if (!path) throw new Error(`no path to ${state}`);
  return path;
}

/** A fresh record in `state`, recorded by `by` (the administrator unless told) and walked there. */
async function recordIn(
  collection: string,
  flow: WorkflowDef,
  state: string,
  by: Account = recorder,
): Promise<string> {
  const id = await FIXTURES[collection](by.token);
  for (const move of pathTo(flow, state)) {
    const res = await makeMove(collection, flow, id, move, walker.token);
    if (res.status !== 200)
      throw new Error(
        `${collection} ${move.from} -> ${move.to}: ${res.status} ${JSON.stringify(res.body)}`,
      );
  }
  return id;
}

/** The permission the records API asks for an update of the collection. */
const updatePermission = (def: CollectionDef) => def.access.update?.permission as Permission;

/** An account with exactly what a move needs: the update access, the move's permission or seat. */
async function accountFor(
  def: CollectionDef,
  move: WorkflowMove,
  holds: boolean,
  extra: Permission[] = [],
): Promise<Account> {
  const permissions = new Set<Permission>([updatePermission(def), ...extra]);
  if (move.permission && holds) permissions.add(move.permission);
  const account = await t.employeeWith([...permissions]);
  if (move.seat)
    await ok('POST', rec(move.seat.committee), walker.token, {
      project,
      employee: account.id,
      can_create: true,
      [move.seat.flag]: holds || move.seat.flag === 'can_create',
    });
  return account;
}

const statesOf = (flow: WorkflowDef) =>
  Object.keys(flow.states).filter((s) => !flow.states[s as never].serverOnly);

beforeAll(async () => {
  t = await startTestApp();
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT "id" FROM "employees" WHERE "email" = 'admin@test.local'`,
  );
  recorder = { id: rows[0].id, token: t.adminToken };
  walker = { id: t.approverId, token: t.approverToken };
  employeeId = (await t.employeeWith([], { name: 'Advance taker' })).id;
  topic = (await ok('POST', rec('blog_topics'), recorder.token, { title: 'Workflow topic' })).id;
  project = (await ok('POST', rec('projects'), recorder.token, { title: 'Workflow project' })).id;
  await ok('POST', rec('donations'), recorder.token, {
    donor: 'Project donor',
    amount: 100000,
    received_on: '2026-01-01',
    project,
  });
  budgetLine = (
    await ok('POST', rec('project_budget_lines'), recorder.token, {
      project,
      title: 'Workflow line',
      budget: 100000,
    })
  ).id;
  // The recorder creates requests and purchases; the walker decides them. Nobody seats themselves.
  for (const committee of ['project_financial_committees', 'project_purchases_committees']) {
    await ok('POST', rec(committee), walker.token, {
      project,
      employee: recorder.id,
      can_create: true,
      can_update_status: false,
    });
    await ok('POST', rec(committee), recorder.token, {
      project,
      employee: walker.id,
      can_create: true,
      can_update_status: true,
    });
  }
});
afterAll(async () => t.stop());

it('every collection with a workflow has a fixture here', () => {
  expect(WORKFLOWS.map((c) => c.name).sort()).toEqual(Object.keys(FIXTURES).sort());
});

describe.each(WORKFLOWS.map((def) => [def.name, def] as const))('%s', (name, def) => {
  const flow = def.workflow;

  describe.each(flow.moves.map((m) => [`${m.from} -> ${m.to}`, m] as const))('%s', (_, move) => {
    it('is made by an account holding exactly what it needs', async () => {
      const id = await recordIn(name, flow, move.from);
      const account = await accountFor(def, move, true);
      const res = await makeMove(name, flow, id, move, account.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[flow.field]).toBe(move.to);
    });

    // Where the move's permission is the update permission itself, nobody can hold one without
    // the other: the records API's own access (permissions-matrix.test.ts) covers it.
    const separate = !!move.seat || move.permission !== updatePermission(def);
    if (separate)
      it('is refused to an account without its permission or seat flag', async () => {
        const id = await recordIn(name, flow, move.from);
        const account = await accountFor(def, move, false);
        const res = await makeMove(name, flow, id, move, account.token);
        expect(res.status).toBe(403);
        expect(res.body.data[flow.field].code).toBe(
          move.seat ? 'validation_committee_seat' : 'validation_missing_permission',
        );
        const stored = await call('GET', rec(name, id), walker.token);
        expect(stored.body[flow.field]).toBe(move.from);
      });

    if (move.notCreator)
      it('is refused to whoever recorded the record, allowed to another', async () => {
        const creator = await accountFor(def, move, true, [
          def.access.create?.permission as Permission,
        ]);
        const id = await recordIn(name, flow, move.from, creator);
        const own = await makeMove(name, flow, id, move, creator.token);
        expect(own.status).toBe(403);
        expect(own.body.data[flow.field].code).toBe('validation_self_approval');
        const other = await accountFor(def, move, true);
        expect((await makeMove(name, flow, id, move, other.token)).status).toBe(200);
      });

    it('goes through /api/batch the same way', async () => {
      const allowed = await recordIn(name, flow, move.from);
      const refused = await recordIn(name, flow, move.from);
      const holder = await accountFor(def, move, true);
      const lacking = await accountFor(def, move, false);
      if (move.requires?.includes('bills')) {
        await attachBill(name, allowed, recorder.token);
        await attachBill(name, refused, recorder.token);
      }
      const batch = (id: string, token: string) =>
        call('POST', '/api/batch', token, {
          requests: [{ method: 'PATCH', url: rec(name, id), body: moveBody(flow, move) }],
        });
      expect((await batch(allowed, holder.token)).status).toBe(200);
      if (!separate) return;
      const no = await batch(refused, lacking.token);
      expect(no.status).toBe(400);
      expect(no.body.data.requests['0'].response.status).toBe(403);
    });
  });

  describe.each(statesOf(flow).map((s) => [s] as const))('in %s', (state) => {
    it('refuses every move the declaration does not list', async () => {
      const id = await recordIn(name, flow, state);
      const declared = new Set(flow.moves.filter((m) => m.from === state).map((m) => m.to));
      for (const to of Object.keys(flow.states)) {
        if (to === state || declared.has(to)) continue;
        const res = await call('PATCH', rec(name, id), walker.token, {
          [flow.field]: to,
          ...(flow.reasonField ? { [flow.reasonField]: 'Trying' } : {}),
        });
        expect(res.status, `${state} -> ${to}`).toBe(400);
        expect(res.body.data[flow.field].code).toBe('validation_invalid_transition');
      }
      expect((await call('GET', rec(name, id), walker.token)).body[flow.field]).toBe(state);
    });

    it('lets only its editable fields change, modifiers included', async () => {
      const id = await recordIn(name, flow, state);
      const rule = flow.editable[state as never];
      const fixed = def.fields.filter(
        (f) =>
          !('readOnly' in f && f.readOnly) &&
          f.name !== flow.field &&
          f.name !== flow.reasonField &&
          !flow.fixed?.includes(f.name) &&
          rule !== '*' &&
          !(rule ?? []).includes(f.name),
      );
      for (const field of fixed) {
        const tries: Json[] = [];
        if (field.type === 'number') tries.push({ [`${field.name}+`]: 1 }, { [field.name]: 999 });
        else if (field.type === 'text' && !('pattern' in field && field.pattern))
          tries.push({ [field.name]: 'Changed after the fact' });
        else if (field.type === 'relation' && field.collection === 'vaults')
          tries.push({ [field.name]: await fundedVault() });
        for (const body of tries) {
          const res = await call('PATCH', rec(name, id), walker.token, body);
          expect(res.status, `${state}: ${JSON.stringify(body)}`).toBe(400);
          expect(res.body.data[field.name].code).toBe('validation_locked');
        }
      }
    });

    it(`is ${flow.deletable.includes(state as never) ? '' : 'not '}deleted`, async () => {
      const id = await recordIn(name, flow, state);
      const res = await call('DELETE', rec(name, id), walker.token);
      if (flow.deletable.includes(state as never)) expect(res.status).toBe(204);
      else {
        expect(res.status).toBe(400);
        expect(res.body.data[flow.field].code).toBe('validation_locked');
      }
    });
  });
});
