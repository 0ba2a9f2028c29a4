import { heldStates, PURCHASE_WORKFLOW, REQUEST_WORKFLOW, type Words } from '@app/schema';
import type { Queryable } from '../db/database';
import type { RecordEvent } from '../core/engine';
import type { HookRegistry, RecordWrites } from '../core/hooks';
import type { Row } from '../core/record-export';
import { refuse } from '../core/refusals';
import { replayingImport, type RequestInfo } from '../core/request-info';
import { changedFields } from '../core/workflow';
import { formatDate } from '../core/values';
import { fieldError, moveOf } from './finance';
import { centsText, lockVaults, postEntries, toCents, type Cents } from './finance-ledger';
import { notify } from './notifications';

/**
 * Project finance on the hook point: budget lines, financial requests (with items and comments),
 * purchases, and the activity side of donations and expenses.
 *
 * Requests and purchases follow the workflows declared in packages/schema (REQUEST_WORKFLOW,
 * PURCHASE_WORKFLOW): the engine checks each move, who may make it (a committee seat that may
 * update the status, never the creator approving their own), what may change in which state and
 * when they may be deleted. What stays here is the bookkeeping of each move and who may create
 * and edit a pending one.
 *
 * Money on hold. A request (or purchase) that is APPROVED holds its amount until its bills are
 * approved (paid), or it is declined or taken back to PENDING. The hold is not a ledger entry: the
 * vault's held total is computed in SQL from the project's requests and purchases in a held state,
 * right after the vault row is locked, so every approval of a project queues on that lock and sees
 * the holds committed before it. Free balance = vault balance - held. A budget line keeps
 * `held_amount` and `used_amount` columns, moved only here, on rows locked FOR UPDATE.
 *
 * Lock order, the same everywhere so no two changes wait on each other in a circle: the request
 * (or purchase) row (locked by the engine), then the project vault, then its budget lines by id.
 */

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

/** A committee's name in messages, in both languages. */
const COMMITTEE: Record<Committee, Words> = {
  project_financial_committees: { en: 'financial committee', ar: 'اللجنة المالية' },
  project_purchases_committees: { en: 'purchases committee', ar: 'لجنة المشتريات' },
};

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

/** A new request or purchase comes from a seat that may create them. */
async function requireCreateSeat(
  tx: Queryable,
  committee: Committee,
  project: string,
  request: RequestInfo,
): Promise<void> {
  if (replaying(request)) return;
  const seat = await seatOf(tx, committee, project, request);
  if (!seat?.can_create)
    throw refuse(403, 'project_finance.needs_seat_to_create', {
      field: 'project',
      words: { committee: COMMITTEE[committee] },
    });
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
  if (!rows[0]) throw refuse(400, 'project_finance.no_vault', { field: 'project' });
  return rows[0].id;
}

// The states whose amount is on hold, as the workflows declare them (APPROVED).
const REQUESTS_HELD = heldStates(REQUEST_WORKFLOW);
const PURCHASES_HELD = heldStates(PURCHASE_WORKFLOW);

/**
 * What the project's approved-not-paid requests and purchases hold, in cents. Read after the
 * vault row is locked, in a statement of its own, so it sees every hold committed before.
 */
export async function heldOnProject(tx: Queryable, project: string): Promise<Cents> {
  const { rows } = await tx.query<{ held: string }>(
    `SELECT (COALESCE((SELECT sum("amount") FROM "financial_requests" WHERE "project" = $1 AND "status" = ANY($2::text[])), 0)
           + COALESCE((SELECT sum("price") FROM "purchases" WHERE "project" = $1 AND "status" = ANY($3::text[])), 0))::text AS held`,
    [project, REQUESTS_HELD, PURCHASES_HELD],
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

/**
 * Keeps a request's `amount` equal to the sum of its items, in SQL. Kept out of the engine: the
 * amount is read-only and derived, written in the item's own transaction (the engine holds the
 * request's lock for the item's write); the item's audit record and realtime event say what
 * changed, and the request's history holds its own moves only.
 */
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

/**
 * Moves a line's held and used amounts by the given cents from the row as `lockLines` locked it
 * (the lock holds until the commit), through the engine: its audit record and realtime event.
 */
async function moveLine(
  records: RecordWrites,
  line: LockedLine,
  held: Cents,
  used: Cents,
): Promise<void> {
  line.held += held;
  line.used += used;
  await records.update('project_budget_lines', line.id, {
    held_amount: centsText(line.held),
    used_amount: centsText(line.used),
  });
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
      'project_finance.over_free',
      { over, free: centsText(free), currency: vault.currency },
      { over: Number(over), free: Number(centsText(free)), currency: vault.currency },
    );
  }
}

const hasFiles = (value: unknown) => Array.isArray(value) && value.length > 0;

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

/**
 * A pending request or purchase is edited by its creator or by the committee (the workflow says
 * which fields, in which state); its deletion and its items likewise, by its creator or a seat
 * that may create.
 */
async function requireCreatorOrSeat(
  tx: Queryable,
  committee: Committee,
  record: Row,
  request: RequestInfo,
  needsCreateFlag: boolean,
): Promise<void> {
  if (replaying(request) || record.creator === employeeOf(request)) return;
  const seat = await seatOf(tx, committee, String(record.project), request);
  if (needsCreateFlag ? !seat?.can_create : !seat)
    throw refuse(
      403,
      needsCreateFlag ? 'project_finance.creator_or_seat' : 'project_finance.creator_or_committee',
      { words: { committee: COMMITTEE[committee] } },
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
        throw fieldError('project', 'project_finance.line_fixed');
      if (changes.budget !== undefined) {
        const taken = toCents(previous.used_amount) + toCents(previous.held_amount);
        const budget = toCents(changes.budget);
        if (budget < taken)
          throw fieldError(
            'budget',
            'project_finance.below_used',
            { taken: centsText(taken), short: centsText(taken - budget) },
            { taken: Number(centsText(taken)) },
          );
      }
    },
    beforeDelete: async ({ record }) => {
      if (toCents(record.used_amount) + toCents(record.held_amount) > 0)
        throw fieldError('budget', 'project_finance.line_in_use');
    },
  });

  // ---- Financial requests: the bookkeeping of PENDING -> APPROVED -> BILL_APPROVED. ----
  const FIN: Committee = 'project_financial_committees';
  hooks.requires('financial_requests', 'bills', async ({ tx, record }) => {
    const { rows } = await tx.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM "financial_request_items"
        WHERE "financial_request" = $1 AND jsonb_array_length(COALESCE("bills", '[]'::jsonb)) = 0`,
      [record.id],
    );
    if (!hasFiles(record.bills) && rows[0].missing > 0)
      throw fieldError('bills', 'workflow.request_bills_required');
  });
  hooks.on('financial_requests', {
    computed: { creator: { on: ['create'], value: ({ request }) => employeeOf(request) } },
    beforeCreate: async ({ tx, row, request }) => {
      await requireCreateSeat(tx, FIN, String(row.project), request);
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
    beforeUpdate: async ({ tx, records, changes, previous, request }) => {
      if (changedFields(changes, previous, ['status', 'status_reason']).length)
        await requireCreatorOrSeat(tx, FIN, previous, request, false);
      const to = moveOf(changes, previous);
      if (!to) return;
      const from = String(previous.status || 'PENDING');
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
        if (total <= 0) throw fieldError('status', 'project_finance.no_items');
        for (const { line, amount } of perLine) {
          const l = lines.get(line)!;
          const remaining = l.budget - l.used - l.held;
          if (amount > remaining && !replaying(request)) {
            const over = centsText(amount - remaining);
            throw fieldError(
              'status',
              'project_finance.over_line',
              { line: l.title, over, remaining: centsText(remaining) },
              { over: Number(over), line, remaining: Number(centsText(remaining)) },
            );
          }
        }
        if (!replaying(request)) checkFree(vault, total, 'status');
        for (const { line, amount } of perLine)
          await moveLine(records, lines.get(line)!, amount, 0);
        changes.amount = centsText(total);
      }
      if (to === 'BILL_APPROVED') {
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
              statement: `Financial request: ${String({ ...previous, ...changes }.title)}`,
            },
          ],
          request,
          'status',
        );
        changes.payment_entry = entry;
        for (const { line, amount } of perLine)
          await moveLine(records, lines.get(line)!, -amount, amount);
      }
      // Declined or taken back after approval: the hold is released.
      if ((to === 'DECLINED' || to === 'PENDING') && from === 'APPROVED')
        for (const { line, amount } of perLine)
          await moveLine(records, lines.get(line)!, -amount, 0);
    },
    afterUpdate: async ({ tx, record, previous, request, publish }) => {
      if (record.status !== previous.status)
        await announceStatus(tx, FIN, record, 'request', request, publish);
    },
    beforeDelete: async ({ tx, record, request }) => {
      await requireCreatorOrSeat(tx, FIN, record, request, true);
    },
  });

  // ---- Request items: priced by the server; frozen with their request (the workflow's). ----
  const parentOf = async (tx: Queryable, id: unknown) => {
    const { rows } = await tx.query<Row>(`SELECT * FROM "financial_requests" WHERE "id" = $1`, [
      id,
    ]);
    if (!rows[0]) throw fieldError('financial_request', 'project_finance.request_missing');
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
    await requireCreatorOrSeat(tx, FIN, parent, request, true);
    const { rows } = await tx.query<{ project: string }>(
      `SELECT "project" FROM "project_budget_lines" WHERE "id" = $1`,
      [item.budget_line],
    );
    if (rows[0]?.project !== parent.project)
      throw fieldError('budget_line', 'project_finance.other_project');
  };
  hooks.on('financial_request_items', {
    beforeCreate: async ({ tx, row, request }) => {
      await checkItem(tx, row, await parentOf(tx, row.financial_request), request);
      price(row, row);
    },
    afterCreate: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      if (changedFields(changes, previous, []).includes('financial_request'))
        throw fieldError('financial_request', 'project_finance.item_fixed');
      const merged = { ...previous, ...changes };
      await checkItem(tx, merged, await parentOf(tx, previous.financial_request), request);
      price(merged, changes);
    },
    afterUpdate: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
    beforeDelete: async ({ tx, record, request }) => {
      // Deleted with its request (a cascade): the request's own rule has decided.
      const { rows } = await tx.query<Row>(`SELECT * FROM "financial_requests" WHERE "id" = $1`, [
        record.financial_request,
      ]);
      if (rows[0]) await checkItem(tx, record, rows[0], request);
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
        if (!rows[0]) throw fieldError(owner, 'project_finance.owner_missing');
        if (!replaying(request) && !(await seatOf(tx, c, rows[0].project, request)))
          throw refuse(403, 'project_finance.committee_only_comment', {
            words: { committee: COMMITTEE[c] },
          });
      },
      beforeUpdate: async ({ changes, previous }) => {
        if (changes[owner] !== undefined && changes[owner] !== previous[owner])
          throw fieldError(owner, 'project_finance.comment_fixed');
      },
    });
  commentHooks('financial_request_comments', 'request', 'financial_requests', FIN);

  // ---- Purchases: the same workflow, with one price instead of items. ----
  const PUR: Committee = 'project_purchases_committees';
  commentHooks('purchase_comments', 'purchase', 'purchases', PUR);
  hooks.requires('purchases', 'bills', async ({ record }) => {
    if (!hasFiles(record.bills)) throw fieldError('bills', 'workflow.bills_required');
  });
  hooks.on('purchases', {
    computed: { creator: { on: ['create'], value: ({ request }) => employeeOf(request) } },
    beforeCreate: async ({ tx, row, request }) => {
      await requireCreateSeat(tx, PUR, String(row.project), request);
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
      if (changedFields(changes, previous, ['status', 'status_reason']).length)
        await requireCreatorOrSeat(tx, PUR, previous, request, false);
      const to = moveOf(changes, previous);
      if (!to) return;
      // The price is fixed from approval on (the workflow's rule): it is what is held and paid.
      const amount = toCents(previous.price);
      const vault = await lockProjectVault(tx, String(previous.project));
      if (to === 'APPROVED' && !replaying(request)) checkFree(vault, amount, 'status');
      if (to === 'BILL_APPROVED') {
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
      await requireCreatorOrSeat(tx, PUR, record, request, true);
    },
  });

  // ---- Activity money: an activity's donation or expense lives in its project's vault. ----
  const activityProject = async (tx: Queryable, activity: unknown) => {
    const { rows } = await tx.query<{ project: string }>(
      `SELECT "project" FROM "projects_activities" WHERE "id" = $1`,
      [activity],
    );
    if (!rows[0]) throw fieldError('activity', 'project_finance.activity_missing');
    return rows[0].project;
  };
  const placeInActivity = async (tx: Queryable, merged: Row, target: Row, needsVault: boolean) => {
    if (!merged.activity) return;
    const project = await activityProject(tx, merged.activity);
    target.project = project;
    const vault = await projectVaultId(tx, project);
    if (!merged.vault || !needsVault) target.vault = vault;
    else if (merged.vault !== vault) throw fieldError('vault', 'project_finance.other_vault');
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
