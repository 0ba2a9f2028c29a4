import type { HookRegistry } from '../../core/hooks';
import { formatDate } from '../../core/values';
import { postEntries, toCents } from '../finance-ledger';
import { fieldError, moveOf, payOut, source } from './rules';

/** The ledger side of an expense's workflow. */
export function registerExpenseRules(hooks: HookRegistry): void {
  // ---- Expenses: the ledger side of their workflow (declared in packages/schema). ----
  // Paying posts the approved amount (fixed since approval) out of its vault; reversing posts
  // the payment back, mirroring the payment entry itself.
  hooks.on('expenses', {
    name: 'finance/expenses',
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      const to = moveOf(changes, previous);
      const merged = { ...previous, ...changes };
      if (to === 'paid') {
        const entry = await payOut(
          tx,
          'expenses',
          merged,
          'expense',
          `Expense: ${String(merged.beneficiary)}${merged.statement ? ` \u2014 ${String(merged.statement)}` : ''}`,
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
}
