import { notifications } from '@mantine/notifications';
import type { TFunction } from '@/lib/i18n/translator';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { equalsFilter, useFullList } from '@/lib/data/records';
import { resolveColumns, type DeclaredColumn } from './declared-columns';
import { EntryDialog } from './entry-dialog';
import type { FieldSpec } from './field-widget';
import { RecordTable, type RecordColumn } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { useCanAct } from './common/use-can-act';

/** What every option has. */
export type OptionRecord = RecordModel & { title: string; description: string };
type OptionValues = { title: string; description: string };
type ByTitle = (title: string) => string;

export type OptionListTexts = {
  title: string;
  help: string;
  add: string;
  /** The accessible name of "Add", where the button's text alone is not enough. */
  addLabel?: string;
  addTitle: string;
  editTitle: ByTitle;
  empty: string;
  /** The area's wording; the HR settings' by default. */
  titleInvalid?: string;
  editOf?: ByTitle;
  removeOf?: ByTitle;
  removeConfirm?: ByTitle;
  created?: ByTitle;
  updated?: ByTitle;
};

/** The texts of an option list kept under one key (`members.types.title`, `.help`, `.add`…). */
export function optionTexts(t: TFunction, prefix: string): OptionListTexts {
  return {
    title: t(`${prefix}.title`),
    help: t(`${prefix}.help`),
    add: t(`${prefix}.add`),
    addTitle: t(`${prefix}.addTitle`),
    editTitle: () => t(`${prefix}.editTitle`),
    empty: t(`${prefix}.empty`),
  };
}

export type OptionListSettingsProps<T extends OptionRecord, V extends OptionValues> = {
  collection: string;
  /** Collections that show an option's title (refreshed after a change). */
  alsoRefresh: readonly string[];
  /** One kind of a collection holding several (`kind = section`): listed and created as such. */
  scope?: { field: string; value: string };
  texts: OptionListTexts;
  /**
   * Columns and fields of the option's own, between its title and its description; a column
   * that names a field (`{ field: 'fee' }`) takes its entry and its type's cell.
   */
  columns?: readonly (RecordColumn<T> | DeclaredColumn<T>)[];
  fields?: readonly FieldSpec<V>[];
  /** The dialog's values; title and description are filled in by the kit. */
  initialValues?: (option: T | null) => Omit<V, keyof OptionValues>;
  /** The request body of the option's own fields, where it differs from their values. */
  ownBody?: (values: V) => Record<string, unknown>;
  minWidth?: number;
};

/**
 * An option list of a settings page (membership types, skills, employee sections…): its
 * table, and create, update and remove dialogs, each allowed by the collection's declared
 * access. A removal the server refuses (still used by…) is said in the dialog.
 */
export function OptionListSettings<T extends OptionRecord, V extends OptionValues>({
  collection,
  alsoRefresh,
  scope,
  texts,
  columns = [],
  fields = [],
  initialValues,
  ownBody,
  minWidth = 480,
}: OptionListSettingsProps<T, V>) {
  const { t } = useTranslation();
  const say = {
    titleInvalid: texts.titleInvalid ?? t('hrPeople.settings.titleRequired'),
    editOf: texts.editOf ?? ((title: string) => t('hrPeople.settings.editOf', { title })),
    removeOf: texts.removeOf ?? ((title: string) => t('hrPeople.settings.removeOf', { title })),
    removeConfirm:
      texts.removeConfirm ?? ((title: string) => t('hrPeople.settings.removeConfirm', { title })),
    created: texts.created ?? ((title: string) => t('hrPeople.settings.created', { title })),
    updated: texts.updated ?? ((title: string) => t('hrPeople.settings.updated', { title })),
  };
  const options = useFullList<T>(collection, {
    sort: 'title',
    ...(scope ? { filter: equalsFilter(scope.field, scope.value) } : {}),
  });
  const canCreate = useCanAct(collection, 'create');
  const canUpdate = useCanAct(collection, 'update');
  const canDelete = useCanAct(collection, 'delete');
  const [editing, setEditing] = useState<{ option: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  const titleField: FieldSpec<V> = {
    name: 'title',
    message: say.titleInvalid,
    props: { autoComplete: 'off' },
  };
  const descriptionField: FieldSpec<V> = {
    name: 'description',
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
          canCreate
            ? {
                label: texts.add,
                ariaLabel: texts.addLabel,
                onClick: () => setEditing({ option: null }),
              }
            : undefined
        }
        // The title and description are every option collection's fields: their names are
        // its entries (`fields.membership_types.title`).
        columns={
          resolveColumns<T>(t, collection, [
            { field: 'title', strong: true },
            ...columns,
            { field: 'description', long: true, render: (o) => o.description || t('common.none') },
          ]).columns
        }
        onEdit={canUpdate ? (option) => setEditing({ option }) : undefined}
        onRemove={canDelete ? setRemoving : undefined}
        editLabel={(o) => say.editOf(o.title)}
        removeLabel={(o) => say.removeOf(o.title)}
      />
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.option}
          title={editing.option ? texts.editTitle(editing.option.title) : texts.addTitle}
          fields={[titleField, ...fields, descriptionField]}
          initialValues={
            {
              title: editing.option?.title ?? '',
              ...initialValues?.(editing.option),
              description: editing.option?.description ?? '',
            } as V
          }
          toBody={(values) => ({
            ...values,
            ...ownBody?.(values),
            ...(scope ? { [scope.field]: scope.value } : {}),
            title: values.title.trim(),
            description: values.description.trim(),
          })}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              message: (editing.option ? say.updated : say.created)(saved.title),
            });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<T>
        collection={collection}
        alsoRefresh={alsoRefresh}
        record={removing}
        message={(o) => say.removeConfirm(o.title)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
