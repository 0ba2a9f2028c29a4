import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RecordModel } from 'pocketbase';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format/date';
import { collectionDef } from './declarations';
import { EntryDialog, type EntryDialogProps } from './entry-dialog';
import { RecordTable, type RecordTableProps } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { useCanAct } from './use-can-act';
import { useChildRecords } from './use-records';

/** Latest first: by the collection's first declared date, then by creation. */
function latestFirst(collection: string): string {
  const date = collectionDef(collection).fields.find((f) => f.type === 'date');
  return date ? `-${date.name},-created` : '-created';
}

/** The declared relation of a child collection that points at the parent's collection. */
export function parentFieldOf(collection: string, parentCollection: string): string {
  const field = collectionDef(collection).fields.find(
    (f) => f.type === 'relation' && f.collection === parentCollection,
  );
  if (!field) throw new Error(`${collection} has no relation to ${parentCollection}`);
  return field.name;
}

type ChildRecordsTabProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  /** The record whose children these are; who may update it may change them. */
  parent: RecordModel;
  /** Defaults to the latest first by the first declared date (paid on, date, due date). */
  sort?: string;
  expand?: string;
  /** Collections that show the children's totals (the member's paid-until). */
  alsoRefresh?: readonly string[];
  /** The summary cards above the table. */
  summary?: ReactNode;
  /**
   * Where its texts are (`members.dues`): `title`, `empty`, `emptyHint`, `edit`, `editOf` and
   * `removeOf` (given `{{date}}`), `editTitle`, `updated`; and the words of adding (`add`,
   * `addTitle`, `added`; or `log`, `logTitle`, `logged`).
   */
  texts: { prefix: string; add: string; added: string };
  /** The date that names a row in its buttons' labels ("Update the payment of 01/04/2026"). */
  rowDate: (record: T) => string;
  table: Pick<RecordTableProps<T>, 'columns' | 'minWidth' | 'nowrap'>;
  dialog: Pick<EntryDialogProps<T, V>, 'fields' | 'size'> & {
    initialValues: (record: T | null) => V;
    /** The body without the parent's id (the kit adds it). */
    toBody: (values: V) => Record<string, unknown>;
  };
  removeMessage: (record: T) => ReactNode;
};

/**
 * The records that point at one parent, on a tab of its page: summary cards, their table, an
 * entry dialog to add or change one, and removal after a confirmation.
 */
export function ChildRecordsTab<T extends RecordModel, V extends Record<string, unknown>>({
  collection,
  parent,
  sort,
  expand,
  alsoRefresh = [],
  summary,
  texts,
  rowDate,
  table,
  dialog,
  removeMessage,
}: ChildRecordsTabProps<T, V>) {
  const { t } = useTranslation();
  const text = (key: string, values?: Record<string, unknown>) =>
    t(`${texts.prefix}.${key}`, values);
  const named = (record: T) => ({ date: formatDate(rowDate(record)) });
  const parentField = parentFieldOf(collection, parent.collectionName);
  const canEdit = useCanAct(parent.collectionName, 'update');
  const records = useChildRecords<T>(collection, parentField, parent.id, {
    sort: sort ?? latestFirst(collection),
    expand,
  });
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  return (
    <Stack gap="lg">
      {summary}
      <RecordTable<T>
        nowrap
        {...table}
        title={text('title')}
        emptyTitle={text('empty')}
        emptyHint={text('emptyHint')}
        editTooltip={text('edit')}
        editLabel={(record) => text('editOf', named(record))}
        removeLabel={(record) => text('removeOf', named(record))}
        query={records}
        add={
          canEdit
            ? { label: text(texts.add), onClick: () => setEditing({ record: null }) }
            : undefined
        }
        onEdit={canEdit ? (record) => setEditing({ record }) : undefined}
        onRemove={canEdit ? setRemoving : undefined}
      />
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.record}
          title={text(editing.record ? 'editTitle' : `${texts.add}Title`)}
          fields={dialog.fields}
          size={dialog.size}
          initialValues={dialog.initialValues(editing.record)}
          toBody={(values) => ({ [parentField]: parent.id, ...dialog.toBody(values) })}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({
              color: 'green',
              message: text(editing.record ? 'updated' : texts.added),
            });
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
