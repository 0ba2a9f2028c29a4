import type { HookRegistry } from '../../core/hooks';
import type { Queryable } from '../../db/database';
import type { Row } from '../../core/record-export';
import type { RequestInfo } from '../../core/request-info';
import { syncSourceEntries, toCents, type EntryKind } from '../finance-ledger';
import { fieldError, projectVault, source } from './rules';

/** A donation's money in its vault's ledger. */
export function registerDonationRules(hooks: HookRegistry): void {
  // ---- Donations: the amount in, the transaction fees out, as two entries. ----
  const donationEntries = (d: Row) => [
    { vault: String(d.vault), kind: 'donation' as EntryKind, amount: toCents(d.amount) },
    {
      vault: String(d.vault),
      kind: 'donation_fee' as EntryKind,
      amount: -toCents(d.transaction_fees),
    },
  ];
  const prepareDonation = async (tx: Queryable, merged: Row, target: Row) => {
    if (!merged.vault) {
      const vault = await projectVault(tx, String(merged.project ?? ''));
      if (!vault) throw fieldError('vault', 'finance.vault_or_project');
      target.vault = vault;
    }
    if (toCents(merged.transaction_fees) > toCents(merged.amount))
      throw fieldError('transaction_fees', 'finance.fees_over_amount');
  };
  const syncDonation = (
    tx: Queryable,
    d: Row,
    request: RequestInfo,
    entries = donationEntries(d),
  ) =>
    syncSourceEntries(
      tx,
      source('donations', d),
      entries,
      { date: String(d.received_on), statement: `Donation from ${String(d.donor)}` },
      request,
    );
  hooks.on('donations', {
    name: 'finance/donations',
    beforeCreate: ({ tx, row }) => prepareDonation(tx, row, row),
    afterCreate: ({ tx, record, request }) => syncDonation(tx, record, request),
    beforeUpdate: ({ tx, changes, previous }) =>
      prepareDonation(tx, { ...previous, ...changes }, changes),
    afterUpdate: ({ tx, record, request }) => syncDonation(tx, record, request),
    // Deleting a donation takes its money back out (refused if it has been spent).
    beforeDelete: ({ tx, record, request }) => syncDonation(tx, record, request, []),
  });
}
