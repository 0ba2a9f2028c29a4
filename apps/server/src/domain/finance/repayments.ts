import type { HookRegistry } from '../../core/hooks';
import type { Row } from '../../core/record-export';
import { actingAsSystem, replayingImport } from '../../core/request-info';
import { centsText, postEntries, toCents } from '../finance-ledger';
import { fieldError, source } from './rules';

/** An advance's repayments. */
export function registerRepaymentRules(hooks: HookRegistry): void {
  // ---- Repayments: never more than remains; cash repayments go back into the vault. ----
  hooks.on('advance_repayments', {
    name: 'finance/repayments',
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
}
