import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadCsv, toCsv, type CsvCell } from '@/components/data-table/csv';
import type { DataTableFilter } from '@/components/data-table/data-table';
import { readTableState } from '@/components/data-table/table-state';
import { toAppError } from '@/lib/errors';
import { andFilters, fetchFullList, searchFilter } from '@/lib/records';

export type ExportColumn<T> = { header: string; value: (row: T) => CsvCell };

type PersonExportButtonProps<T> = {
  collection: string;
  /** The list's search fields and filters: the export follows what the list shows. */
  searchFields: string[];
  filters: DataTableFilter[];
  defaultSort: string;
  expand?: string;
  /** Every column of the file (more than the list shows, with the import's headers). */
  columns: ExportColumn<T>[];
  fileName: string;
  onError: (message: string) => void;
};

/**
 * "Export CSV" of every person matching the list's search and filters (read from the URL, as
 * the list does), with all their fields under the headers the import accepts.
 */
export function PersonExportButton<T extends RecordModel>({
  collection,
  searchFields,
  filters,
  defaultSort,
  expand,
  columns,
  fileName,
  onError,
}: PersonExportButtonProps<T>) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    const state = readTableState(
      searchParams,
      filters.map((f) => f.key),
    );
    const filter = andFilters(
      searchFilter(searchFields, state.q),
      ...filters.map((f) => (state.filters[f.key] ? f.toFilter(state.filters[f.key]) : '')),
    );
    setBusy(true);
    try {
      const rows = await fetchFullList<T>(collection, {
        sort: state.sort || defaultSort,
        filter,
        expand,
      });
      downloadCsv(
        fileName,
        await toCsv(
          columns.map((c) => c.header),
          rows.map((row) => columns.map((c) => c.value(row))),
        ),
      );
    } catch (error) {
      onError(toAppError(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={() => void exportCsv()}
      loading={busy}
    >
      {t('table.exportCsv')}
    </Button>
  );
}
