import type { RefusalId, RefusalWord } from '@app/schema';
import type { Queryable } from '../db/database';
import { writeAudit } from '../core/audit';
import type { Collection } from '../core/collection-model';
import type { HookRegistry } from '../core/hooks';
import { auditSnapshot, type Row } from '../core/record-export';
import { refuse } from '../core/refusals';
import { actingAsSystem, replayingImport, type RequestInfo } from '../core/request-info';
import { changedFields } from '../core/workflow';
import { formatDate } from '../core/values';
import { assetParametersLocked } from './finance-assets';
import {
  centsText,
  lockVaults,
  postEntries,
  syncSourceEntries,
  toCents,
  type EntryKind,
} from './finance-ledger';

/**
 * Organisation finance rules on the hook point. Every hook runs in the transaction of the record
 * that moves the money, so the record, its ledger entries and the vault balances commit together
 * or not at all.
 */

/** A refusal of a field by one of this area's rules, in the asker's language. */
export const fieldError = (
  field: string,
  id: RefusalId,
  words: Readonly<Record<string, RefusalWord>> = {},
  params?: Record<string, unknown>,
) => refuse(400, id, { field, words, params });

export { changedFields };

/** Audits a change the server made to another record than the one being saved. */
export async function auditSideChange(
  tx: Queryable,
  collection: Collection,
  before: Row | null,
  after: Row | null,
  request: RequestInfo,
): Promise<void> {
  const record = (after ?? before)!;
  await writeAudit(tx, {
    action: !before ? 'CREATE' : after ? 'UPDATE' : 'DELETE',
    collection,
    recordId: String(record.id),
    before: before ? auditSnapshot(collection, before) : null,
    after: after ? auditSnapshot(collection, after) : null,
    request,
    ip: '',
  });
}

/** The vault of a project (kind `project`), or ''. */
async function projectVault(tx: Queryable, project: string): Promise<string> {
  if (!project) return '';
  const { rows } = await tx.query<{ id: string }>(
    `SELECT "id" FROM "vaults" WHERE "project" = $1 AND "kind" = 'project' ORDER BY "_rowid" LIMIT 1`,
    [project],
  );
  return rows[0]?.id ?? '';
}

const source = (collection: string, record: Row) => ({ collection, id: String(record.id) });

/** The state an update moves a record to (its workflow has already allowed it), or ''. */
export function moveOf(changes: Row, previous: Row, field = 'status'): string {
  if (!(field in changes)) return '';
  const to = String(changes[field] || '');
  return to && to !== String(previous[field] || '') ? to : '';
}

export function registerFinanceHooks(hooks: HookRegistry): void {

  // ---- Vaults: a project vault belongs to its project; currency and kind are fixed. ----
  hooks.on('vaults', {
    beforeCreate: async ({ tx, row }) => {
      row.currency = row.currency || 'USD';
      if (row.kind === 'project') {
        if (!row.project) throw fieldError('project', 'finance.vault_needs_project');
        if (await projectVault(tx, String(row.project)))
          throw fieldError('project', 'finance.project_has_vault');
      } else if (row.project) {
        throw fieldError('project', 'finance.vault_not_project');
      }
    },
    beforeUpdate: async ({ changes, previous }) => {
      for (const name of changedFields(changes, previous, [])) {
        if (name === 'kind' || name === 'project' || name === 'currency')
          throw fieldError(name, 'finance.vault_fixed');
      }
    },
    // A project's vault goes only with its project (deleted by the server from there).
    beforeDelete: async ({ record, request }) => {
      if (record.kind === 'project' && !actingAsSystem(request))
        throw fieldError('kind', 'finance.project_vault_delete');
    },
  });

  // ---- Projects: every project gets its vault, created with it. ----
  hooks.on('projects', {
    afterCreate: async ({ records, record }) => {
      await records.create('vaults', {
        title: String(record.title).slice(0, 200),
        kind: 'project',
        project: record.id,
        currency: 'USD',
        active: true,
      });
    },
    beforeDelete: async ({ tx, records, record }) => {
      // The vault goes with its project, unless money has moved through it.
      const { rows } = await tx.query<{ id: string; entries: number }>(
        `SELECT v."id", (SELECT count(*)::int FROM "ledger_entries" e WHERE e."vault" = v."id") AS entries
           FROM "vaults" v WHERE v."project" = $1 AND v."kind" = 'project' FOR UPDATE`,
        [record.id],
      );
      for (const vault of rows) {
        if (vault.entries > 0) throw refuse(400, 'finance.project_vault_used');
        await records.delete('vaults', vault.id);
      }
    },
  });

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
    beforeCreate: ({ tx, row }) => prepareDonation(tx, row, row),
    afterCreate: ({ tx, record, request }) => syncDonation(tx, record, request),
    beforeUpdate: ({ tx, changes, previous }) =>
      prepareDonation(tx, { ...previous, ...changes }, changes),
    afterUpdate: ({ tx, record, request }) => syncDonation(tx, record, request),
    // Deleting a donation takes its money back out (refused if it has been spent).
    beforeDelete: ({ tx, record, request }) => syncDonation(tx, record, request, []),
  });

  // ---- Transfers: out of one vault, into another, in one transaction. ----
  hooks.on('vault_transfers', {
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

  // ---- Cash counts: the difference from the balance is booked as an adjustment. ----
  hooks.on('cash_counts', {
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

  // ---- Expenses: the ledger side of their workflow (declared in packages/schema). ----
  // Paying posts the approved amount (fixed since approval) out of its vault; reversing posts
  // the payment back, mirroring the payment entry itself.
  hooks.on('expenses', {
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      const to = moveOf(changes, previous);
      const merged = { ...previous, ...changes };
      if (to === 'paid') {
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: String(merged.vault),
              amount: -toCents(merged.amount),
              kind: 'expense',
              date: String(merged.date),
              source: source('expenses', merged),
              statement: `Expense: ${String(merged.beneficiary)}${merged.statement ? ` \u2014 ${String(merged.statement)}` : ''}`,
            },
          ],
          request,
        );
        changes.payment_entry = entry;
      }
      if (to === 'reversed') {
        const { rows } = await tx.query<{ vault: string; amount: string }>(
          `SELECT "vault", "amount"::text AS amount FROM "ledger_entries" WHERE "id" = $1`,
          [previous.payment_entry],
        );
        if (!rows[0]) throw fieldError('status', 'finance.payment_missing');
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: rows[0].vault,
              amount: -toCents(rows[0].amount),
              kind: 'expense_reversal',
              date: formatDate(new Date()).slice(0, 10) + ' 00:00:00.000Z',
              source: source('expenses', merged),
              statement: `Reversal of the payment to ${String(merged.beneficiary)}`,
              reverses: String(previous.payment_entry),
            },
          ],
          request,
          'status',
        );
        changes.reversal_entry = entry;
      }
    },
  });

  // ---- Advances: the ledger side of their workflow; repayments move them to (partly_)repaid. ----
  const checkDeduction = (merged: Row) => {
    if (toCents(merged.monthly_deduction) > toCents(merged.amount))
      throw fieldError('monthly_deduction', 'finance.deduction_over_amount');
  };
  hooks.on('employee_advances', {
    beforeCreate: async ({ row }) => {
      checkDeduction(row);
      row.repaid = '0.00';
      row.remaining = centsText(toCents(row.amount));
    },
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      const merged = { ...previous, ...changes };
      checkDeduction(merged);
      // The amount changes only while requested (the workflow's rule): nothing is repaid yet.
      if (changedFields(changes, previous, []).includes('amount'))
        changes.remaining = centsText(toCents(merged.amount));
      // The old system's vaults never carried advances: an imported one was paid outside them.
      // Only the payment posts: `paid` is also where a reversed payroll run takes a repaid one back.
      if (
        moveOf(changes, previous) === 'paid' &&
        previous.status === 'approved' &&
        !replayingImport(request)
      ) {
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: String(merged.vault),
              amount: -toCents(merged.amount),
              kind: 'advance',
              date: String(merged.date),
              source: source('employee_advances', merged),
              statement: `Advance${merged.purpose ? `: ${String(merged.purpose)}` : ''}`,
            },
          ],
          request,
        );
        changes.payment_entry = entry;
      }
    },
  });

  // ---- Repayments: never more than remains; cash repayments go back into the vault. ----
  hooks.on('advance_repayments', {
    beforeCreate: async ({ tx, row, request, records }) => {
      row.source = row.source || 'manual';
      // A payroll repayment is written by paying a run (withheld from a payslip), through the
      // engine; written by hand it would clear an advance with no money moving.
      if (row.source === 'payroll' && !replayingImport(request) && !actingAsSystem(request))
        throw fieldError('source', 'finance.payroll_only');
      // Lock the advance: two repayments at once then see each other's.
      const { rows } = await tx.query<Row>(
        `SELECT * FROM "employee_advances" WHERE "id" = $1 FOR UPDATE`,
        [row.advance],
      );
      const advance = rows[0];
      if (!advance) throw fieldError('advance', 'finance.advance_missing');
      if (!['paid', 'partly_repaid'].includes(String(advance.status)))
        throw fieldError('advance', 'finance.advance_not_paid');
      const amount = toCents(row.amount);
      const remaining = toCents(advance.remaining);
      if (amount > remaining)
        throw fieldError(
          'amount',
          'finance.over_remaining',
          { remaining: centsText(remaining) },
          { remaining: Number(centsText(remaining)) },
        );
      // From the row as locked above: the lock is held until the commit.
      await records.update('employee_advances', String(advance.id), {
        repaid: centsText(toCents(advance.repaid) + amount),
        remaining: centsText(remaining - amount),
        status: remaining - amount === 0 ? 'repaid' : 'partly_repaid',
      });
    },
    afterCreate: async ({ tx, record, request }) => {
      // A payroll deduction moves no cash: the salary paid is smaller instead. An imported
      // repayment went to no vault in the old system.
      if (record.source !== 'manual' || replayingImport(request)) return;
      const { rows } = await tx.query<{ vault: string }>(
        `SELECT "vault" FROM "employee_advances" WHERE "id" = $1`,
        [record.advance],
      );
      await postEntries(
        tx,
        [
          {
            vault: rows[0].vault,
            amount: toCents(record.amount),
            kind: 'advance_repayment',
            date: String(record.date),
            source: source('advance_repayments', record),
            statement: `Advance repayment${record.statement ? `: ${String(record.statement)}` : ''}`,
          },
        ],
        request,
      );
    },
  });

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
