import type {
  advanceRepayments,
  assets,
  cashCounts,
  CollectionDef,
  employeeAdvances,
  expenses,
  grantDeadlines,
  grants,
  grantTranches,
  RecordOf,
  vaults,
  vaultTransfers,
} from '@app/schema';
import type { RecordModel } from 'pocketbase';
import { MONEY_FIGURES } from '@app/schema';

export const VAULTS = 'vaults';
export const LEDGER_ENTRIES = 'ledger_entries';
export const TRANSFERS = 'vault_transfers';
export const CASH_COUNTS = 'cash_counts';
export const GRANTS = 'grants';
export const GRANT_DEADLINES = 'grant_deadlines';
export const GRANT_TRANCHES = 'grant_tranches';
export const EXPENSES = 'expenses';
export const ASSETS = 'assets';
export const ADVANCES = 'employee_advances';
export const REPAYMENTS = 'advance_repayments';

/** Everything that moves money changes balances: these caches refresh with it (as declared). */
export const MONEY_MOVES = MONEY_FIGURES;

type Named = { title?: string; name?: string };
/** A record as the SDK returns it, typed from its declaration in `@app/schema`. */
type Rec<C extends CollectionDef> = RecordModel & RecordOf<C>;

export type VaultRecord = Rec<typeof vaults>;
export type TransferRecord = Rec<typeof vaultTransfers> & {
  expand?: { from_vault?: Named; to_vault?: Named };
};
export type CashCountRecord = Rec<typeof cashCounts> & { expand?: { vault?: Named } };
export type GrantRecord = Rec<typeof grants> & { expand?: { project?: Named } };
export type DeadlineRecord = Rec<typeof grantDeadlines> & { expand?: { grant?: Named } };
export type TrancheRecord = Rec<typeof grantTranches> & {
  expand?: { grant?: Named; donation?: { donor?: string } };
};
export type ExpenseRecord = Rec<typeof expenses> & {
  expand?: { vault?: Named; grant?: Named; project?: Named };
};
export type AssetRecord = Rec<typeof assets> & { expand?: { custodian?: Named } };
export type AdvanceRecord = Rec<typeof employeeAdvances> & {
  expand?: { employee?: Named; vault?: Named };
};
export type RepaymentRecord = Rec<typeof advanceRepayments> & {
  expand?: { advance?: { expand?: { employee?: Named }; purpose?: string } };
};

/** What the finance routes answer: shared with the server. */
export type { AssetSchedule, GrantSummary, Statement, VaultSummary } from '@app/schema';
