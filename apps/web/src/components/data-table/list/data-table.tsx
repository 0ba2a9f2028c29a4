import {
  Box,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  type MantineBreakpoint,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconDownload,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { toAppError } from '@/lib/errors';
import { ownDirection } from '@/lib/format/own-direction';
import { fetchFullList, searchFilter, useRecordList } from '@/lib/data/records';
import { DateField } from '@/components/form/date-field';
import { ChoiceFilter } from './choice-filter';
import { downloadCsv, toCsv, type CsvCell } from './csv';
import { PlainTable } from '../plain-table';
import { tableListParams, type TableSource } from '../../../lib/data/table-source';
import {
  nextSort,
  readTableState,
  sortDirection,
  writeTableState,
} from '../../../lib/data/table-state';

export type DataTableColumn<T> = {
  key: string;
  header: string;
  /** Sortable by this server field (`true`: by `key`). */
  sortField?: string | true;
  render?: (row: T) => ReactNode;
  /** The cell in the CSV export; by default the record's `key` value. `false`: not exported. */
  csv?: ((row: T) => CsvCell) | false;
  width?: number | string;
  /** Hidden on screens narrower than this breakpoint. */
  visibleFrom?: MantineBreakpoint;
  /** Only in the CSV export (a value the list shows elsewhere, or not at all). */
  exportOnly?: boolean;
  /** Takes the width the other columns leave; long text in it is cut to that width. */
  grow?: boolean;
  /**
   * Its header and each value on one line (a date and time, an address): beside a grown column
   * it would otherwise wrap at every word.
   */
  nowrap?: boolean;
  /**
   * On a phone, takes what the other columns leave (its long text is cut), so they (a status
   * badge) stay whole instead of scrolling out of sight (`.data-table-shrink`, global.css).
   */
  shrink?: boolean;
  /** The value is bold (the row's name or amount). */
  strong?: boolean;
  /** A long text: wraps on two lines at most instead of widening the table. */
  long?: boolean;
};

export type DataTableFilter = {
  /** Name of the URL search param. */
  key: string;
  label: string;
  /** `date`: a day picked in a date input (`YYYY-MM-DD`) instead of a choice from `options`. */
  kind?: 'select' | 'date';
  options: { value: string; label: string }[];
  /** A long list of choices (people) can be searched by typing. */
  searchable?: boolean;
  /** The filter expression for a chosen value. */
  toFilter: (value: string) => string;
};

/** The source (collection, base filter, expand, fields, default order, page size), then the rest. */
export type DataTableProps<T extends RecordModel> = TableSource & {
  columns: DataTableColumn<T>[];
  /** Accessible name of the table. */
  caption: string;
  searchFields?: string[];
  searchPlaceholder?: string;
  /** Accessible name of the search box (default "Search"). */
  searchLabel?: string;
  filters?: DataTableFilter[];
  /** Enables "Export CSV" with this file name. */
  csvFileName?: string;
  /** Prefix of the URL params, when a page shows two tables. */
  paramPrefix?: string;
  emptyTitle?: string;
  toolbar?: ReactNode;
  /**
   * A panel of its own (a screen showing several lists): a heading, its help, and "Add" (absent
   * without the permission). The panel is a region named by the heading.
   */
  heading?: {
    title: string;
    help?: string;
    add?: { label: string; ariaLabel?: string; onClick: () => void };
  };
  /** The table scrolls sideways below this width. */
  minWidth?: number;
  /** On a phone each row becomes a card of "label: value" lines (PlainTable). */
  stackOnPhone?: boolean;
  /** Every cell stays on one line (dates, amounts), except the `long` ones. */
  nowrap?: boolean;
};

function defaultCsv<T extends RecordModel>(row: T, key: string): CsvCell {
  const value: unknown = row[key];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as CsvCell;
}

const SEARCH_DEBOUNCE_MS = 300;
// `maxWidth: 0` lets a truncated text in the cell shrink instead of widening the table.
const GROW = { width: '100%', maxWidth: 0 } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const LONG = { minWidth: 120, maxWidth: 360, whiteSpace: 'normal' } as const;

/** A cell's value as a column declares it: bold, or a long text cut to two lines. */
function cellOf<T>(column: DataTableColumn<T>, value: ReactNode): ReactNode {
  if (column.long)
    return (
      <Text size="sm" lineClamp={2} fw={column.strong ? 600 : undefined}>
        {ownDirection(value)}
      </Text>
    );
  if (column.strong)
    return (
      <Text span inherit fw={600}>
        {value}
      </Text>
    );
  return value;
}

/**
 * Room for the filter's "Any …" label (in characters of the font), the chevron and the
 * padding; longer choices show whole in the dropdown.
 */
export function filterWidth(anyLabel: string): string {
  return `calc(${Math.min(Math.max(anyLabel.length, 12), 28)}ch + 3rem)`;
}

/**
 * A server-paginated list of a collection: sortable columns, search, filters, page size 30,
 * CSV export of every matching row; its state lives in the URL.
 */
export function DataTable<T extends RecordModel>({
  columns,
  caption,
  searchFields = [],
  searchPlaceholder,
  searchLabel,
  filters = [],
  csvFileName,
  paramPrefix = '',
  emptyTitle,
  toolbar,
  heading,
  minWidth,
  stackOnPhone,
  nowrap,
  ...source
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readTableState(
    searchParams,
    filters.map((f) => f.key),
    paramPrefix,
  );
  const [searchText, setSearchText] = useState(state.q);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  // The same request the route may have sent ahead (table-source.ts), so it is found there.
  const params = tableListParams(
    source,
    state,
    searchFilter(searchFields, state.q),
    ...filters.map((f) => (state.filters[f.key] ? f.toFilter(state.filters[f.key]) : '')),
  );
  const { collection } = source;
  const { filter, sort, expand, fields } = params;
  const query = useRecordList<T>(collection, params);

  // From the address as it is now, not as this render saw it: two filters changed before the
  // table re-renders (a person, then a date) must both stay.
  const update = (changes: Parameters<typeof writeTableState>[1]) =>
    setSearchParams(
      () => writeTableState(new URLSearchParams(window.location.search), changes, paramPrefix),
      { replace: true },
    );

  const pushSearch = useDebouncedCallback((value: string) => {
    update({ q: value.trim(), page: 1 });
  }, SEARCH_DEBOUNCE_MS);

  const exportCsv = async () => {
    if (!csvFileName) return;
    setExporting(true);
    setExportError(null);
    try {
      const rows = await fetchFullList<T>(collection, { sort, filter, expand, fields });
      const exported = columns.filter((c) => c.csv !== false);
      const csv = toCsv(
        exported.map((c) => c.header),
        rows.map((row) =>
          exported.map((c) => (typeof c.csv === 'function' ? c.csv(row) : defaultCsv(row, c.key))),
        ),
      );
      downloadCsv(csvFileName, csv);
    } catch (error) {
      setExportError(toAppError(error).message);
    } finally {
      setExporting(false);
    }
  };

  const shown = columns.filter((c) => !c.exportOnly);
  const data = query.data;
  const totalPages = data ? Math.max(1, data.totalPages) : 1;
  const filtered = Boolean(state.q) || Object.keys(state.filters).length > 0;

  const tools = searchFields.length > 0 || filters.length > 0 || Boolean(toolbar || csvFileName);
  const header = tools && (
    <Group justify="space-between" gap="sm" p="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
        {searchFields.length > 0 && (
          <TextInput
            aria-label={searchLabel ?? t('table.search')}
            placeholder={searchPlaceholder ?? t('table.search')}
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
            type="search"
          />
        )}
        {filters.map((f) => {
          // The forms' date field, so a day reads and is typed as everywhere else (the
          // browser's own date input follows the browser's language, not the app's).
          if (f.kind === 'date')
            return (
              <DateField
                key={f.key}
                aria-label={f.label}
                leftSection={
                  <Text size="xs" c="dimmed" px={4}>
                    {f.label}
                  </Text>
                }
                leftSectionWidth={f.label.length * 7 + 16}
                value={state.filters[f.key] || null}
                onChange={(value) => update({ filters: { [f.key]: value ?? '' }, page: 1 })}
                style={{ width: `calc(${f.label.length}ch + 10rem)`, maxWidth: '100%' }}
              />
            );
          const options = [{ value: '', label: t('table.any', { label: f.label }) }, ...f.options];
          return (
            <ChoiceFilter
              key={f.key}
              label={f.label}
              options={options}
              value={state.filters[f.key] ?? ''}
              onChange={(value) => update({ filters: { [f.key]: value }, page: 1 })}
              searchable={f.searchable}
              // As wide as its longest choice, so "Any Employment type" is never cut off.
              width={filterWidth(options[0].label)}
            />
          );
        })}
        {/* A name is allowed only with a role: "status" also tells a screen reader it is news. */}
        {query.isFetching && data && !heading && (
          <Loader size="xs" role="status" aria-label={t('common.loading')} />
        )}
      </Group>
      <Group gap="xs">
        {toolbar}
        {csvFileName && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!data || data.totalItems === 0}
          >
            {t('table.exportCsv')}
          </Button>
        )}
      </Group>
    </Group>
  );

  let body: ReactNode;
  if (query.isError && !data) {
    body = (
      <Box p="sm">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  } else if (!data) {
    body = (
      <Box p="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={36} mb={8} radius="sm" />
        ))}
      </Box>
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        title={filtered ? t('table.noMatches') : (emptyTitle ?? t('table.empty'))}
        action={
          filtered ? (
            <Button
              variant="subtle"
              onClick={() => {
                setSearchText('');
                update({
                  q: '',
                  page: 1,
                  filters: Object.fromEntries(filters.map((f) => [f.key, ''])),
                });
              }}
            >
              {t('table.clearFilters')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <PlainTable<T>
        caption={caption}
        rows={data.items}
        rowKey={(row) => row.id}
        minWidth={minWidth}
        stackOnPhone={stackOnPhone}
        tableProps={{
          'aria-rowcount': data.totalItems,
          style: { opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .15s' },
        }}
        columns={shown.map((column) => {
          const field = column.sortField === true ? column.key : column.sortField;
          const direction = field ? sortDirection(state.sort, field) : undefined;
          return {
            key: column.key,
            label: column.header,
            visibleFrom: column.visibleFrom,
            th: {
              w: column.width,
              'aria-sort': direction,
              style: column.nowrap ? NOWRAP : undefined,
            },
            td: {
              style: column.grow
                ? GROW
                : column.long
                  ? LONG
                  : column.nowrap || nowrap
                    ? NOWRAP
                    : undefined,
              className: column.shrink ? 'data-table-shrink' : undefined,
            },
            header: field ? (
              <UnstyledButton
                onClick={() => update({ sort: nextSort(state.sort, field), page: 1 })}
                fw={600}
                fz="sm"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                aria-label={t('table.sortBy', { column: column.header })}
              >
                {column.header}
                {direction === 'ascending' ? (
                  <IconSortAscending size={15} />
                ) : direction === 'descending' ? (
                  <IconSortDescending size={15} />
                ) : (
                  <IconArrowsSort size={15} opacity={0.4} />
                )}
              </UnstyledButton>
            ) : (
              column.header
            ),
            render: (row: T) =>
              cellOf(column, column.render ? column.render(row) : String(row[column.key] ?? '')),
          };
        })}
      />
    );
  }

  const title = heading && (
    <Group justify="space-between" p="md" pb={tools ? 0 : undefined} gap="sm" align="flex-start">
      <Stack gap={2} style={{ flex: '1 1 260px' }}>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz="lg" id={headingId}>
            {heading.title}
          </Title>
          {query.isFetching && data && (
            <Loader size="xs" role="status" aria-label={t('common.loading')} />
          )}
        </Group>
        {heading.help && (
          <Text size="sm" c="dimmed">
            {heading.help}
          </Text>
        )}
      </Stack>
      {heading.add && (
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={heading.add.onClick}
          aria-label={heading.add.ariaLabel}
        >
          {heading.add.label}
        </Button>
      )}
    </Group>
  );

  return (
    <Paper
      withBorder
      radius="lg"
      shadow={heading ? undefined : 'xs'}
      style={{ overflow: 'hidden' }}
      component={heading ? 'section' : 'div'}
      aria-labelledby={heading ? headingId : undefined}
    >
      {title}
      {header}
      {exportError && (
        <Text c="red" size="sm" px="sm" pb="xs" role="alert">
          {exportError}
        </Text>
      )}
      {body}
      {data && data.totalItems > 0 && (
        <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('table.summary', {
              from: (data.page - 1) * data.perPage + 1,
              to: (data.page - 1) * data.perPage + data.items.length,
              total: data.totalItems,
            })}
          </Text>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={Math.min(state.page, totalPages)}
              onChange={(page) => update({ page })}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': t(`table.pagination.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('table.pagination.page', { page }) })}
            />
          )}
        </Group>
      )}
    </Paper>
  );
}
