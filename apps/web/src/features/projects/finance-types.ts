import type {
  bankChecks,
  CollectionDef,
  financialRequestComments,
  financialRequestItems,
  financialRequests,
  projectBudgetLines,
  purchaseComments,
  purchases,
  RecordOf,
} from '@app/schema';
import type { RecordModel } from 'pocketbase';
import { REQUEST_WORKFLOW } from '@app/schema';

type Rec<C extends CollectionDef> = RecordModel & RecordOf<C>;
type Person = RecordModel & { name: string; email?: string };

export const BUDGET_LINES = 'project_budget_lines';
export const REQUESTS = 'financial_requests';
export const REQUEST_ITEMS = 'financial_request_items';
export const REQUEST_COMMENTS = 'financial_request_comments';
export const PURCHASES = 'purchases';
export const PURCHASE_COMMENTS = 'purchase_comments';
export const BANK_CHECKS = 'bank_checks';

/**
 * What a request's or a purchase's move changes: its budget lines' held and used figures, the
 * vault, the ledger and the overview (cached under the ledger) refresh with it, as declared.
 */
export const PROJECT_MONEY_MOVES = REQUEST_WORKFLOW.refresh;

export type BudgetLineRecord = Rec<typeof projectBudgetLines>;
export type RequestRecord = Rec<typeof financialRequests> & { expand?: { creator?: Person } };
export type RequestItemRecord = Rec<typeof financialRequestItems> & {
  expand?: { budget_line?: BudgetLineRecord };
};
export type PurchaseRecord = Rec<typeof purchases> & { expand?: { creator?: Person } };
export type CommentRecord = (
  Rec<typeof financialRequestComments> | (Rec<typeof purchaseComments> & { request?: never })
) & { expand?: { employee?: Person } };
export type BankCheckRecord = Rec<typeof bankChecks>;

/** A budget line's remaining money, in cents, and whether it runs low (under 10 % left). */
export function lineRemaining(line: {
  budget: number | null | undefined;
  used_amount: number | null | undefined;
  held_amount: number | null | undefined;
}): { remaining: number; low: boolean } {
  const cents = (v: number | null | undefined) => Math.round((v ?? 0) * 100);
  const budget = cents(line.budget);
  const remaining = budget - cents(line.used_amount) - cents(line.held_amount);
  // 10 % of the budget, compared in cents so 9.99 % of 100.00 is low and 10 % is not.
  const low = budget > 0 ? remaining * 10 < budget : false;
  return { remaining: remaining / 100, low };
}
