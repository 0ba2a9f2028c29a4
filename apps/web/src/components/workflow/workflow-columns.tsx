import type { RecordModel } from 'pocketbase';
import type { ReactNode } from 'react';
import { declaredFieldLabel } from '@/components/resource/field-label';
import type { RecordColumn } from '@/components/resource/record-table';
import type { TFunction } from '@/lib/i18n/translator';
import { WorkflowActions, type WorkflowActionsProps } from './workflow-actions';
import { WorkflowBadge } from './workflow-badge';

type Options<T> = {
  /** The record's name in its buttons' accessible names ("Pay: Desert Trucks"). */
  nameOf: (row: T) => string;
  /** Buttons of the row's own beside the moves (an advance's "Repay"). */
  extra?: (row: T) => ReactNode;
} & Pick<WorkflowActionsProps, 'seat'>;

/**
 * A workflow's two columns in a list: the state as its badge, and the moves declared from it
 * (with the ones the account may not make greyed, saying why).
 */
export function workflowColumns<T extends RecordModel>(
  t: TFunction,
  collection: string,
  { nameOf, extra, seat }: Options<T>,
): RecordColumn<T>[] {
  return [
    {
      key: 'status',
      header: declaredFieldLabel(t, collection, 'status') || t('workflow.status'),
      render: (row) => <WorkflowBadge collection={collection} status={row.status} />,
    },
    {
      key: 'moves',
      header: t('workflow.moves'),
      render: (row) => {
        const moves = (
          <WorkflowActions collection={collection} record={row} name={nameOf(row)} seat={seat} />
        );
        const own = extra?.(row);
        if (!own) return moves;
        return (
          <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            {moves}
            {own}
          </span>
        );
      },
    },
  ];
}
