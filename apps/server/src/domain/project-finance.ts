import type { Queryable } from '../db/database';
import type { RecordEvent } from '../core/engine';
import { badRequest, forbidden } from '../core/errors';
import type { HookRegistry } from '../core/hooks';
import type { Row } from '../core/record-export';
import { replayingImport, type RequestInfo } from '../core/request-info';
import { formatDate } from '../core/values';
import { centsText, lockVaults, postEntries, toCents, type Cents } from './finance-ledger';
import { notify } from './notifications';

/**
 * Project finance on the hook point: budget lines, financial requests (with items and comments),
 * purchases, and the activity side of donations and expenses.
 *
 * Money on hold. A request (or purchase) that is APPROVED holds its amount until its bills are
 * approved (paid) or it is declined. The hold is not a ledger entry: the vault's held total is
 * computed in SQL from the project's APPROVED requests and purchases, right after the vault row
 * is locked, so every approval of a project queues on that lock and sees the holds committed
 * before it. Free balance = vault balance - held. A budget line keeps `held_amount` and
 * `used_amount` columns, moved only here, on rows locked FOR UPDATE.
 *
 * Lock order, the same everywhere so no two changes wait on each other in a circle: the request
 * (or purchase) row (locked by the engine), then the project vault, then its budget lines by id.
 */

type Status = 'PENDING' | 'APPROVED' | 'BILL_APPROVED' | 'DECLINED';

/** The allowed moves of `status`. */
const FLOW: Record<string, readonly Status[]> = {
  PENDING: ['APPROVED', 'DECLINED'],
  APPROVED: ['BILL_APPROVED', 'DECLINED'],
};

const fieldError = (
  field: string,
  code: string,
  message: string,
  params?: Record<string, unknown>,
) =>
  badRequest(message, {
    [field]: { code, message, ...(params ? { params } : {}) },
  });

const employeeOf = (request: RequestInfo) =>
  request.auth?.collection.name === 'employees' ? String(request.auth.record.id) : '';

/**
 * The import of the old system replays requests and purchases as they happened there, where no
 * committee rule, budget limit or bill requirement was enforced: the who-may checks, the
 * overspending and bills checks and the notifications let it through; the bookkeeping (holds,
 * payments, used amounts) is the same as for any request.
 */
const replaying = replayingImport;

type Committee = 'project_financial_committees' | 'project_purchases_committees';
type Flags = { can_create: boolean; can_update_status: boolean };

/** The asker's seat on a project's committee, or null when they have none. */
async function seatOf(
  tx: Queryable,
  committee: Committee,
  project: string,
  request: RequestInfo,
): Promise<Flags | null> {
  const employee = employeeOf(request);
  if (!employee) return null;
  const { rows } = await tx.query<Flags>(
    `SELECT "can_create", "can_update_status" FROM "${committee}" WHERE "project" = $1 AND "employee" = $2`,
    [project, employee],
  );
  return rows[0] ?? null;
}

const committeeName = (c: Committee) =>
  c === 'project_financial_committees' ? 'financial committee' : 'purchases committee';

async function requireFlag(
  tx: Queryable,
  committee: Committee,
  project: string,
  request: RequestInfo,
  flag: keyof Flags,
  doing: string,
): Promise<void> {
  if (replaying(request)) return;
  const seat = await seatOf(tx, committee, project, request);
  if (!seat?.[flag])
    throw forbidden(
      `Only members of the project's ${committeeName(committee)} who may ${doing} can do this.`,
    );
}

/** The committee members who may move a status (they are told when something waits for them). */
async function deciders(tx: Queryable, committee: Committee, project: string): Promise<string[]> {
  const { rows } = await tx.query<{ employee: string }>(
    `SELECT "employee" FROM "${committee}" WHERE "project" = $1 AND "can_update_status"`,
    [project],
  );
  return rows.map((r) => r.employee);
}

/** The vault of a project (kind `project`). */
export async function projectVaultId(tx: Queryable, project: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT "id" FROM "vaults" WHERE "project" = $1 AND "kind" = 'project' ORDER BY "_rowid" LIMIT 1`,
    [project],
  );
  if (!rows[0]) throw badRequest('This project has no vault.');
  return rows[0].id;
}

/**
 * What the project's approved-not-paid requests and purchases hold, in cents. Read after the
 * vault row is locked, in a statement of its own, so it sees every hold committed before.
 */
export async function heldOnProject(tx: Queryable, project: string): Promise<Cents> {
  const { rows } = await tx.query<{ held: string }>(
    `SELECT (COALESCE((SELECT sum("amount") FROM "financial_requests" WHERE "project" = $1 AND "status" = 'APPROVED'), 0)
           + COALESCE((SELECT sum("price") FROM "purchases" WHERE "project" = $1 AND "status" = 'APPROVED'), 0))::text AS held`,
    [project],
  );
  return toCents(rows[0].held);
}

/** Locks the project's vault and returns it with its held total and free balance (cents). */
async function lockProjectVault(tx: Queryable, project: string) {
  const id = await projectVaultId(tx, project);
  const vault = (await lockVaults(tx, [id], 'project')).get(id)!;
  const balance = toCents(vault.balance);
  const held = await heldOnProject(tx, project);
  return { id, title: vault.title, currency: vault.currency || 'USD', balance, held };
}

/** A request's amount per budget line, computed in SQL from its items (cents). */
async function amountsPerLine(tx: Queryable, requestId: string) {
  const { rows } = await tx.query<{ budget_line: string; amount: string }>(
    `SELECT "budget_line", sum("base_amount")::text AS amount FROM "financial_request_items"
      WHERE "financial_request" = $1 GROUP BY "budget_line" ORDER BY "budget_line"`,
    [requestId],
  );
  return rows.map((r) => ({ line: r.budget_line, amount: toCents(r.amount) }));
}

/** Keeps a request's `amount` equal to the sum of its items, in SQL. */
async function refreshRequestAmount(tx: Queryable, requestId: string): Promise<void> {
  await tx.query(
    `UPDATE "financial_requests" SET "amount" = COALESCE(
       (SELECT sum("base_amount") FROM "financial_request_items" WHERE "financial_request" = $1), 0)
      WHERE "id" = $1`,
    [requestId],
  );
}

type LockedLine = { id: string; title: string; budget: Cents; used: Cents; held: Cents };

async function lockLines(tx: Queryable, ids: readonly string[]): Promise<Map<string, LockedLine>> {
  const { rows } = await tx.query<{
    id: string;
    title: string;
    budget: string;
    used: string;
    held: string;
  }>(
    `SELECT "id", "title", "budget"::text AS budget, "used_amount"::text AS used, "held_amount"::text AS held
       FROM "project_budget_lines" WHERE "id" = ANY($1::text[]) ORDER BY "id" FOR UPDATE`,
    [[...ids]],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        budget: toCents(r.budget),
        used: toCents(r.used),
        held: toCents(r.held),
      },
    ]),
  );
}

/** Moves a line's held and used amounts by the given cents, in SQL on the locked row. */
async function moveLine(tx: Queryable, line: string, held: Cents, used: Cents): Promise<void> {
  await tx.query(
    `UPDATE "project_budget_lines"
        SET "held_amount" = "held_amount" + $2::numeric, "used_amount" = "used_amount" + $3::numeric, "updated" = $4
      WHERE "id" = $1`,
    [line, centsText(held), centsText(used), formatDate(new Date())],
  );
}

/** Refuses an approval that would take more than the vault's free balance. */
function checkFree(
  vault: Awaited<ReturnType<typeof lockProjectVault>>,
  amount: Cents,
  field: string,
): void {
  const free = vault.balance - vault.held;
  if (amount > free) {
    const over = centsText(amount - free);
    throw fieldError(
      field,
      'validation_over_free_balance',
      `This would overspend the project vault by ${over} ${vault.currency}: its free balance is ${centsText(free)} ${vault.currency}.`,
      { over: Number(over), free: Number(centsText(free)), currency: vault.currency },
    );
  }
}

/** Checks a move of `status`: a real move of the flow (400), by a member with the flag (403). */
async function checkMove(
  tx: Queryable,
  committee: Committee,
  previous: Row,
  to: string,
  request: RequestInfo,
  what: string,
): Promise<void> {
  const from = String(previous.status || 'PENDING');
  if (!FLOW[from]?.includes(to as Status))
    throw fieldError(
      'status',
      'validation_invalid_transition',
      `${what} cannot go from ${from} to ${to}.`,
      { from, to },
    );
  await requireFlag(
    tx,
    committee,
    String(previous.project),
    request,
    'can_update_status',
    'update its status',
  );
}

const hasFiles = (value: unknown) => Array.isArray(value) && value.length > 0;

/** Fields of a record an update really changes (clients send whole forms back). */
function changed(changes: Row, previous: Row, except: readonly string[]): string[] {
  return Object.keys(changes).filter((k) => {
    if (k === 'updated' || except.includes(k)) return false;
    const a = changes[k];
    const b = previous[k];
    if (typeof a === 'number' || typeof b === 'number') return Number(a) !== Number(b);
    if (Array.isArray(a) || Array.isArray(b))
      return JSON.stringify(a ?? []) !== JSON.stringify(b ?? []);
    return String(a ?? '') !== String(b ?? '');
  });
}

/** The web app's page of a request or a purchase: the project's Finance tab, opened on it. */
const financeLink = (project: string, tab: string, id: string) =>
  `/projects/${project}?tab=finance&finance=${tab}&${tab === 'purchases' ? 'purchase' : 'request'}=${id}`;

/** Tells the creator that the status moved, and the deciders when something waits for them. */
async function announceStatus(
  tx: Queryable,
  committee: Committee,
  record: Row,
  kind: 'request' | 'purchase',
  request: RequestInfo,
  publish?: (event: RecordEvent) => void,
): Promise<void> {
  if (replaying(request)) return;
  const tab = kind === 'request' ? 'requests' : 'purchases';
  const link = financeLink(String(record.project), tab, String(record.id));
  const label = kind === 'request' ? 'Financial request' : 'Purchase';
  await notify(
    tx,
    [String(record.creator ?? '')],
    {
      title: `${label} ${String(record.status).replace('_', ' ').toLowerCase()}: ${String(record.title)}`,
      link,
    },
    employeeOf(request),
    publish,
  );
  if (record.status === 'APPROVED')
    await notify(
      tx,
      await deciders(tx, committee, String(record.project)),
      { title: `Bills to approve: ${String(record.title)}`, link },
      employeeOf(request),
      publish,
    );
}

export function registerProjectFinanceHooks(hooks: HookRegistry): void {
  // ---- Budget lines: used and held move with requests; the budget never drops below them. ----
  hooks.on('project_budget_lines', {
    beforeCreate: async ({ row }) => {
      row.used_amount = '0.00';
      row.held_amount = '0.00';
    },
    beforeUpdate: async ({ changes, previous }) => {
      if (changes.project !== undefined && changes.project !== previous.project)
        throw fieldError('project', 'validation_fixed', 'A budget line stays in its project.');
      if (changes.budget !== undefined) {
        const taken = toCents(previous.used_amount) + toCents(previous.held_amount);
        const budget = toCents(changes.budget);
        if (budget < taken)
          throw fieldError(
            'budget',
            'validation_below_used',
            `The budget cannot go below what is used and on hold (${centsText(taken)}): it is short by ${centsText(taken - budget)}.`,
            { taken: Number(centsText(taken)) },
          );
      }
    },
    beforeDelete: async ({ record }) => {
      if (toCents(record.used_amount) + toCents(record.held_amount) > 0)
        throw badRequest('A budget line with money used or on hold cannot be deleted.');
    },
  });

  // ---- Financial requests: PENDING -> APPROVED -> BILL_APPROVED, or DECLINED. ----
  const FIN: Committee = 'project_financial_committees';
  hooks.on('financial_requests', {
    computed: { creator: { on: ['create'], value: ({ request }) => employeeOf(request) } },
    beforeCreate: async ({ tx, row, request }) => {
      await requireFlag(tx, FIN, String(row.project), request, 'can_create', 'create requests');
      if (row.status && row.status !== 'PENDING')
        throw fieldError('status', 'validation_invalid_transition', 'A new request is PENDING.');
      row.status = 'PENDING';
      row.amount = '0.00';
    },
    afterCreate: async ({ tx, record, request, publish }) => {
      if (replaying(request)) return;
      await notify(
        tx,
        await deciders(tx, FIN, String(record.project)),
        {
          title: `Financial request to review: ${String(record.title)}`,
          link: financeLink(String(record.project), 'requests', String(record.id)),
        },
        employeeOf(request),
        publish,
      );
    },
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      const from = String(previous.status || 'PENDING');
      const to = 'status' in changes ? String(changes.status || from) : from;
      const edited = changed(changes, previous, ['status']);
      if (edited.includes('project'))
        throw fieldError('project', 'validation_fixed', 'A request stays in its project.');
      if (edited.length) {
        // Title and details while PENDING; bills until they are approved.
        const open = edited.every((f) => f === 'bills') ? ['PENDING', 'APPROVED'] : ['PENDING'];
        if (!open.includes(from))
          throw fieldError(edited[0], 'validation_locked', `A ${from} request is not edited.`);
        const seat = await seatOf(tx, FIN, String(previous.project), request);
        if (!seat && previous.creator !== employeeOf(request))
          throw forbidden('Only its creator or the financial committee may edit a request.');
      }
      if (to === from) return;
      await checkMove(tx, FIN, previous, to, request, 'A financial request');
      const merged = { ...previous, ...changes };
      const id = String(previous.id);
      // Amounts come from the items, in SQL: an APPROVED request's items are frozen.
      const perLine = await amountsPerLine(tx, id);
      const total = perLine.reduce((s, l) => s + l.amount, 0);
      const vault = await lockProjectVault(tx, String(previous.project));
      const lines = await lockLines(
        tx,
        perLine.map((l) => l.line),
      );
      if (to === 'APPROVED') {
        if (total <= 0)
          throw fieldError(
            'status',
            'validation_no_items',
            'A request without items cannot be approved.',
          );
        for (const { line, amount } of perLine) {
          const l = lines.get(line)!;
          const remaining = l.budget - l.used - l.held;
          if (amount > remaining && !replaying(request)) {
            const over = centsText(amount - remaining);
            throw fieldError(
              'status',
              'validation_over_budget_line',
              `This would overspend the budget line "${l.title}" by ${over}: ${centsText(remaining)} remains.`,
              { over: Number(over), line, remaining: Number(centsText(remaining)) },
            );
          }
        }
        if (!replaying(request)) checkFree(vault, total, 'status');
        for (const { line, amount } of perLine) await moveLine(tx, line, amount, 0);
        changes.amount = centsText(total);
      }
      if (to === 'BILL_APPROVED') {
        const { rows } = await tx.query<{ missing: number }>(
          `SELECT count(*)::int AS missing FROM "financial_request_items"
            WHERE "financial_request" = $1 AND jsonb_array_length(COALESCE("bills", '[]'::jsonb)) = 0`,
          [id],
        );
        if (!hasFiles(merged.bills) && rows[0].missing > 0 && !replaying(request))
          throw fieldError(
            'bills',
            'validation_bills_required',
            'Attach the bills (to the request or to every item) before approving them.',
          );
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: vault.id,
              amount: -toCents(previous.amount),
              kind: 'expense',
              // A replayed payment happened when the old record last changed.
              date: replaying(request) ? String(previous.updated) : formatDate(new Date()),
              source: { collection: 'financial_requests', id },
              statement: `Financial request: ${String(merged.title)}`,
            },
          ],
          request,
          'status',
        );
        changes.payment_entry = entry;
        for (const { line, amount } of perLine) await moveLine(tx, line, -amount, amount);
      }
      if (to === 'DECLINED' && from === 'APPROVED')
        for (const { line, amount } of perLine) await moveLine(tx, line, -amount, 0);
    },
    afterUpdate: async ({ tx, record, previous, request, publish }) => {
      if (record.status !== previous.status)
        await announceStatus(tx, FIN, record, 'request', request, publish);
    },
    beforeDelete: async ({ tx, record, request }) => {
      if (!['PENDING', 'DECLINED'].includes(String(record.status)))
        throw badRequest(`A ${String(record.status)} request cannot be deleted.`);
      const seat = await seatOf(tx, FIN, String(record.project), request);
      if (!seat?.can_create && record.creator !== employeeOf(request))
        throw forbidden('Only its creator or a member who may create requests may delete it.');
    },
  });

  // ---- Request items: priced by the server; frozen once the request is approved. ----
  const lockRequest = async (tx: Queryable, id: unknown) => {
    const { rows } = await tx.query<Row>(
      `SELECT * FROM "financial_requests" WHERE "id" = $1 FOR UPDATE`,
      [id],
    );
    if (!rows[0])
      throw fieldError('financial_request', 'validation_missing', 'The request does not exist.');
    return rows[0];
  };
  const price = (item: Row, target: Row) => {
    const total = Math.round(toCents(item.unit_price) * Number(item.quantity));
    // One base unit = rate units of the item's currency, so base = total / rate.
    const base = Math.round(total / Number(item.exchange_rate));
    target.total_price = centsText(total);
    target.base_amount = centsText(base);
  };
  const checkItem = async (tx: Queryable, item: Row, parent: Row, request: RequestInfo) => {
    const seat = await seatOf(tx, FIN, String(parent.project), request);
    if (!seat?.can_create && parent.creator !== employeeOf(request) && !replaying(request))
      throw forbidden('Only the creator or a member who may create requests may change its items.');
    const { rows } = await tx.query<{ project: string }>(
      `SELECT "project" FROM "project_budget_lines" WHERE "id" = $1`,
      [item.budget_line],
    );
    if (rows[0]?.project !== parent.project)
      throw fieldError(
        'budget_line',
        'validation_other_project',
        'Choose a budget line of the request\u2019s project.',
      );
  };
  // What may still change on an item once its request is approved: the bill and the store.
  const BILL_FIELDS = ['bills', 'bill_number', 'store_name', 'store_address', 'details'];
  hooks.on('financial_request_items', {
    beforeCreate: async ({ tx, row, request }) => {
      const parent = await lockRequest(tx, row.financial_request);
      if (parent.status !== 'PENDING')
        throw fieldError(
          'financial_request',
          'validation_locked',
          `The items of a ${String(parent.status)} request are frozen.`,
        );
      await checkItem(tx, row, parent, request);
      price(row, row);
    },
    afterCreate: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      const edited = changed(changes, previous, []);
      if (edited.includes('financial_request'))
        throw fieldError('financial_request', 'validation_fixed', 'An item stays in its request.');
      const parent = await lockRequest(tx, previous.financial_request);
      const open =
        parent.status === 'PENDING' ||
        (parent.status === 'APPROVED' && edited.every((f) => BILL_FIELDS.includes(f)));
      if (edited.length && !open)
        throw fieldError(
          edited.find((f) => !BILL_FIELDS.includes(f)) ?? edited[0],
          'validation_locked',
          `The items of a ${String(parent.status)} request are frozen.`,
        );
      const merged = { ...previous, ...changes };
      await checkItem(tx, merged, parent, request);
      price(merged, changes);
    },
    afterUpdate: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
    beforeDelete: async ({ tx, record, request }) => {
      const parent = await lockRequest(tx, record.financial_request);
      if (!['PENDING', 'DECLINED'].includes(String(parent.status)))
        throw badRequest(`The items of a ${String(parent.status)} request are frozen.`);
      await checkItem(tx, record, parent, request);
    },
    afterDelete: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
  });

  // ---- Comments: committee members of the project, as themselves. ----
  const commentHooks = (collection: string, owner: string, ownerTable: string, c: Committee) =>
    hooks.on(collection, {
      computed: { employee: { on: ['create'], value: ({ request }) => employeeOf(request) } },
      beforeCreate: async ({ tx, row, request }) => {
        const { rows } = await tx.query<{ project: string }>(
          `SELECT "project" FROM "${ownerTable}" WHERE "id" = $1`,
          [row[owner]],
        );
        if (!rows[0]) throw fieldError(owner, 'validation_missing', 'It does not exist.');
        if (!replaying(request) && !(await seatOf(tx, c, rows[0].project, request)))
          throw forbidden(`Only members of the project's ${committeeName(c)} may comment.`);
      },
      beforeUpdate: async ({ changes, previous }) => {
        if (changes[owner] !== undefined && changes[owner] !== previous[owner])
          throw fieldError(owner, 'validation_fixed', 'A comment stays where it was written.');
      },
    });
  commentHooks('financial_request_comments', 'request', 'financial_requests', FIN);

  // ---- Purchases: the same workflow, with one price instead of items. ----
  const PUR: Committee = 'project_purchases_committees';
  commentHooks('purchase_comments', 'purchase', 'purchases', PUR);
  hooks.on('purchases', {
    computed: { creator: { on: ['create'], value: ({ request }) => employeeOf(request) } },
    beforeCreate: async ({ tx, row, request }) => {
      await requireFlag(tx, PUR, String(row.project), request, 'can_create', 'create purchases');
      if (row.status && row.status !== 'PENDING')
        throw fieldError('status', 'validation_invalid_transition', 'A new purchase is PENDING.');
      row.status = 'PENDING';
    },
    afterCreate: async ({ tx, record, request, publish }) => {
      if (replaying(request)) return;
      await notify(
        tx,
        await deciders(tx, PUR, String(record.project)),
        {
          title: `Purchase to review: ${String(record.title)}`,
          link: financeLink(String(record.project), 'purchases', String(record.id)),
        },
        employeeOf(request),
        publish,
      );
    },
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      const from = String(previous.status || 'PENDING');
      const to = 'status' in changes ? String(changes.status || from) : from;
      const edited = changed(changes, previous, ['status']);
      if (edited.includes('project'))
        throw fieldError('project', 'validation_fixed', 'A purchase stays in its project.');
      if (edited.length) {
        const open = edited.every((f) => f === 'bills') ? ['PENDING', 'APPROVED'] : ['PENDING'];
        if (!open.includes(from))
          throw fieldError(edited[0], 'validation_locked', `A ${from} purchase is not edited.`);
        const seat = await seatOf(tx, PUR, String(previous.project), request);
        if (!seat && previous.creator !== employeeOf(request))
          throw forbidden('Only its creator or the purchases committee may edit a purchase.');
      }
      if (to === from) return;
      await checkMove(tx, PUR, previous, to, request, 'A purchase');
      const amount = toCents(previous.price);
      const vault = await lockProjectVault(tx, String(previous.project));
      if (to === 'APPROVED' && !replaying(request)) checkFree(vault, amount, 'status');
      if (to === 'BILL_APPROVED') {
        if (!hasFiles({ ...previous, ...changes }.bills) && !replaying(request))
          throw fieldError(
            'bills',
            'validation_bills_required',
            'Attach the bills before approving them.',
          );
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: vault.id,
              amount: -amount,
              kind: 'expense',
              // A replayed payment happened when the old record last changed.
              date: replaying(request) ? String(previous.updated) : formatDate(new Date()),
              source: { collection: 'purchases', id: String(previous.id) },
              statement: `Purchase: ${String(previous.title)}`,
            },
          ],
          request,
          'status',
        );
        changes.payment_entry = entry;
      }
    },
    afterUpdate: async ({ tx, record, previous, request, publish }) => {
      if (record.status !== previous.status)
        await announceStatus(tx, PUR, record, 'purchase', request, publish);
    },
    beforeDelete: async ({ tx, record, request }) => {
      if (!['PENDING', 'DECLINED'].includes(String(record.status)))
        throw badRequest(`A ${String(record.status)} purchase cannot be deleted.`);
      const seat = await seatOf(tx, PUR, String(record.project), request);
      if (!seat?.can_create && record.creator !== employeeOf(request))
        throw forbidden('Only its creator or a member who may create purchases may delete it.');
    },
  });

  // ---- Activity money: an activity's donation or expense lives in its project's vault. ----
  const activityProject = async (tx: Queryable, activity: unknown) => {
    const { rows } = await tx.query<{ project: string }>(
      `SELECT "project" FROM "projects_activities" WHERE "id" = $1`,
      [activity],
    );
    if (!rows[0])
      throw fieldError('activity', 'validation_missing', 'The activity does not exist.');
    return rows[0].project;
  };
  const placeInActivity = async (tx: Queryable, merged: Row, target: Row, needsVault: boolean) => {
    if (!merged.activity) return;
    const project = await activityProject(tx, merged.activity);
    target.project = project;
    const vault = await projectVaultId(tx, project);
    if (!merged.vault || !needsVault) target.vault = vault;
    else if (merged.vault !== vault)
      throw fieldError(
        'vault',
        'validation_other_vault',
        'An activity\u2019s money uses its project\u2019s vault.',
      );
  };
  hooks.on('donations', {
    // Registered before the ledger's own rules, which then find the project's vault.
    beforeCreate: ({ tx, row }) => placeInActivity(tx, row, row, false),
    beforeUpdate: ({ tx, changes, previous }) =>
      placeInActivity(tx, { ...previous, ...changes }, changes, false),
  });
  hooks.on('expenses', {
    beforeCreate: ({ tx, row }) => placeInActivity(tx, row, row, true),
    beforeUpdate: ({ tx, changes, previous }) =>
      placeInActivity(tx, { ...previous, ...changes }, changes, true),
  });
}
