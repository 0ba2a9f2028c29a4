import type { RecordModel } from 'pocketbase';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format/date';
import type { TFunction } from '@/lib/i18n/translator';
import { fieldDef } from './common/declarations';
import { fieldLabelKey } from './field-label';
import { Money } from './money';
import type { DataTableColumn } from '@/components/data-table/list/data-table';
import type { RecordColumn } from './record-table';

/** A column named after a declared field: the rest comes from the declaration and its label. */
export type DeclaredColumn<T> = {
  field: string;
  strong?: boolean;
  long?: boolean;
  /** The list sorts by this field. */
  sort?: boolean;
  /** The cell, where the field's type does not say it (default: by the type). */
  render?: (row: T) => ReactNode;
};

/** A declared field's cell by its type: a date, an amount, a related record's name, a text. */
function declaredCell<T extends RecordModel>(collection: string, name: string) {
  const field = fieldDef(collection, name);
  return (row: T): ReactNode => {
    const value: unknown = row[name];
    if (field.type === 'date') return formatDate(value as string);
    if (field.type === 'number')
      return field.money ? <Money value={value as number} /> : String(value ?? '');
    if (field.type === 'bool') return value ? '✓' : '—';
    if (field.type === 'relation') {
      const related = (
        row.expand as Record<string, { title?: string; name?: string }> | undefined
      )?.[name];
      return value ? related?.title || related?.name || '—' : '—';
    }
    return typeof value === 'string' && value ? value : '—';
  };
}

/** The section's columns, declared ones resolved, and the sort their `sort` adds. */
export function resolveColumns<T extends RecordModel>(
  t: TFunction,
  collection: string,
  columns: readonly (RecordColumn<T> | DeclaredColumn<T>)[],
  sortable: Readonly<Record<string, string | true>> = {},
): { columns: RecordColumn<T>[]; sortable: Record<string, string | true> } {
  const sorts: Record<string, string | true> = { ...sortable };
  const resolved = columns.map((column): RecordColumn<T> => {
    if (!('field' in column)) return column;
    if (column.sort) sorts[column.field] = true;
    return {
      key: column.field,
      header: t(fieldLabelKey(collection, column.field)),
      render: column.render ?? declaredCell<T>(collection, column.field),
      strong: column.strong,
      long: column.long,
    };
  });
  return { columns: resolved, sortable: sorts };
}

/**
 * A list page's column named after a declared field (`{ field: 'starting_date', sortField:
 * true }`): its key is the field, its header the field's entry, its cell by the type unless
 * `render` says it; the rest is the list's own (width, breakpoint, CSV cell).
 */
export type FieldListColumn<T> = Omit<DataTableColumn<T>, 'key' | 'header'> & { field: string };

/** A list page's columns, those named after declared fields resolved. */
export function listColumns<T extends RecordModel>(
  t: TFunction,
  collection: string,
  columns: readonly (DataTableColumn<T> | FieldListColumn<T>)[],
): DataTableColumn<T>[] {
  return columns.map((column) => {
    if (!('field' in column)) return column;
    const { field, ...rest } = column;
    return {
      key: field,
      header: t(fieldLabelKey(collection, field)),
      render: declaredCell<T>(collection, field),
      ...rest,
    };
  });
}
