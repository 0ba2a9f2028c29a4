import type { HookRegistry } from '../../core/hooks';
import { registerActivityMoneyRules } from './activity-money';
import { registerBudgetLineRules } from './budget-lines';
import { registerCommentRules } from './comments';
import { registerPurchaseRules } from './purchases';
import { registerRequestItemRules } from './request-items';
import { registerRequestRules } from './requests';

export { heldOnProject, projectVaultId } from './rules';

/**
 * Project finance on the hook point: budget lines, financial requests (with items and comments),
 * purchases, and the activity side of donations and expenses.
 *
 * Requests and purchases follow the workflows declared in packages/schema (REQUEST_WORKFLOW,
 * PURCHASE_WORKFLOW): the engine checks each move, who may make it (a committee seat that may
 * update the status, never the creator approving their own), what may change in which state and
 * when they may be deleted. What stays here is the bookkeeping of each move and who may create
 * and edit a pending one.
 *
 * Money on hold. A request (or purchase) that is APPROVED holds its amount until its bills are
 * approved (paid), or it is declined or taken back to PENDING. The hold is not a ledger entry: the
 * vault's held total is computed in SQL from the project's requests and purchases in a held state,
 * right after the vault row is locked, so every approval of a project queues on that lock and sees
 * the holds committed before it. Free balance = vault balance - held. A budget line keeps
 * `held_amount` and `used_amount` columns, moved only here, on rows locked FOR UPDATE.
 *
 * Lock order, the same everywhere so no two changes wait on each other in a circle: the request
 * (or purchase) row (locked by the engine), then the project vault, then its budget lines by id.
 */
export function registerProjectFinanceHooks(hooks: HookRegistry): void {
  registerBudgetLineRules(hooks);
  registerRequestRules(hooks);
  registerRequestItemRules(hooks);
  registerCommentRules(hooks);
  registerPurchaseRules(hooks);
  registerActivityMoneyRules(hooks);
}
