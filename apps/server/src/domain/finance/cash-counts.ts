import type { HookRegistry } from '../../core/hooks';
import { centsText, lockVaults, postEntries, toCents } from '../finance-ledger';
import { fieldError, source } from './rules';

/** A cash count and its adjustment. */
export function registerCashCountRules(hooks: HookRegistry): void {
  // ---- Cash counts: the difference from the balance is booked as an adjustment. ----
  hooks.on('cash_counts', {
    name: 'finance/cash-counts',
    beforeCreate: async ({ tx, row }) => {
      const vault = (await lockVaults(tx, [String(row.vault)])).get(String(row.vault))!;
      const expected = toCents(vault.balance);
      const difference = toCents(row.counted) - expected;
      row.expected = centsText(expected);
      row.difference = centsText(difference);
      if (difference !== 0 && !String(row.reason ?? '').trim())
        throw fieldError('reason', 'finance.count_reason');
    },
    afterCreate: async ({ tx, record, request }) => {
      const difference = toCents(record.difference);
      await postEntries(
        tx,
        [
          {
            vault: String(record.vault),
            amount: difference,
            kind: 'cash_adjustment',
            date: String(record.date),
            source: source('cash_counts', record),
            statement: `Cash count: ${String(record.reason)}`,
          },
        ],
        request,
      );
    },
  });
}
