import type { TFunction } from '@/lib/i18n/translator';
import type { RecordColumn } from '@/components/resource/record-table';
import { StatusActions, type StatusMove } from '@/components/resource/status-actions';
import { StatusBadge } from '@/components/resource/status-badge';

/** An expense's workflow, shared by the finance area's Expenses and an activity's Finance tab. */
export const EXPENSE_COLORS = {
  pending: 'gray',
  approved: 'yellow',
  paid: 'green',
  declined: 'red',
  reversed: 'grape',
} as const;

/** The moves the server allows from each status, with the permission it checks. */
export const EXPENSE_MOVES: Record<string, Omit<StatusMove, 'label'>[]> = {
  pending: [
    { to: 'approved', permission: 'expenses.approve' },
    { to: 'declined', permission: 'expenses.approve', color: 'red' },
  ],
  approved: [
    { to: 'paid', permission: 'expenses.pay', color: 'green' },
    { to: 'declined', permission: 'expenses.approve', color: 'red' },
  ],
  paid: [{ to: 'reversed', permission: 'expenses.pay', color: 'grape' }],
};

type Expense = { id: string; status: string; beneficiary: string };

/**
 * The status chip and the workflow buttons of an expense, as two table columns; a move refreshes
 * `alsoRefresh` (the balances and summaries it changes).
 */
export function expenseWorkflowColumns<T extends Expense>(
  t: TFunction,
  alsoRefresh: readonly string[],
): RecordColumn<T>[] {
  return [
    {
      key: 'status',
      header: t('finance.fields.status'),
      render: (r) => (
        <StatusBadge status={r.status} colors={EXPENSE_COLORS} texts="finance.expenses.statuses" />
      ),
    },
    {
      key: 'moves',
      header: t('finance.fields.actions'),
      render: (r) => (
        <StatusActions
          collection="expenses"
          id={r.id}
          alsoRefresh={alsoRefresh}
          moves={(EXPENSE_MOVES[r.status] ?? []).map((m) => {
            const label = t(`finance.expenses.moves.${m.to}`);
            return {
              ...m,
              label,
              ariaLabel: t('finance.expenses.moveOf', { move: label, name: r.beneficiary }),
            };
          })}
        />
      ),
    },
  ];
}
