import type { HookRegistry } from '../../core/hooks';
import type { Row } from '../../core/record-export';
import { assetParametersLocked } from '../finance-assets';
import { toCents } from '../finance-ledger';
import { fieldError, changedFields } from './rules';

/** An asset's disposal and depreciation parameters. */
export function registerAssetRules(hooks: HookRegistry): void {
  // ---- Assets: disposal needs its date and reason; a schedule's passed years are fixed. ----
  const checkAsset = (merged: Row) => {
    if (merged.status === 'Eliminated') {
      if (!merged.elimination_date)
        throw fieldError('elimination_date', 'finance.elimination_date');
      if (!String(merged.elimination_reason ?? '').trim())
        throw fieldError('elimination_reason', 'finance.elimination_reason');
    }
    if (merged.depreciation_method === 'straight_line' && !(Number(merged.useful_life_years) > 0))
      throw fieldError('useful_life_years', 'finance.useful_life');
    if (merged.depreciation_method === 'declining_balance' && !(Number(merged.declining_rate) > 0))
      throw fieldError('declining_rate', 'finance.declining_rate');
    if (toCents(merged.salvage_value) + toCents(merged.opening_accumulated) > toCents(merged.price))
      throw fieldError('salvage_value', 'finance.over_price');
  };
  hooks.on('assets', {
    name: 'finance/assets',
    beforeCreate: async ({ row }) => {
      row.depreciation_method = row.depreciation_method || 'none';
      checkAsset(row);
    },
    beforeUpdate: async ({ changes, previous }) => {
      const merged = { ...previous, ...changes };
      checkAsset(merged);
      const locked = assetParametersLocked(previous, new Date());
      if (locked) {
        const moved = changedFields(changes, previous, []).find((f) => locked.includes(f));
        if (moved) throw fieldError(moved, 'finance.schedule_fixed');
      }
    },
  });
}
