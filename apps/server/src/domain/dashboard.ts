import type { CountByStatus, DashboardData, Permission } from '@app/schema';
import type { Queryable } from '../db/database';
import { centsNumber, toCents } from './finance-ledger';

/**
 * The home screen's figures, one section per area the account may read, each computed in SQL
 * (counts and sums in the database, never rows summed in JS).
 *
 * Adding an area: write a `Section` (the permission that shows it, and its query) and list it
 * in SECTIONS.
 */

type Section = {
  key: keyof Omit<DashboardData, 'month'>;
  /** Any one of these shows the section. */
  anyOf: readonly Permission[];
  /** And every one of these (salary figures need employees.read_salary besides the area's read). */
  allOf?: readonly Permission[];
  load: (db: Queryable, month: MonthRange, held: ReadonlySet<string>) => Promise<unknown>;
};

/** The current month as stored dates compare (text, UTC). */
type MonthRange = { start: string; next: string; today: string };

export function monthOf(now: Date): MonthRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    start: day(new Date(Date.UTC(y, m, 1))),
    next: day(new Date(Date.UTC(y, m + 1, 1))),
    today: day(now),
  };
}

const money = (v: unknown) => centsNumber(toCents(v ?? 0));

async function byStatus(db: Queryable, table: string, column: string): Promise<CountByStatus[]> {
  // Table and column names come from this file only, never from the request.
  const { rows } = await db.query<{ status: string; count: number }>(
    `SELECT "${column}" AS status, count(*)::int AS count FROM "${table}" GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  return rows.map((r) => ({ status: String(r.status ?? ''), count: Number(r.count) }));
}

const total = (list: CountByStatus[]) => list.reduce((sum, s) => sum + s.count, 0);

const SECTIONS: readonly Section[] = [
  {
    key: 'employees',
    anyOf: ['employees.read'],
    load: async (db) => {
      const by_status = await byStatus(db, 'employees', 'employment_status');
      return { total: total(by_status), by_status };
    },
  },
  {
    key: 'members',
    anyOf: ['members.read'],
    load: async (db, month) => {
      const by_status = await byStatus(db, 'members', 'membership_status');
      const { rows } = await db.query<{ sum: string; count: number }>(
        `SELECT COALESCE(sum("amount"), 0)::text AS sum, count(*)::int AS count
           FROM "member_dues" WHERE "paid_on" >= $1 AND "paid_on" < $2`,
        [month.start, month.next],
      );
      return {
        total: total(by_status),
        by_status,
        dues_this_month: money(rows[0].sum),
        dues_payments: Number(rows[0].count),
      };
    },
  },
  {
    key: 'volunteers',
    anyOf: ['volunteers.read'],
    load: async (db, month) => {
      const by_status = await byStatus(db, 'volunteers', 'status');
      const { rows } = await db.query<{ hours: string }>(
        `SELECT COALESCE(sum("hours"), 0)::text AS hours
           FROM "volunteer_hours" WHERE "date" >= $1 AND "date" < $2`,
        [month.start, month.next],
      );
      return { total: total(by_status), by_status, hours_this_month: Number(rows[0].hours) };
    },
  },
  {
    key: 'projects',
    anyOf: ['projects.read'],
    load: async (db, _month, held) => {
      const by_status = await byStatus(db, 'projects', 'status');
      const active = by_status.find((s) => s.status === 'Active')?.count ?? 0;
      if (!held.has('project_finance.read')) return { active, by_status };
      const { rows } = await db.query<{ total: string; used: string }>(
        `SELECT COALESCE(sum(l."budget"), 0)::text AS total, COALESCE(sum(l."used_amount"), 0)::text AS used
           FROM "project_budget_lines" l JOIN "projects" p ON p."id" = l."project"
          WHERE p."status" = 'Active'`,
      );
      return {
        active,
        by_status,
        budget: { total: money(rows[0].total), used: money(rows[0].used) },
      };
    },
  },
  {
    key: 'vaults',
    anyOf: ['vaults.read'],
    load: async (db, month) => {
      const balances = await db.query<{
        id: string;
        title: string;
        currency: string;
        balance: string;
      }>(
        `SELECT "id", "title", "currency", "balance"::text AS balance FROM "vaults"
          WHERE "active" ORDER BY "balance"::numeric DESC, lower("title") LIMIT 8`,
      );
      const totals = await db.query<{ balance: string }>(
        `SELECT COALESCE(sum("balance"), 0)::text AS balance FROM "vaults"`,
      );
      // Moves between the organisation's own vaults are neither income nor spending.
      const flow = await db.query<{ income: string; spending: string }>(
        `SELECT COALESCE(sum("amount") FILTER (WHERE "amount" > 0), 0)::text AS income,
                COALESCE(-sum("amount") FILTER (WHERE "amount" < 0), 0)::text AS spending
           FROM "ledger_entries"
          WHERE "date" >= $1 AND "date" < $2 AND "kind" <> 'transfer'`,
        [month.start, month.next],
      );
      return {
        balances: balances.rows.map((r) => ({
          id: String(r.id),
          title: String(r.title),
          currency: String(r.currency || 'USD'),
          balance: money(r.balance),
        })),
        total_balance: money(totals.rows[0].balance),
        income_this_month: money(flow.rows[0].income),
        spending_this_month: money(flow.rows[0].spending),
      };
    },
  },
  {
    key: 'grants',
    anyOf: ['grants.read'],
    load: async (db, month) => {
      const { rows } = await db.query<Record<string, string>>(
        `SELECT d."id", d."grant", g."title" AS grant_title, d."kind", d."due_on"
           FROM "grant_deadlines" d JOIN "grants" g ON g."id" = d."grant"
          WHERE NOT d."done" AND d."due_on" >= $1
          ORDER BY d."due_on", d."id" LIMIT 5`,
        [month.today],
      );
      return {
        next_deadlines: rows.map((r) => ({
          id: String(r.id),
          grant: String(r.grant),
          grant_title: String(r.grant_title),
          kind: String(r.kind),
          due_on: String(r.due_on),
        })),
      };
    },
  },
  {
    key: 'payroll',
    anyOf: ['payroll.read'],
    allOf: ['employees.read_salary'],
    load: async (db) => {
      // The six latest paid months, shown oldest first like a chart reads.
      const { rows } = await db.query<Record<string, string>>(
        `SELECT * FROM (
           SELECT "id", "year", "month", "total_net"::text AS total_net FROM "payroll_runs"
            WHERE "status" = 'paid' ORDER BY "year" DESC, "month" DESC LIMIT 6
         ) latest ORDER BY "year", "month"`,
      );
      return {
        by_month: rows.map((r) => ({
          run: String(r.id),
          year: Number(r.year),
          month: Number(r.month),
          total_net: money(r.total_net),
        })),
      };
    },
  },
  {
    key: 'website',
    anyOf: ['articles.read', 'resources.read'],
    load: async (db, month, held) => {
      const count = async (table: string, permission: string) => {
        if (!held.has(permission)) return { published: 0, drafts: 0 };
        const { rows } = await db.query<{ published: number; drafts: number }>(
          `SELECT count(*) FILTER (WHERE "status" = 'published' AND "published_at" >= $1 AND "published_at" < $2)::int AS published,
                  count(*) FILTER (WHERE "status" <> 'published')::int AS drafts
             FROM "${table}"`,
          [month.start, month.next],
        );
        return rows[0];
      };
      const articles = await count('blog_articles', 'articles.read');
      const resources = await count('website_resources', 'resources.read');
      return {
        articles_this_month: Number(articles.published),
        resources_this_month: Number(resources.published),
        drafts: Number(articles.drafts) + Number(resources.drafts),
      };
    },
  },
];

/** The dashboard of an account holding `permissions`, for the month of `now`. */
export async function dashboardFor(
  db: Queryable,
  permissions: ReadonlySet<string>,
  now = new Date(),
): Promise<DashboardData> {
  const month = monthOf(now);
  const result: DashboardData = { month: month.start };
  const shown = SECTIONS.filter(
    (s) =>
      s.anyOf.some((p) => permissions.has(p)) && (s.allOf ?? []).every((p) => permissions.has(p)),
  );
  const loaded = await Promise.all(shown.map((s) => s.load(db, month, permissions)));
  shown.forEach((s, i) => {
    (result as Record<string, unknown>)[s.key] = loaded[i];
  });
  return result;
}
