import {
  Table,
  VisuallyHidden,
  type MantineBreakpoint,
  type TableProps,
  type TableTdProps,
  type TableThProps,
  type TableTrProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ownDirection } from '@/lib/format/own-direction';
import { TableScroll } from './table-scroll';

export type PlainColumn<T> = {
  key: string;
  header: ReactNode;
  /** The header as plain text, shown beside each value when rows stack on a phone. */
  label?: string;
  render: (row: T) => ReactNode;
  /** Hidden on screens narrower than this breakpoint (header and cells). */
  visibleFrom?: MantineBreakpoint;
  /** Props of the header cell (width, `aria-sort`, style). */
  th?: TableThProps;
  /** Props of each cell, fixed or per row (a red cell for an error). */
  td?: TableTdProps | ((row: T) => TableTdProps);
  /**
   * Stays in view at the table's start or end while the table scrolls sideways (the row's name
   * and its total in a wide register).
   */
  sticky?: 'start' | 'end';
};

type PlainTableProps<T> = {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly PlainColumn<T>[];
  /** The table's accessible name. */
  caption: string;
  /** The table scrolls sideways below this width. */
  minWidth?: number;
  /** The table scrolls down past this height (its header stays when `stickyHeader`). */
  maxHeight?: number;
  /** Props of each row (`data-testid`, a background). */
  rowProps?: (row: T) => TableTrProps & Record<`data-${string}`, unknown>;
  /** Table looks other than the default (borders, stripes, spacing, sticky header). */
  tableProps?: Omit<TableProps, 'children' | 'aria-label'>;
  /**
   * On a phone (below 48em, 768 px) each row becomes a card of "label: value" lines instead of a table
   * that scrolls sideways, where the columns past the screen's edge (often the status and the
   * row's buttons) are easy to miss.
   */
  stackOnPhone?: boolean;
};

/** A cell's props with the sticky column's class added to its own (global.css). */
function withSticky<P extends { className?: string }>(
  props: P | undefined,
  sticky?: 'start' | 'end',
) {
  if (!sticky) return props;
  const sticks = `table-sticky-${sticky}`;
  return { ...props, className: props?.className ? `${props.className} ${sticks}` : sticks };
}

/**
 * The one way to draw a table of rows in the app: a header row, one row per item, and sideways
 * scrolling when the screen is narrower than `minWidth`. The list page, the record panels, the
 * backups list and the import preview draw their rows with it.
 */
export function PlainTable<T>({
  rows,
  rowKey,
  columns,
  caption,
  minWidth = 0,
  maxHeight,
  rowProps,
  tableProps,
  stackOnPhone = false,
}: PlainTableProps<T>) {
  const { t } = useTranslation();
  // A table whose rows CSS turns into blocks loses its table semantics in some browsers:
  // the roles keep it a table for screen readers.
  const role = (name: string) => (stackOnPhone ? { role: name } : {});
  const labelOf = (column: PlainColumn<T>) =>
    column.label ?? (typeof column.header === 'string' ? column.header : '');
  return (
    <TableScroll
      minWidth={minWidth}
      maxHeight={maxHeight}
      label={caption}
      className={stackOnPhone ? 'plain-table-stack' : undefined}
    >
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={caption}
        {...role('table')}
        {...tableProps}
      >
        <Table.Thead {...role('rowgroup')}>
          <Table.Tr {...role('row')}>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                visibleFrom={column.visibleFrom}
                {...role('columnheader')}
                {...withSticky(column.th, column.sticky)}
              >
                {column.header || (
                  // A column without a visible header (row buttons) still has a name for
                  // screen readers: every column has a header cell.
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody {...role('rowgroup')}>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...role('row')} {...rowProps?.(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  visibleFrom={column.visibleFrom}
                  data-label={stackOnPhone ? labelOf(column) || undefined : undefined}
                  {...role('cell')}
                  {...withSticky(
                    typeof column.td === 'function' ? column.td(row) : column.td,
                    column.sticky,
                  )}
                >
                  {ownDirection(column.render(row))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
