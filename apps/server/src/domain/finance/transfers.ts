import type { HookRegistry } from '../../core/hooks';
import { lockVaults, postEntries, toCents } from '../finance-ledger';
import { fieldError, source } from './rules';

/** A transfer between two vaults. */
export function registerTransferRules(hooks: HookRegistry): void {
  // ---- Transfers: out of one vault, into another, in one transaction. ----
  hooks.on('vault_transfers', {
    name: 'finance/transfers',
    beforeCreate: async ({ tx, row }) => {
      if (row.from_vault === row.to_vault) throw fieldError('to_vault', 'finance.same_vault');
      const vaults = await lockVaults(
        tx,
        [String(row.from_vault), String(row.to_vault)],
        'to_vault',
      );
      if (
        vaults.get(String(row.from_vault))!.currency !== vaults.get(String(row.to_vault))!.currency
      )
        throw fieldError('to_vault', 'finance.currency');
    },
    afterCreate: async ({ tx, record, request }) => {
      const amount = toCents(record.amount);
      const statement = String(record.statement || 'Transfer');
      await postEntries(
        tx,
        [
          {
            vault: String(record.from_vault),
            amount: -amount,
            kind: 'transfer',
            date: String(record.date),
            source: source('vault_transfers', record),
            statement,
          },
          {
            vault: String(record.to_vault),
            amount,
            kind: 'transfer',
            date: String(record.date),
            source: source('vault_transfers', record),
            statement,
          },
        ],
        request,
      );
    },
  });
}
