import { notifications } from '@mantine/notifications';
import type { RecordModel } from 'pocketbase';
import { useState, type ReactNode } from 'react';
import { recordHistoryHref } from '@/components/activity/history-button';
import type { CsvCell } from '@/components/data-table/list/csv';
import {
  DataTable,
  type DataTableColumn,
  type DataTableFilter,
  type DataTableProps,
} from '@/components/data-table/list/data-table';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useCan } from '@/lib/session';
import { workflowOf } from '@/lib/workflow';
import { bodyOf, collectionDef, initialValuesOf } from './common/declarations';
import { EntryDialog } from './entry-dialog';
import type { FieldSpec } from './field-widget';
import { resolveColumns, type DeclaredColumn } from './declared-columns';
import type { RecordColumn } from './record-table';
import { RemoveRecordDialog } from './remove-record-dialog';
import { RowActions } from './row-actions';
import { useCanAct } from './common/use-can-act';

export type RecordSectionProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  /**
   * Collections whose cached figures this one's changes move (balances, summaries); by default
   * those its workflow declares.
   */
  alsoRefresh?: readonly string[];
  /** The default order, the relations shown, and the filter always applied (a project's own). */
  list: { sort: string; expand?: string; filter?: string };
  title: string;
  help?: string;
  emptyTitle: string;
  minWidth: number;
  /** A declared field by name (`{ field: 'donor' }`: its label, cell and sort), or a column of its own. */
  columns: readonly (RecordColumn<T> | DeclaredColumn<T>)[];
  /** Server fields the search box searches (relation paths allowed: `employee.name`). */
  search?: readonly string[];
  /** Filters kept in the address (a status, a vault, a date range). */
  filters?: DataTableFilter[];
  /** Columns that sort, by key: the server field they sort by (`true`: the key itself). */
  sortable?: Readonly<Record<string, string | true>>;
  /**
   * "Export CSV" of every row the search and filters keep, in a file of this name. A column is
   * exported when its key is a field of the collection (its text, or the stored value when it
   * draws something else), or when `csvCells` gives its cell; `false` leaves a column out.
   */
  csv?: string;
  csvCells?: Readonly<Record<string, ((row: T) => CsvCell) | false>>;
  /** Prefix of the URL params, when the list shares its page with another (a project's tabs). */
  paramPrefix?: string;
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
    /** Default: by the fields' types (`initialValuesOf`), with `defaults` for a new record. */
    initialValues?: (row: T | null) => V;
    /** What a new record starts with beyond its fields' empty values (today's date). */
    defaults?: Partial<V>;
    /** Default: by the fields' types (`bodyOf`: new files added), with `fixed` added. */
    toBody?: (values: V) => Record<string, unknown>;
    /** Stored files the person removed in the dialog, by file field (sent as `attachments-`). */
    removedFiles?: Record<string, readonly string[]>;
    /** Sent with every save and not shown (the project a donation belongs to). */
    fixed?: Record<string, unknown>;
    size?: 'md' | 'lg';
    /** Field work: saved without a connection, it waits in the outbox. */
    queueable?: boolean;
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
 * A column's cell in the CSV export: the screen's own, else the column's text, else the stored
 * value of the field the column is named after (an amount drawn as money, a status as a badge).
 */
export function recordCsvCell<T extends RecordModel>(
  column: RecordColumn<T>,
  own: ((row: T) => CsvCell) | undefined,
): (row: T) => CsvCell {
  if (own) return own;
  return (row) => {
    const shown = column.render(row);
    if (typeof shown === 'string' || typeof shown === 'number') return shown;
    const value: unknown = row[column.key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return value;
    if (Array.isArray(value)) return value.join('; ');
    return '';
  };
}

/** The section's columns as the kit's table declares them: sort, CSV, bold and long text. */
export function recordTableColumns<T extends RecordModel>(
  collection: string,
  columns: readonly RecordColumn<T>[],
  sortable: Readonly<Record<string, string | true>> = {},
  csvCells: Readonly<Record<string, ((row: T) => CsvCell) | false>> = {},
): DataTableColumn<T>[] {
  const fields = new Set([
    'id',
    'created',
    'updated',
    ...collectionDef(collection).fields.map((f) => f.name),
  ]);
  return columns.map((column) => {
    const own = csvCells[column.key];
    const exported = own !== false && (typeof own === 'function' || fields.has(column.key));
    return {
      key: column.key,
      header: column.header,
      render: column.render,
      strong: column.strong,
      long: column.long,
      sortField: sortable[column.key],
      csv: exported ? recordCsvCell(column, own || undefined) : false,
    };
  });
}

export type RecordListProps<T extends RecordModel> = Omit<DataTableProps<T>, 'columns'> & {
  /** A column that names a field (`{ field: 'title', sort: true }`) takes its entry and cell. */
  columns: readonly (RecordColumn<T> | DeclaredColumn<T>)[];
  /** Columns that sort, by key: the server field they sort by (`true`: the key itself). */
  sortable?: Readonly<Record<string, string | true>>;
  /** Cells of the CSV export by column key (see `recordTableColumns`); `false`: left out. */
  csvCells?: Readonly<Record<string, ((row: T) => CsvCell) | false>>;
};

/**
 * The kit's server-paginated table over record columns (a panel's `key`/`header`/`render`):
 * for a list with its own dialogs, as a project's requests, where `RecordSection` does not fit.
 */
export function RecordList<T extends RecordModel>({
  columns,
  sortable,
  csvCells,
  ...table
}: RecordListProps<T>) {
  const { t } = useTranslation();
  const resolved = resolveColumns(t, table.collection, columns, sortable);
  return (
    <DataTable<T>
      {...table}
      columns={recordTableColumns(table.collection, resolved.columns, resolved.sortable, csvCells)}
    />
  );
}

/**
 * One collection as a panel: its records a page at a time from the server (search, filters and
 * sort in the address, CSV export of all that match) with "Add", and a dialog to create or
 * change one, all by the collection's declared access (expenses, donations, assets…).
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
  search,
  filters,
  sortable,
  csv,
  csvCells,
  paramPrefix,
  texts,
  dialog,
  editable,
  removable,
  noEdit,
  hideAdd,
}: RecordSectionProps<T, V>) {
  const { t } = useTranslation();
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
  const history = Boolean(texts.historyOf && canReadHistory);
  const fields = !editing
    ? []
    : typeof dialog.fields === 'function'
      ? dialog.fields(editing.row)
      : dialog.fields;

  const resolved = resolveColumns(t, collection, columns, sortable);
  const cells = recordTableColumns(collection, resolved.columns, resolved.sortable, csvCells);
  if (canUpdate || canDelete || history) {
    cells.push({
      key: 'actions',
      header: t('common.actions'),
      width: history ? 128 : 96,
      csv: false,
      render: (row) => (
        <RowActions
          history={
            history && texts.historyOf
              ? { href: recordHistoryHref(collection, row.id), label: texts.historyOf(row) }
              : undefined
          }
          edit={
            canUpdate && (editable?.(row) ?? true)
              ? { label: texts.editOf(row), onClick: () => open(row) }
              : undefined
          }
          remove={
            canDelete && (removable?.(row) ?? true)
              ? { label: texts.removeOf(row), onClick: () => setRemoving(row) }
              : undefined
          }
        />
      ),
    });
  }

  return (
    <>
      <DataTable<T>
        collection={collection}
        baseFilter={list.filter}
        expand={list.expand}
        defaultSort={list.sort}
        columns={cells}
        caption={title}
        heading={{
          title,
          help,
          add: canCreate && !hideAdd ? { label: texts.add, onClick: () => open(null) } : undefined,
        }}
        searchFields={search ? [...search] : undefined}
        searchLabel={t('table.searchIn', { title })}
        filters={filters}
        csvFileName={csv}
        paramPrefix={paramPrefix}
        emptyTitle={emptyTitle}
        minWidth={minWidth}
        stackOnPhone
        nowrap
      />
      {editing && (
        <EntryDialog<T, V>
          collection={collection}
          alsoRefresh={alsoRefresh}
          record={editing.row}
          title={editing.row && texts.editTitle ? texts.editTitle(editing.row) : texts.addTitle}
          fields={fields}
          initialValues={
            dialog.initialValues?.(editing.row) ??
            ({
              ...initialValuesOf(
                collection,
                fields.map((f) => f.name),
                editing.row,
              ),
              ...(editing.row ? {} : dialog.defaults),
            } as V)
          }
          toBody={
            dialog.toBody ??
            ((values) => ({ ...bodyOf(collection, values, dialog.removedFiles), ...dialog.fixed }))
          }
          size={dialog.size ?? 'lg'}
          queueable={dialog.queueable}
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
