import { Accordion, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { formatDate } from '@/lib/format/date';
import { collectionDef } from './common/declarations';
import { EntryDialog, EntryFormOnDemand, type EntryDialogProps } from './entry-dialog';
import { RecordCards } from './record-cards';
import { resolveColumns, type DeclaredColumn } from './declared-columns';
import { RecordTable, type RecordColumn, type RecordTableProps } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { useCanAct } from './common/use-can-act';
import { useChildPages, useChildRecords } from './use-records';

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

/** What a row or a card may do; absent without the permission. */
export type ItemActions = { edit?: () => void; remove?: () => void };

/** The children as a table (dues, hours): all of them, a row each. */
type TableLayout<T extends RecordModel> = {
  table: Pick<RecordTableProps<T>, 'minWidth' | 'nowrap'> & {
    /** A column that names a field (`{ field: 'paid_on' }`) takes its entry and its type's cell. */
    columns: readonly (RecordColumn<T> | DeclaredColumn<T>)[];
  };
  /** The date that names a row in its buttons' labels ("Update the payment of 01/04/2026"). */
  rowDate: (record: T) => string;
  cards?: never;
};

/**
 * The children as cards (tasks), `perPage` at a time with "Load more". The card draws its own
 * buttons from `actions`. Texts: `count` and `loadMore` (given `{{count}}`), `thatsAll`.
 */
type CardLayout<T extends RecordModel> = {
  cards: { perPage: number; renderItem: (record: T, actions: ItemActions) => ReactNode };
  table?: never;
  rowDate?: never;
};

type ChildRecordsTabProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  /** The record whose children these are; who may update it may change them. */
  parent: RecordModel;
  /** Who may change them, when not who may update the parent (an employee's own tasks). */
  canEdit?: boolean;
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
   * `addTitle`, `added`; or `log`, `logTitle`, `logged`). With `addInline`, `create` names the
   * panel and `add` its button.
   */
  texts: { prefix: string; add: string; added: string };
  /** Adding happens in a folding panel above the list instead of a dialog. */
  addInline?: boolean;
  dialog: Pick<EntryDialogProps<T, V>, 'fields' | 'size'> & {
    initialValues: (record: T | null) => V;
    /** The body without the parent's id (the kit adds it). */
    toBody: (values: V) => Record<string, unknown>;
    /** Field work: saved without a connection, it waits in the outbox. */
    queueable?: boolean;
  };
  removeMessage: (record: T) => ReactNode;
} & (TableLayout<T> | CardLayout<T>);

/**
 * The records that point at one parent, on a tab of its page: summary cards, their table or
 * cards, an entry dialog (or panel) to add or change one, and removal after a confirmation.
 */
export function ChildRecordsTab<T extends RecordModel, V extends Record<string, unknown>>(
  props: ChildRecordsTabProps<T, V>,
) {
  const { collection, parent, alsoRefresh = [], summary, texts, dialog, removeMessage } = props;
  const { t } = useTranslation();
  const text = (key: string, values?: Record<string, unknown>) =>
    t(`${texts.prefix}.${key}`, values);
  const parentField = parentFieldOf(collection, parent.collectionName);
  const mayUpdateParent = useCanAct(parent.collectionName, 'update');
  const canEdit = props.canEdit ?? mayUpdateParent;
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  // A new inline form after each record added.
  const [addKey, setAddKey] = useState(0);
  const [panel, setPanel] = useState<string | null>(null);
  const sort = props.sort ?? latestFirst(collection);
  const query = { collection, parentField, parentId: parent.id, sort, expand: props.expand };
  const toBody = (values: V) => ({ [parentField]: parent.id, ...dialog.toBody(values) });
  const saved = (record: T | null) =>
    notifications.show({ color: 'green', message: text(record ? 'updated' : texts.added) });
  const add = canEdit && !props.addInline ? () => setEditing({ record: null }) : undefined;
  const actions = (record: T): ItemActions =>
    canEdit ? { edit: () => setEditing({ record }), remove: () => setRemoving(record) } : {};

  return (
    <Stack gap="lg">
      {summary}
      {canEdit && props.addInline && (
        <Accordion variant="separated" radius="lg" value={panel} onChange={setPanel}>
          <Accordion.Item value="add">
            <Accordion.Control icon={<IconPlus size={18} />}>
              <Text fw={600}>{text('create')}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <EntryFormOnDemand<T, V>
                when={panel === 'add'}
                key={addKey}
                collection={collection}
                alsoRefresh={alsoRefresh}
                record={null}
                title={text(texts.add)}
                submitLabel={text(texts.add)}
                fields={dialog.fields}
                initialValues={dialog.initialValues(null)}
                toBody={toBody}
                queueable={dialog.queueable}
                onSaved={() => {
                  saved(null);
                  setAddKey((k) => k + 1);
                }}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
      {props.cards ? (
        <CardList<T> {...query} text={text} layout={props.cards} actions={actions} />
      ) : (
        <RowTable<T>
          {...query}
          text={text}
          layout={props}
          addLabel={text(texts.add)}
          onAdd={add}
          editable={canEdit}
          actions={actions}
        />
      )}
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.record}
          title={text(editing.record ? 'editTitle' : `${texts.add}Title`)}
          fields={dialog.fields}
          size={dialog.size}
          initialValues={dialog.initialValues(editing.record)}
          toBody={toBody}
          queueable={dialog.queueable}
          onClose={() => setEditing(null)}
          onSaved={() => {
            saved(editing.record);
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

type ListQuery = {
  collection: string;
  parentField: string;
  parentId: string;
  sort: string;
  expand?: string;
  text: (key: string, values?: Record<string, unknown>) => string;
};

/** Every child in a table, with a row's buttons named after its date. */
function RowTable<T extends RecordModel>({
  collection,
  parentField,
  parentId,
  sort,
  expand,
  text,
  layout,
  addLabel,
  onAdd,
  editable,
  actions,
}: ListQuery & {
  layout: TableLayout<T>;
  addLabel: string;
  onAdd?: () => void;
  editable: boolean;
  actions: (record: T) => ItemActions;
}) {
  const { t } = useTranslation();
  const records = useChildRecords<T>(collection, parentField, parentId, { sort, expand });
  const named = (record: T) => ({ date: formatDate(layout.rowDate(record)) });
  return (
    <RecordTable<T>
      nowrap
      {...layout.table}
      columns={resolveColumns(t, collection, layout.table.columns).columns}
      title={text('title')}
      emptyTitle={text('empty')}
      emptyHint={text('emptyHint')}
      editTooltip={text('edit')}
      editLabel={(record) => text('editOf', named(record))}
      removeLabel={(record) => text('removeOf', named(record))}
      query={records}
      add={onAdd ? { label: addLabel, onClick: onAdd } : undefined}
      onEdit={editable ? (record) => actions(record).edit?.() : undefined}
      onRemove={editable ? (record) => actions(record).remove?.() : undefined}
    />
  );
}

/** The children as cards, a page at a time. */
function CardList<T extends RecordModel>({
  collection,
  parentField,
  parentId,
  sort,
  expand,
  text,
  layout,
  actions,
}: ListQuery & { layout: CardLayout<T>['cards']; actions: (record: T) => ItemActions }) {
  const pages = useChildPages<T>(collection, parentField, parentId, {
    sort,
    expand,
    perPage: layout.perPage,
  });
  return (
    <RecordCards<T>
      title={text('title')}
      query={pages}
      emptyTitle={text('empty')}
      countText={(count) => text('count', { count })}
      loadMoreText={(count) => text('loadMore', { count })}
      endText={text('thatsAll')}
      renderItem={(record) => layout.renderItem(record, actions(record))}
    />
  );
}
