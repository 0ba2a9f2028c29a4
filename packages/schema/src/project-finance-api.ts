/**
 * What the project finance routes answer (`/api/projects/:id/finance/...`), shared by the server
 * and the web app. Amounts are JSON numbers with two decimals, in the vault's currency.
 */
export type ProjectFinanceOverview = {
  vault: { id: string; title: string; currency: string };
  /** Donations received into the project vault. */
  donations: number;
  /** Their transaction fees. */
  fees: number;
  /** Paid out: bill-approved requests and purchases, paid expenses (less reversals). */
  used: number;
  /** Approved, not yet paid: requests, purchases and expenses on the vault. */
  on_hold: number;
  /** What the vault holds now (its balance). */
  remaining: number;
  /** Remaining − on hold: what may still be approved. */
  free: number;
  requests: { total: number; bill_approved: number; count: number };
  purchases: { total: number; bill_approved: number; count: number };
  budget: { total: number; used: number; held: number; remaining: number };
};
