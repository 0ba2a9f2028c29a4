import type { Queryable } from '../db/database';
import { notFound } from '../core/errors';
import { refuse } from '../core/refusals';
import type { Row } from '../core/record-export';
import type { AssetSchedule, GrantSummary, Statement, VaultSummary } from '@app/schema';
import { depreciationSchedule } from './finance-assets';
import { centsNumber, toCents } from './finance-ledger';

/** Sums over the ledger for the finance screens, computed in SQL (numeric), returned as numbers. */

const money = (v: unknown) => centsNumber(toCents(v));

/** Every vault with its balance, what is on hold and what is free. */
export async function vaultSummaries(db: Queryable): Promise<VaultSummary[]> {
  const { rows } = await db.query<Row>(
    `SELECT v."id", v."title", v."kind", v."currency", v."active", v."project",
            COALESCE(p."title", '') AS project_title,
            v."balance"::text AS balance,
            (COALESCE((SELECT sum(x."amount") FROM "expenses" x WHERE x."vault" = v."id" AND x."status" = 'approved'), 0)
             + COALESCE((SELECT sum(a."amount") FROM "employee_advances" a WHERE a."vault" = v."id" AND a."status" = 'approved'), 0)
             -- A project vault also holds its project's approved requests and purchases.
             + COALESCE((SELECT sum(r."amount") FROM "financial_requests" r WHERE v."kind" = 'project' AND r."project" = v."project" AND r."status" = 'APPROVED'), 0)
             + COALESCE((SELECT sum(u."price") FROM "purchases" u WHERE v."kind" = 'project' AND u."project" = v."project" AND u."status" = 'APPROVED'), 0))::text AS on_hold,
            (SELECT count(*)::int FROM "ledger_entries" e WHERE e."vault" = v."id") AS entries
       FROM "vaults" v LEFT JOIN "projects" p ON p."id" = v."project"
      ORDER BY CASE v."kind" WHEN 'main' THEN 0 WHEN 'bank' THEN 1 WHEN 'cash' THEN 2 ELSE 3 END, lower(v."title"), v."id"`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    title: String(r.title),
    kind: String(r.kind),
    currency: String(r.currency || 'USD'),
    active: Boolean(r.active),
    project: String(r.project ?? ''),
    project_title: String(r.project_title ?? ''),
    balance: money(r.balance),
    on_hold: money(r.on_hold),
    free: centsNumber(toCents(r.balance) - toCents(r.on_hold)),
    entries: Number(r.entries),
  }));
}

export type StatementQuery = {
  from?: string;
  to?: string;
  page?: number;
  perPage?: number;
  sort?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a `YYYY-MM-DD`, as stored dates compare (text). */
function nextDay(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A vault's entries between two days (inclusive) with the running balance after each. Entries are
 * ordered by date, then in the order they were written; the running balance is a window sum over
 * the period plus the opening balance (the sum of everything before it), so it stays right
 * whatever the page or the sort direction.
 */
export async function vaultStatement(
  db: Queryable,
  vaultId: string,
  query: StatementQuery,
): Promise<Statement> {
  const from = query.from ?? '';
  const to = query.to ?? '';
  if ((from && !DAY.test(from)) || (to && !DAY.test(to))) throw refuse(400, 'finance.bad_dates');
  const perPage = Math.min(Math.max(Math.floor(query.perPage ?? 30) || 30, 1), 500);
  const page = Math.max(Math.floor(query.page ?? 1) || 1, 1);
  const desc = query.sort === 'desc' || query.sort === '-date';
  const { rows: vaults } = await db.query<Row>(
    `SELECT "id", "title", "currency", "balance"::text AS balance FROM "vaults" WHERE "id" = $1`,
    [vaultId],
  );
  const vault = vaults[0];
  if (!vault) throw notFound();
  const lower = from || '';
  const upper = to ? nextDay(to) : '';
  const { rows: totals } = await db.query<{ opening: string; period: string; n: number }>(
    `SELECT COALESCE(sum("amount") FILTER (WHERE $2 <> '' AND "date" < $2), 0)::text AS opening,
            COALESCE(sum("amount") FILTER (WHERE ($2 = '' OR "date" >= $2) AND ($3 = '' OR "date" < $3)), 0)::text AS period,
            (count(*) FILTER (WHERE ($2 = '' OR "date" >= $2) AND ($3 = '' OR "date" < $3)))::int AS n
       FROM "ledger_entries" WHERE "vault" = $1 AND ($3 = '' OR "date" < $3)`,
    [vaultId, lower, upper],
  );
  const opening = toCents(totals[0].opening);
  const totalItems = Number(totals[0].n);
  const direction = desc ? 'DESC' : 'ASC';
  const { rows } = await db.query<Row>(
    // The running sum needs every entry of the period, but only its date, order and amount: the
    // window runs over those narrow rows, and only the page's rows are read in full afterwards.
    `WITH page AS (
       SELECT s."_rowid", s."running" FROM (
         SELECT e."_rowid", e."date", ($4::numeric + sum(e."amount") OVER (ORDER BY e."date", e."_rowid"))::text AS running
           FROM "ledger_entries" e
          WHERE e."vault" = $1 AND ($2 = '' OR e."date" >= $2) AND ($3 = '' OR e."date" < $3)
       ) s ORDER BY s."date" ${direction}, s."_rowid" ${direction} LIMIT $5 OFFSET $6
     )
     SELECT e."id", e."date", e."kind", e."amount"::text AS amount, e."statement", e."source_collection",
            e."source_id", e."reverses", e."created_by", e."created", page."running"
       FROM page JOIN "ledger_entries" e ON e."_rowid" = page."_rowid"
      ORDER BY e."date" ${direction}, e."_rowid" ${direction}`,
    [vaultId, lower, upper, totals[0].opening, perPage, (page - 1) * perPage],
  );
  return {
    vault: {
      id: String(vault.id),
      title: String(vault.title),
      currency: String(vault.currency || 'USD'),
      balance: money(vault.balance),
    },
    from,
    to,
    opening_balance: centsNumber(opening),
    closing_balance: centsNumber(opening + toCents(totals[0].period)),
    page,
    perPage,
    totalItems,
    totalPages: Math.ceil(totalItems / perPage),
    items: rows.map((r) => ({
      id: String(r.id),
      date: String(r.date),
      kind: String(r.kind),
      amount: money(r.amount),
      running_balance: money(r.running),
      statement: String(r.statement ?? ''),
      source_collection: String(r.source_collection ?? ''),
      source_id: String(r.source_id ?? ''),
      reverses: String(r.reverses ?? ''),
      created_by: String(r.created_by ?? ''),
      created: String(r.created),
    })),
  };
}

/** Budget versus actual per grant, and each grant's next open deadline. */
export async function grantSummaries(
  db: Queryable,
  today: Date,
  grantId?: string,
): Promise<GrantSummary[]> {
  const day = today.toISOString().slice(0, 10);
  const { rows } = await db.query<Row>(
    `SELECT g."id", g."title", g."donor", g."status", g."awarded_amount"::text AS awarded,
            COALESCE((SELECT sum(d."amount") FROM "donations" d WHERE d."grant" = g."id"), 0)::text AS received,
            COALESCE((SELECT sum(x."amount") FROM "expenses" x WHERE x."grant" = g."id" AND x."status" = 'paid'), 0)::text AS charged,
            (SELECT json_build_object('id', n."id", 'kind', n."kind", 'due_on', n."due_on")
               FROM "grant_deadlines" n WHERE n."grant" = g."id" AND NOT n."done" AND n."due_on" >= $1
              ORDER BY n."due_on", n."_rowid" LIMIT 1) AS next_deadline
       FROM "grants" g WHERE ($2 = '' OR g."id" = $2)
      ORDER BY lower(g."title"), g."id"`,
    [day, grantId ?? ''],
  );
  return rows.map((r) => {
    const next = (
      typeof r.next_deadline === 'string' ? JSON.parse(r.next_deadline) : r.next_deadline
    ) as GrantSummary['next_deadline'] | null;
    return {
      id: String(r.id),
      title: String(r.title),
      donor: String(r.donor),
      status: String(r.status),
      awarded: money(r.awarded),
      received: money(r.received),
      charged: money(r.charged),
      remaining: centsNumber(toCents(r.awarded) - toCents(r.charged)),
      next_deadline: next ?? null,
    };
  });
}

/** An asset's depreciation schedule and book value today. */
export async function assetSchedule(
  db: Queryable,
  assetId: string,
  today: Date,
): Promise<AssetSchedule> {
  const { rows } = await db.query<Row>(`SELECT * FROM "assets" WHERE "id" = $1`, [assetId]);
  if (!rows[0]) throw notFound();
  return depreciationSchedule(rows[0], today);
}
