import type { HookRegistry } from '../../core/hooks';
import { registerAdvanceRules } from './advances';
import { registerAssetRules } from './assets';
import { registerCashCountRules } from './cash-counts';
import { registerDonationRules } from './donations';
import { registerExpenseRules } from './expenses';
import { registerRepaymentRules } from './repayments';
import { registerTransferRules } from './transfers';
import { registerVaultRules } from './vaults';

export { auditSideChange, changedFields, fieldError, moveOf } from './rules';

/**
 * Organisation finance rules on the hook point, one module per collection. Every hook runs in the
 * transaction of the record that moves the money, so the record, its ledger entries and the vault
 * balances commit together or not at all. Where another area also has rules for a collection
 * (donations, expenses, projects), their order is declared in domain/index.ts (HOOK_ORDER).
 */
export function registerFinanceHooks(hooks: HookRegistry): void {
  registerVaultRules(hooks);
  registerDonationRules(hooks);
  registerTransferRules(hooks);
  registerCashCountRules(hooks);
  registerExpenseRules(hooks);
  registerAdvanceRules(hooks);
  registerRepaymentRules(hooks);
  registerAssetRules(hooks);
}
