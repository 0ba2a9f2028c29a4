import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RecordModel } from 'pocketbase';
import { useState, type ReactNode } from 'react';
import { EntryDialog, type EntryDialogProps } from './entry-dialog';
import { RecordTable, type RecordTableProps } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { useChildRecords } from './use-records';

type ChildRecordsTabProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  /** The field that points at the parent (`member`, `volunteer`, `employee`). */
  parentField: string;
  parentId: string;
  sort: string;
  expand?: string;
  /** Collections that show the children's totals (the member's paid-until). */
  alsoRefresh?: readonly string[];
  /** The summary cards above the table. */
  summary?: ReactNode;
  canEdit: boolean;
  table: Omit<RecordTableProps<T>, 'query' | 'add' | 'onEdit' | 'onRemove'> & { addLabel: string };
  dialog: Pick<EntryDialogProps<T, V>, 'fields' | 'size'> & {
    title: (record: T | null) => string;
    initialValues: (record: T | null) => V;
    /** The body without the parent's id (the kit adds it). */
    toBody: (values: V) => Record<string, unknown>;
    saved: (record: T | null) => string;
  };
  removeMessage: (record: T) => ReactNode;
};

/**
 * The records that point at one parent, on a tab of its page: summary cards, their table, an
 * entry dialog to add or change one, and removal after a confirmation.
 */
export function ChildRecordsTab<T extends RecordModel, V extends Record<string, unknown>>({
  collection,
  parentField,
  parentId,
  sort,
  expand,
  alsoRefresh = [],
  summary,
  canEdit,
  table,
  dialog,
  removeMessage,
}: ChildRecordsTabProps<T, V>) {
  const records = useChildRecords<T>(collection, parentField, parentId, { sort, expand });
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const { addLabel, ...tableProps } = table;

  return (
    <Stack gap="lg">
      {summary}
      <RecordTable<T>
        {...tableProps}
        query={records}
        add={canEdit ? { label: addLabel, onClick: () => setEditing({ record: null }) } : undefined}
        onEdit={canEdit ? (record) => setEditing({ record }) : undefined}
        onRemove={canEdit ? setRemoving : undefined}
      />
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.record}
          title={dialog.title(editing.record)}
          fields={dialog.fields}
          size={dialog.size}
          initialValues={dialog.initialValues(editing.record)}
          toBody={(values) => ({ [parentField]: parentId, ...dialog.toBody(values) })}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({ color: 'green', message: dialog.saved(editing.record) });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<T>
        collection={collection}
        alsoRefresh={alsoRefresh}
        record={removing}
        message={removeMessage}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
