import { heldStates, PURCHASE_WORKFLOW, REQUEST_WORKFLOW, type Words } from '@app/schema';
import type { Queryable } from '../../db/database';
import type { RecordWrites } from '../../core/hooks';
import type { Row } from '../../core/record-export';
import { refuse } from '../../core/refusals';
import { replayingImport, type RequestInfo } from '../../core/request-info';
import { fieldError } from '../finance';
import { centsText, lockVaults, toCents, type Cents } from '../finance-ledger';
import { notify } from '../notifications';

/** What the project finance rules of each collection share (see index.ts). */

export const employeeOf = (request: RequestInfo) =>
  request.auth?.collection.name === 'employees' ? String(request.auth.record.id) : '';

/**
 * The import of the old system replays requests and purchases as they happened there, where no
 * committee rule, budget limit or bill requirement was enforced: the who-may checks, the
 * overspending and bills checks and the notifications let it through; the bookkeeping (holds,
 * payments, used amounts) is the same as for any request.
 */
export const replaying = replayingImport;

export type Committee = 'project_financial_committees' | 'project_purchases_committees';
type Flags = { can_create: boolean; can_update_status: boolean };

/** A committee's name in messages, in both languages. */
export const COMMITTEE: Record<Committee, Words> = {
  project_financial_committees: { en: 'financial committee', ar: 'اللجنة المالية' },
  project_purchases_committees: { en: 'purchases committee', ar: 'لجنة المشتريات' },
};

/** The asker's seat on a project's committee, or null when they have none. */
export async function seatOf(
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
export async function requireCreateSeat(
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
export async function deciders(
  tx: Queryable,
  committee: Committee,
  project: string,
): Promise<string[]> {
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
export async function lockProjectVault(tx: Queryable, project: string) {
  const id = await projectVaultId(tx, project);
  const vault = (await lockVaults(tx, [id], 'project')).get(id)!;
  const balance = toCents(vault.balance);
  const held = await heldOnProject(tx, project);
  return { id, title: vault.title, currency: vault.currency || 'USD', balance, held };
}

/** A request's amount per budget line, computed in SQL from its items (cents). */
export async function amountsPerLine(tx: Queryable, requestId: string) {
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
export async function refreshRequestAmount(tx: Queryable, requestId: string): Promise<void> {
  await tx.query(
    `UPDATE "financial_requests" SET "amount" = COALESCE(
       (SELECT sum("base_amount") FROM "financial_request_items" WHERE "financial_request" = $1), 0)
      WHERE "id" = $1`,
    [requestId],
  );
}

export type LockedLine = { id: string; title: string; budget: Cents; used: Cents; held: Cents };

export async function lockLines(
  tx: Queryable,
  ids: readonly string[],
): Promise<Map<string, LockedLine>> {
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
export async function moveLine(
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
export function checkFree(
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

export const hasFiles = (value: unknown) => Array.isArray(value) && value.length > 0;

/** The web app's page of a request or a purchase: the project's Finance tab, opened on it. */
export const financeLink = (project: string, tab: string, id: string) =>
  `/projects/${project}?tab=finance&finance=${tab}&${tab === 'purchases' ? 'purchase' : 'request'}=${id}`;

/** Tells the creator that the status moved, and the deciders when something waits for them. */
export async function announceStatus(
  tx: Queryable,
  committee: Committee,
  record: Row,
  kind: 'request' | 'purchase',
  request: RequestInfo,
  records: RecordWrites,
): Promise<void> {
  if (replaying(request)) return;
  const tab = kind === 'request' ? 'requests' : 'purchases';
  const link = financeLink(String(record.project), tab, String(record.id));
  const label = kind === 'request' ? 'Financial request' : 'Purchase';
  await notify(
    tx,
    records,
    [String(record.creator ?? '')],
    {
      title: `${label} ${String(record.status).replace('_', ' ').toLowerCase()}: ${String(record.title)}`,
      link,
    },
    employeeOf(request),
  );
  if (record.status === 'APPROVED')
    await notify(
      tx,
      records,
      await deciders(tx, committee, String(record.project)),
      { title: `Bills to approve: ${String(record.title)}`, link },
      employeeOf(request),
    );
}

/**
 * A pending request or purchase is edited by its creator or by the committee (the workflow says
 * which fields, in which state); its deletion and its items likewise, by its creator or a seat
 * that may create.
 */
export async function requireCreatorOrSeat(
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

export const FIN: Committee = 'project_financial_committees';
export const PUR: Committee = 'project_purchases_committees';
