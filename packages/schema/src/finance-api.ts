/**
 * What the finance routes answer (`/api/finance/...`), shared by the server that builds the
 * answers and the web app that shows them. Amounts are JSON numbers with two decimals.
 */

export type VaultSummary = {
  id: string;
  title: string;
  kind: string;
  currency: string;
  active: boolean;
  project: string;
  project_title: string;
  balance: number;
  /** Approved expenses and advances not yet paid from this vault. */
  on_hold: number;
  /** What may still be committed: balance − on hold. */
  free: number;
  entries: number;
};

export type StatementLine = {
  id: string;
  date: string;
  kind: string;
  amount: number;
  /** The vault's balance after this entry, in date order. */
  running_balance: number;
  statement: string;
  source_collection: string;
  source_id: string;
  reverses: string;
  created_by: string;
  created: string;
};

export type Statement = {
  vault: { id: string; title: string; currency: string; balance: number };
  from: string;
  to: string;
  /** The balance before the first entry of the period. */
  opening_balance: number;
  /** The balance after the last entry of the period. */
  closing_balance: number;
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: StatementLine[];
};

export type GrantSummary = {
  id: string;
  title: string;
  donor: string;
  status: string;
  awarded: number;
  /** Donations received under the grant. */
  received: number;
  /** Paid expenses charged to the grant (reversed ones no longer count). */
  charged: number;
  /** Awarded − charged. */
  remaining: number;
  next_deadline: { id: string; kind: string; due_on: string } | null;
};

export type ScheduleLine = {
  year: number;
  start: string;
  end: string;
  opening: number;
  depreciation: number;
  accumulated: number;
  closing: number;
  /** The year has ended: the line is fixed. */
  passed: boolean;
};

export type AssetSchedule = {
  method: string;
  lines: ScheduleLine[];
  book_value_today: number;
  accumulated_today: number;
  disposal: { date: string; book_value: number; reason: string } | null;
};
