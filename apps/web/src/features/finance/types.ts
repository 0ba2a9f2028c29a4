import type { RecordModel } from 'pocketbase';

export const VAULTS = 'vaults';
export const LEDGER_ENTRIES = 'ledger_entries';
export const TRANSFERS = 'vault_transfers';
export const CASH_COUNTS = 'cash_counts';
export const DONATIONS = 'donations';
export const GRANTS = 'grants';
export const GRANT_DEADLINES = 'grant_deadlines';
export const GRANT_TRANCHES = 'grant_tranches';
export const EXPENSES = 'expenses';
export const ASSETS = 'assets';
export const ADVANCES = 'employee_advances';
export const REPAYMENTS = 'advance_repayments';

/** Everything that moves money changes balances: these caches refresh with it. */
export const MONEY_MOVES = [VAULTS, LEDGER_ENTRIES, DONATIONS, EXPENSES, ADVANCES, GRANTS];

type Named = { title?: string; name?: string };

export type VaultRecord = RecordModel & {
  title: string;
  kind: string;
  currency: string;
  float_limit: number;
  balance: number;
  active: boolean;
};
export type TransferRecord = RecordModel & {
  from_vault: string;
  to_vault: string;
  amount: number;
  date: string;
  statement: string;
  expand?: { from_vault?: Named; to_vault?: Named };
};
export type CashCountRecord = RecordModel & {
  vault: string;
  counted: number;
  expected: number;
  difference: number;
  date: string;
  reason: string;
  expand?: { vault?: Named };
};
export type DonationRecord = RecordModel & {
  donor: string;
  amount: number;
  transaction_fees: number;
  received_on: string;
  vault: string;
  grant: string;
  project: string;
  statement: string;
  expand?: { vault?: Named; grant?: Named; project?: Named };
};
export type GrantRecord = RecordModel & {
  donor: string;
  title: string;
  contract_number: string;
  requested_amount: number;
  awarded_amount: number;
  period_start: string;
  period_end: string;
  project: string;
  status: string;
  expand?: { project?: Named };
};
export type DeadlineRecord = RecordModel & {
  grant: string;
  kind: string;
  due_on: string;
  done: boolean;
  notes: string;
  expand?: { grant?: Named };
};
export type TrancheRecord = RecordModel & {
  grant: string;
  amount: number;
  expected_on: string;
  donation: string;
  notes: string;
  expand?: { grant?: Named; donation?: { donor?: string } };
};
export type ExpenseRecord = RecordModel & {
  beneficiary: string;
  amount: number;
  date: string;
  vault: string;
  project: string;
  grant: string;
  category: string;
  statement: string;
  status: string;
  payment_entry: string;
  reversal_entry: string;
  expand?: { vault?: Named; grant?: Named; project?: Named };
};
export type AssetRecord = RecordModel & {
  title: string;
  category: string;
  purchase_date: string;
  price: number;
  bill_number: string;
  custodian: string;
  location: string;
  status: string;
  elimination_date: string;
  elimination_reason: string;
  details: string;
  depreciation_method: string;
  useful_life_years: number;
  declining_rate: number;
  salvage_value: number;
  opening_accumulated: number;
  expand?: { custodian?: Named };
};
export type AdvanceRecord = RecordModel & {
  employee: string;
  amount: number;
  monthly_deduction: number;
  purpose: string;
  date: string;
  vault: string;
  status: string;
  repaid: number;
  remaining: number;
  expand?: { employee?: Named; vault?: Named };
};
export type RepaymentRecord = RecordModel & {
  advance: string;
  amount: number;
  date: string;
  source: string;
  statement: string;
  expand?: { advance?: { expand?: { employee?: Named }; purpose?: string } };
};

/** GET /api/finance/vaults/summary */
export type VaultSummary = {
  id: string;
  title: string;
  kind: string;
  currency: string;
  project_title: string;
  balance: number;
  on_hold: number;
  free: number;
  entries: number;
};

/** GET /api/finance/vaults/:id/statement */
export type Statement = {
  vault: { id: string; title: string; currency: string; balance: number };
  from: string;
  to: string;
  opening_balance: number;
  closing_balance: number;
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: {
    id: string;
    date: string;
    kind: string;
    amount: number;
    running_balance: number;
    statement: string;
    source_collection: string;
    reverses: string;
  }[];
};

/** GET /api/finance/grants/summary */
export type GrantSummary = {
  id: string;
  title: string;
  awarded: number;
  received: number;
  charged: number;
  remaining: number;
  next_deadline: { id: string; kind: string; due_on: string } | null;
};

/** GET /api/finance/assets/:id/schedule */
export type AssetSchedule = {
  method: string;
  lines: {
    year: number;
    start: string;
    end: string;
    opening: number;
    depreciation: number;
    accumulated: number;
    closing: number;
    passed: boolean;
  }[];
  book_value_today: number;
  accumulated_today: number;
  disposal: { date: string; book_value: number; reason: string } | null;
};
