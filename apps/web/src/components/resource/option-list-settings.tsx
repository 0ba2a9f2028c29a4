import { notifications } from '@mantine/notifications';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFullList } from '@/lib/records';
import { EntryDialog } from './entry-dialog';
import type { FieldSpec } from './field-widget';
import { RecordTable, type RecordColumn } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { useCanAct } from './use-can-act';

/** What every option has. */
export type OptionRecord = RecordModel & { title: string; description: string };
type OptionValues = { title: string; description: string };

export type OptionListSettingsProps<T extends OptionRecord, V extends OptionValues> = {
  collection: string;
  /** Collections that show an option's title (refreshed after a change). */
  alsoRefresh: readonly string[];
  texts: {
    title: string;
    help: string;
    add: string;
    addTitle: string;
    editTitle: string;
    empty: string;
  };
  /** Columns and fields of the option's own, between its title and its description. */
  columns?: RecordColumn<T>[];
  fields?: readonly FieldSpec<V>[];
  /** The dialog's values; title and description are filled in by the kit. */
  initialValues: (option: T | null) => Omit<V, keyof OptionValues>;
  /** The request body of the option's own fields, where it differs from their values. */
  ownBody?: (values: V) => Record<string, unknown>;
  minWidth?: number;
};

/**
 * An option list of a settings page (membership types, skills…): its table, and create,
 * update and remove dialogs, each allowed by the collection's declared access. A removal the
 * server refuses (still used by…) is said in the dialog.
 */
export function OptionListSettings<T extends OptionRecord, V extends OptionValues>({
  collection,
  alsoRefresh,
  texts,
  columns = [],
  fields = [],
  initialValues,
  ownBody,
  minWidth = 480,
}: OptionListSettingsProps<T, V>) {
  const { t } = useTranslation();
  const options = useFullList<T>(collection, { sort: 'title' });
  const canCreate = useCanAct(collection, 'create');
  const canUpdate = useCanAct(collection, 'update');
  const canDelete = useCanAct(collection, 'delete');
  const [editing, setEditing] = useState<{ option: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  const titleField: FieldSpec<V> = {
    name: 'title',
    label: t('hrPeople.settings.title'),
    message: t('hrPeople.settings.titleRequired'),
    props: { autoComplete: 'off' },
  };
  const descriptionField: FieldSpec<V> = {
    name: 'description',
    label: t('hrPeople.settings.description'),
    widget: 'textarea',
  };

  return (
    <>
      <RecordTable<T>
        title={texts.title}
        help={texts.help}
        query={options}
        minWidth={minWidth}
        emptyTitle={texts.empty}
        add={
          canCreate ? { label: texts.add, onClick: () => setEditing({ option: null }) } : undefined
        }
        columns={[
          {
            key: 'title',
            header: t('hrPeople.settings.title'),
            strong: true,
            render: (o) => o.title,
          },
          ...columns,
          {
            key: 'description',
            header: t('hrPeople.settings.description'),
            long: true,
            render: (o) => o.description || t('common.none'),
          },
        ]}
        onEdit={canUpdate ? (option) => setEditing({ option }) : undefined}
        onRemove={canDelete ? setRemoving : undefined}
        editLabel={(o) => t('hrPeople.settings.editOf', { title: o.title })}
        removeLabel={(o) => t('hrPeople.settings.removeOf', { title: o.title })}
      />
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.option}
          title={editing.option ? texts.editTitle : texts.addTitle}
          fields={[titleField, ...fields, descriptionField]}
          initialValues={
            {
              title: editing.option?.title ?? '',
              ...initialValues(editing.option),
              description: editing.option?.description ?? '',
            } as V
          }
          toBody={(values) => ({
            ...values,
            ...ownBody?.(values),
            title: values.title.trim(),
            description: values.description.trim(),
          })}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              message: t(
                editing.option ? 'hrPeople.settings.updated' : 'hrPeople.settings.created',
                {
                  title: saved.title,
                },
              ),
            });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<T>
        collection={collection}
        alsoRefresh={alsoRefresh}
        record={removing}
        message={(o) => t('hrPeople.settings.removeConfirm', { title: o.title })}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
