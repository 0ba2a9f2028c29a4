import { notifications } from '@mantine/notifications';
import type { RecordModel } from 'pocketbase';
import { useState, type ReactNode } from 'react';
import { recordHistoryHref } from '@/components/activity/history-button';
import { useFullList } from '@/lib/records';
import { useCan } from '@/lib/session';
import { workflowOf } from '@/lib/workflow';
import { EntryDialog } from './entry-dialog';
import type { FieldSpec } from './field-widget';
import { RecordTable, type RecordColumn } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { useCanAct } from './use-can-act';

export type RecordSectionProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  /**
   * Collections whose cached figures this one's changes move (balances, summaries); by default
   * those its workflow declares.
   */
  alsoRefresh?: readonly string[];
  list: { sort: string; expand?: string; filter?: string };
  title: string;
  help?: string;
  emptyTitle: string;
  minWidth: number;
  columns: RecordColumn<T>[];
  texts: {
    add: string;
    addTitle: string;
    editTitle?: (row: T) => string;
    saved: (row: T) => string;
    editOf: (row: T) => string;
    removeOf: (row: T) => string;
    removeConfirm: (row: T) => ReactNode;
    /** With it, each row links to its history in the activity monitor (for its readers). */
    historyOf?: (row: T) => string;
  };
  dialog: {
    /** The dialog's fields; a function when they depend on the record (its stored files). */
    fields: readonly FieldSpec<V>[] | ((row: T | null) => readonly FieldSpec<V>[]);
    /** Told when the dialog opens on a record (null: a new one), to reset the screen's own state. */
    onOpen?: (row: T | null) => void;
    initialValues: (row: T | null) => V;
    toBody: (values: V) => Record<string, unknown>;
    size?: 'md' | 'lg';
  };
  /** Which rows may be edited or removed (a paid expense is not). Default: all. */
  editable?: (row: T) => boolean;
  removable?: (row: T) => boolean;
  /** Hides the update button when records are final (transfers, counts). */
  noEdit?: boolean;
  /** Records are added from elsewhere (a repayment from its advance's row). */
  hideAdd?: boolean;
};

/**
 * One collection as a panel: its records in a table with "Add", and a dialog to create or
 * change one, all by the collection's declared access (transfers, donations, assets…).
 */
export function RecordSection<T extends RecordModel, V extends Record<string, unknown>>({
  collection,
  alsoRefresh = workflowOf(collection)?.refresh,
  list,
  title,
  help,
  emptyTitle,
  minWidth,
  columns,
  texts,
  dialog,
  editable,
  removable,
  noEdit,
  hideAdd,
}: RecordSectionProps<T, V>) {
  const records = useFullList<T>(collection, list);
  const canCreate = useCanAct(collection, 'create');
  const canUpdate = useCanAct(collection, 'update') && !noEdit;
  const canDelete = useCanAct(collection, 'delete');
  const canReadHistory = useCan('activity_monitor.read');
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const open = (row: T | null) => {
    dialog.onOpen?.(row);
    setEditing({ row });
  };

  return (
    <>
      <RecordTable<T>
        title={title}
        help={help}
        query={records}
        columns={columns}
        emptyTitle={emptyTitle}
        minWidth={minWidth}
        nowrap
        add={canCreate && !hideAdd ? { label: texts.add, onClick: () => open(null) } : undefined}
        onEdit={canUpdate ? open : undefined}
        onRemove={canDelete ? setRemoving : undefined}
        canEditRow={editable}
        canRemoveRow={removable}
        editLabel={texts.editOf}
        removeLabel={texts.removeOf}
        history={
          texts.historyOf && canReadHistory
            ? {
                href: (row) => recordHistoryHref(collection, row.id),
                label: texts.historyOf,
              }
            : undefined
        }
      />
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.row}
          title={editing.row && texts.editTitle ? texts.editTitle(editing.row) : texts.addTitle}
          fields={typeof dialog.fields === 'function' ? dialog.fields(editing.row) : dialog.fields}
          initialValues={dialog.initialValues(editing.row)}
          toBody={dialog.toBody}
          size={dialog.size ?? 'lg'}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notifications.show({ color: 'green', message: texts.saved(saved) });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<T>
        collection={collection}
        alsoRefresh={alsoRefresh}
        record={removing}
        message={texts.removeConfirm}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
