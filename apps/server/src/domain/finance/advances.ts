import type { HookRegistry } from '../../core/hooks';
import type { Row } from '../../core/record-export';
import { replayingImport } from '../../core/request-info';
import { centsText, toCents } from '../finance-ledger';
import { fieldError, changedFields, moveOf, payOut } from './rules';

/** The ledger side of an advance's workflow. */
export function registerAdvanceRules(hooks: HookRegistry): void {
  // ---- Advances: the ledger side of their workflow; repayments move them to (partly_)repaid. ----
  const checkDeduction = (merged: Row) => {
    if (toCents(merged.monthly_deduction) > toCents(merged.amount))
      throw fieldError('monthly_deduction', 'finance.deduction_over_amount');
  };
  hooks.on('employee_advances', {
    name: 'finance/advances',
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
        const entry = await payOut(
          tx,
          'employee_advances',
          merged,
          'advance',
          `Advance${merged.purpose ? `: ${String(merged.purpose)}` : ''}`,
          request,
        );
        changes.payment_entry = entry;
      }
    },
  });
}
