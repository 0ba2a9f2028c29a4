import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PlainTable, type PlainColumn } from '@/components/data-table/plain-table';
import { ownDirection } from '@/lib/format/own-direction';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { RowActions } from './row-actions';

export type RecordColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The cell's text is bold (the row's name or amount); a long one too. */
  strong?: boolean;
  /** A long text: wraps on two lines at most instead of widening the table. */
  long?: boolean;
};

export type RecordTableProps<T extends RecordModel> = {
  title: string;
  help?: string;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch'>;
  columns: RecordColumn<T>[];
  emptyTitle: string;
  emptyHint?: string;
  /** The table scrolls sideways below this width. */
  minWidth: number;
  /** "Add" in the header; absent without the permission. */
  add?: { label: string; ariaLabel?: string; onClick: () => void };
  /** Row actions; absent without the permission. */
  onEdit?: (row: T) => void;
  onRemove?: (row: T) => void;
  /** Rows whose buttons show (a paid expense is reversed, not edited). Default: every row. */
  canEditRow?: (row: T) => boolean;
  canRemoveRow?: (row: T) => boolean;
  /** Accessible names of a row's buttons ("Update the payment of 01/04/2026"). */
  editLabel?: (row: T) => string;
  removeLabel?: (row: T) => string;
  editTooltip?: string;
  /** Cells stay on one line (dates, amounts). */
  nowrap?: boolean;
  /** A link per row to its history in the activity monitor, with its accessible name. */
  history?: { href: (row: T) => string; label: (row: T) => string };
};

/**
 * A short list of records in a panel: title and "Add", loading, error and empty states, and
 * per row update and remove buttons (option lists, a person's dues, hours or tasks).
 */
export function RecordTable<T extends RecordModel>({
  title,
  help,
  query,
  columns,
  emptyTitle,
  emptyHint,
  minWidth,
  add,
  onEdit,
  onRemove,
  canEditRow,
  canRemoveRow,
  editLabel,
  removeLabel,
  editTooltip,
  nowrap = false,
  history,
}: RecordTableProps<T>) {
  const { t } = useTranslation();
  const actions = Boolean(onEdit || onRemove || history);
  const headingId = useId();

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Stack p="md">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  } else if (!query.data) {
    body = (
      <Stack p="md" gap="xs">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={32} />
        ))}
      </Stack>
    );
  } else if (query.data.length === 0) {
    body = <EmptyState title={emptyTitle} description={emptyHint} />;
  } else {
    const cells: PlainColumn<T>[] = columns.map((column) => ({
      key: column.key,
      header: column.header,
      ...(column.long
        ? {
            td: { miw: 120, maw: 360, style: { whiteSpace: 'normal' } },
            render: (row: T) => (
              <Text size="sm" lineClamp={2} fw={column.strong ? 600 : undefined}>
                {ownDirection(column.render(row))}
              </Text>
            ),
          }
        : { td: { fw: column.strong ? 600 : undefined }, render: column.render }),
    }));
    if (actions) {
      cells.push({
        key: 'actions',
        header: t('common.actions'),
        th: { w: history ? 128 : 96 },
        render: (row) => (
          <RowActions
            history={history ? { href: history.href(row), label: history.label(row) } : undefined}
            edit={
              onEdit && (canEditRow?.(row) ?? true)
                ? { label: editLabel?.(row), tooltip: editTooltip, onClick: () => onEdit(row) }
                : undefined
            }
            remove={
              onRemove && (canRemoveRow?.(row) ?? true)
                ? { label: removeLabel?.(row), onClick: () => onRemove(row) }
                : undefined
            }
          />
        ),
      });
    }
    body = (
      <PlainTable<T>
        stackOnPhone
        caption={title}
        rows={query.data}
        rowKey={(row) => row.id}
        columns={cells}
        minWidth={minWidth}
        tableProps={nowrap ? { styles: { td: { whiteSpace: 'nowrap' } } } : undefined}
      />
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" p="md" gap="sm" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {help && (
            <Text size="sm" c="dimmed">
              {help}
            </Text>
          )}
        </Stack>
        {add && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={add.onClick}
            aria-label={add.ariaLabel}
          >
            {add.label}
          </Button>
        )}
      </Group>
      {body}
    </Paper>
  );
}
