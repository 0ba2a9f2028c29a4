import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import {
  DataTable,
  type DataTableColumn,
  type DataTableFilter,
} from '@/components/data-table/list/data-table';
import type { TableSource } from '@/lib/data/table-source';
import { paths } from '@/config/paths';
import { formatAge, formatDate } from '@/lib/format/date';
import type { PersonRecord } from './person-kind';
import { PersonCell } from './person-cell';
import { phonesOf } from './person-values';
import { personLabels } from './person-labels';
import { listColumns, type FieldListColumn } from '@/components/resource/declared-columns';

type PersonTableProps<T extends PersonRecord> = {
  /** The list's request (the area's `table-source.ts`); its collection names the texts too. */
  source: TableSource & { collection: 'members' | 'volunteers' };
  searchFields: string[];
  filters: DataTableFilter[];
  /**
   * The area's columns before and after the joining date (a column may name a field:
   * `{ field: 'paid_until' }`), and its status.
   */
  before: readonly (DataTableColumn<T> | FieldListColumn<T>)[];
  after: readonly (DataTableColumn<T> | FieldListColumn<T>)[];
  status: DataTableColumn<T>;
  /** The export's columns, under the headers the import reads, so an export imports again. */
  exportHeaders: readonly string[];
  /** A cell of the area's own headers (the shared ones are filled in here). */
  exportValue: (row: T, header: string) => string;
  /** Export columns before and after the import's. */
  exportBefore?: DataTableColumn<T>[];
  exportAfter?: DataTableColumn<T>[];
};

function dimmedNone(text: string): ReactNode {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/** A person's cell under a header every person area's import shares. */
function sharedCsvValue(row: PersonRecord, header: string): string | undefined {
  switch (header) {
    case 'Name':
      return row.name;
    case 'Email':
      return row.email;
    case 'Phone':
      return phonesOf(row.phone_numbers).join('; ');
    case 'Joining date':
      return row.starting_date ? formatDate(row.starting_date) : '';
    case 'Birth date':
      return row.birth_date ? formatDate(row.birth_date) : '';
    case 'Sex':
      return row.sex;
    case 'Address':
      return row.address;
    case 'Notes':
      return row.notes;
    default:
      return undefined;
  }
}

/** Every person of an area: search, filters, sort, and a CSV export the import reads back. */
export function PersonTable<T extends PersonRecord>({
  source,
  searchFields,
  filters,
  before,
  after,
  status,
  exportHeaders,
  exportValue,
  exportBefore = [],
  exportAfter = [],
}: PersonTableProps<T>) {
  const { t, i18n } = useTranslation();
  const { collection } = source;
  const label = personLabels(t, collection);
  const shown = (column: DataTableColumn<T>): DataTableColumn<T> => ({ ...column, csv: false });
  const exported = (column: DataTableColumn<T>): DataTableColumn<T> => ({
    ...column,
    exportOnly: true,
  });

  const columns: DataTableColumn<T>[] = [
    shown({
      key: 'name',
      header: t(`${collection}.list.person`),
      sortField: 'name',
      // Gives way on a phone, so the status stays on screen (it was cut off in Arabic).
      shrink: true,
      render: (p) => <PersonCell person={p} to={paths.hr[collection].view.getHref(p.id)} />,
    }),
    ...listColumns(t, collection, before).map(shown),
    shown({
      key: 'starting_date',
      header: label('starting_date'),
      sortField: true,
      visibleFrom: 'sm',
      render: (p) =>
        p.starting_date ? (
          <Stack gap={0}>
            <Text size="sm">{formatDate(p.starting_date)}</Text>
            <Text size="xs" c="dimmed">
              {formatAge(p.starting_date, { locale: i18n.language })}
            </Text>
          </Stack>
        ) : (
          dimmedNone(t('common.none'))
        ),
    }),
    ...listColumns(t, collection, after).map(shown),
    shown({ ...status, header: label('status'), sortField: true }),
    ...exportBefore.map(exported),
    ...exportHeaders.map((header) =>
      exported({
        key: `csv:${header}`,
        header,
        csv: (row) => sharedCsvValue(row, header) ?? exportValue(row, header),
      }),
    ),
    ...exportAfter.map(exported),
  ];

  return (
    <DataTable<T>
      {...source}
      caption={t(`pages.${collection}`)}
      columns={columns}
      searchFields={searchFields}
      searchPlaceholder={t(`${collection}.list.search`)}
      filters={filters}
      emptyTitle={t(`${collection}.list.empty`)}
      csvFileName={collection}
    />
  );
}

export { dimmedNone };
