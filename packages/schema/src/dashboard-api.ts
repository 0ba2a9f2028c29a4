/**
 * What `GET /api/dashboard` answers: one section per area the account may read (a section the
 * account may not see is absent). Amounts are JSON numbers with two decimals; months are the
 * current calendar month in UTC.
 */

export type CountByStatus = { status: string; count: number };

export type DashboardData = {
  /** The first day of the month the "this month" figures cover (`YYYY-MM-01`). */
  month: string;
  employees?: { total: number; by_status: CountByStatus[] };
  members?: {
    total: number;
    by_status: CountByStatus[];
    dues_this_month: number;
    dues_payments: number;
  };
  volunteers?: { total: number; by_status: CountByStatus[]; hours_this_month: number };
  projects?: {
    active: number;
    by_status: CountByStatus[];
    /** Budget lines of the active projects: total budget and used (only with project_finance.read). */
    budget?: { total: number; used: number };
  };
  vaults?: {
    balances: Array<{ id: string; title: string; currency: string; balance: number }>;
    total_balance: number;
    income_this_month: number;
    spending_this_month: number;
  };
  grants?: {
    next_deadlines: Array<{
      id: string;
      grant: string;
      grant_title: string;
      kind: string;
      due_on: string;
    }>;
  };
  /** Net pay of the last paid payroll runs, oldest first (salary readers only). */
  payroll?: { by_month: Array<{ run: string; year: number; month: number; total_net: number }> };
  website?: { articles_this_month: number; resources_this_month: number; drafts: number };
};
