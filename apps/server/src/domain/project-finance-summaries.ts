import { csvText, type ProjectFinanceOverview, type Statement } from '@app/schema';
import type { Queryable } from '../db/database';
import { notFound } from '../core/errors';
import type { Row } from '../core/record-export';
import { centsNumber, toCents } from './finance-ledger';
import { vaultStatement } from './finance-summaries';

/** A project's finance figures for its Overview tab, summed in SQL from the ledger and the records. */
export async function projectFinanceOverview(
  db: Queryable,
  project: string,
): Promise<ProjectFinanceOverview> {
  const { rows } = await db.query<Row>(
    `SELECT v."id", v."title", v."currency", v."balance"::text AS balance,
       COALESCE((SELECT sum("amount") FROM "ledger_entries" WHERE "vault" = v."id" AND "kind" = 'donation'), 0)::text AS donations,
       COALESCE((SELECT -sum("amount") FROM "ledger_entries" WHERE "vault" = v."id" AND "kind" = 'donation_fee'), 0)::text AS fees,
       COALESCE((SELECT -sum("amount") FROM "ledger_entries" WHERE "vault" = v."id" AND "kind" IN ('expense', 'expense_reversal')), 0)::text AS used,
       (COALESCE((SELECT sum("amount") FROM "financial_requests" WHERE "project" = $1 AND "status" = 'APPROVED'), 0)
        + COALESCE((SELECT sum("price") FROM "purchases" WHERE "project" = $1 AND "status" = 'APPROVED'), 0)
        + COALESCE((SELECT sum("amount") FROM "expenses" WHERE "vault" = v."id" AND "status" = 'approved'), 0))::text AS on_hold,
       COALESCE((SELECT sum("amount") FROM "financial_requests" WHERE "project" = $1 AND "status" <> 'DECLINED'), 0)::text AS requests_total,
       COALESCE((SELECT sum("amount") FROM "financial_requests" WHERE "project" = $1 AND "status" = 'BILL_APPROVED'), 0)::text AS requests_paid,
       (SELECT count(*)::int FROM "financial_requests" WHERE "project" = $1) AS requests_count,
       COALESCE((SELECT sum("price") FROM "purchases" WHERE "project" = $1 AND "status" <> 'DECLINED'), 0)::text AS purchases_total,
       COALESCE((SELECT sum("price") FROM "purchases" WHERE "project" = $1 AND "status" = 'BILL_APPROVED'), 0)::text AS purchases_paid,
       (SELECT count(*)::int FROM "purchases" WHERE "project" = $1) AS purchases_count,
       COALESCE((SELECT sum("budget") FROM "project_budget_lines" WHERE "project" = $1), 0)::text AS budget_total,
       COALESCE((SELECT sum("used_amount") FROM "project_budget_lines" WHERE "project" = $1), 0)::text AS budget_used,
       COALESCE((SELECT sum("held_amount") FROM "project_budget_lines" WHERE "project" = $1), 0)::text AS budget_held
     FROM "vaults" v WHERE v."project" = $1 AND v."kind" = 'project' ORDER BY v."_rowid" LIMIT 1`,
    [project],
  );
  const r = rows[0];
  if (!r) throw notFound();
  const c = (k: string) => toCents(r[k]);
  const n = (k: string) => centsNumber(c(k));
  return {
    vault: { id: String(r.id), title: String(r.title), currency: String(r.currency || 'USD') },
    donations: n('donations'),
    fees: n('fees'),
    used: n('used'),
    on_hold: n('on_hold'),
    remaining: n('balance'),
    free: centsNumber(c('balance') - c('on_hold')),
    requests: {
      total: n('requests_total'),
      bill_approved: n('requests_paid'),
      count: Number(r.requests_count),
    },
    purchases: {
      total: n('purchases_total'),
      bill_approved: n('purchases_paid'),
      count: Number(r.purchases_count),
    },
    budget: {
      total: n('budget_total'),
      used: n('budget_used'),
      held: n('budget_held'),
      remaining: centsNumber(c('budget_total') - c('budget_used') - c('budget_held')),
    },
  };
}

/** The project's financial report for a date range: its vault's entries (at most 5000). */
export async function projectFinanceReport(
  db: Queryable,
  project: string,
  range: { from?: string; to?: string },
): Promise<Statement> {
  const overview = await projectFinanceOverview(db, project);
  return vaultStatement(db, overview.vault.id, { ...range, perPage: 500, page: 1 });
}

/** The report as CSV: one line per entry, with the opening and closing balances. */
export function reportCsv(report: Statement): string {
  const lines = [
    ['date', 'kind', 'statement', 'amount', 'running_balance'],
    ['', 'opening_balance', '', '', report.opening_balance.toFixed(2)],
    ...report.items.map((i) => [
      i.date.slice(0, 10),
      i.kind,
      i.statement,
      i.amount.toFixed(2),
      i.running_balance.toFixed(2),
    ]),
    ['', 'closing_balance', '', '', report.closing_balance.toFixed(2)],
  ];
  return csvText(lines) + '\r\n';
}
