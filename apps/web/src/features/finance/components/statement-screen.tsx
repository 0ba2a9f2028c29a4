import { Checkbox, Group, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { readTableState, writeTableState } from '@/lib/data/table-state';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { DateField } from '@/components/form/date-field';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { useStatement, type StatementParams } from '../api';
import { Money } from './money';
import { TableScroll } from '@/components/data-table/table-scroll';

/**
 * A vault's statement: its entries with the balance after each, from an opening balance line.
 * The server computes the running balance over the whole period, so it stays right on every
 * page, in either order, whatever the dates chosen.
 */
export function StatementScreen({ vaultId }: { vaultId: string }) {
  const { t } = useTranslation();
  // The period, the order and the page live in the address, as every list's do: a reload or a
  // link shows the same lines.
  const [search, setSearch] = useSearchParams();
  const state = readTableState(search, ['from', 'to']);
  const params: StatementParams = {
    from: state.filters.from ?? '',
    to: state.filters.to ?? '',
    page: state.page,
    sort: state.sort === '-date' ? 'desc' : 'asc',
  };
  const setParams = (next: StatementParams) =>
    setSearch(
      (prev) =>
        writeTableState(prev, {
          page: next.page,
          sort: next.sort === 'desc' ? '-date' : '',
          filters: { from: next.from, to: next.to },
        }),
      { replace: true },
    );
  const statement = useStatement(vaultId, params);
  const data = statement.data;
  const currency = data?.vault.currency;
  const title = data
    ? t('finance.vaults.statementOf', { name: data.vault.title })
    : t('pages.statement');
  const set = (patch: Partial<StatementParams>) => setParams({ ...params, page: 1, ...patch });
  // The opening line heads the first page in date order, the closing line the first page newest first.
  const openingRow = params.sort === 'asc' && params.page === 1;
  const closingRow = params.sort === 'desc' && params.page === 1;

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('finance.statement.back'), to: paths.finance.vaults.getHref() },
        { label: data?.vault.title ?? t('pages.statement') },
      ]}
    >
      <Paper withBorder radius="lg" p="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <DateField
            label={t('finance.statement.from')}
            value={params.from || null}
            onChange={(v) => set({ from: v ?? '' })}
            clearable
            w={180}
          />
          <DateField
            label={t('finance.statement.to')}
            value={params.to || null}
            onChange={(v) => set({ to: v ?? '' })}
            clearable
            w={180}
          />
          <Checkbox
            label={t('finance.statement.newestFirst')}
            checked={params.sort === 'desc'}
            onChange={(e) => set({ sort: e.currentTarget.checked ? 'desc' : 'asc' })}
            mb={8}
          />
        </Group>
      </Paper>
      {statement.isError ? (
        <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
      ) : !data ? (
        <Stack gap="xs">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={32} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Group justify="space-between" p="md" wrap="wrap" gap="sm">
            <Text size="sm">
              {t('finance.statement.opening')}:{' '}
              <b>
                <Money value={data.opening_balance} currency={currency} />
              </b>
            </Text>
            <Text size="sm">
              {t('finance.statement.closing')}:{' '}
              <b>
                <Money value={data.closing_balance} currency={currency} />
              </b>
            </Text>
          </Group>
          {data.totalItems === 0 ? (
            <EmptyState title={t('finance.statement.empty')} />
          ) : (
            <TableScroll minWidth={760} label={t('finance.statement.tableLabel')}>
              <Table
                verticalSpacing="sm"
                aria-label={t('finance.statement.tableLabel')}
                styles={{ td: { whiteSpace: 'nowrap' } }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(fieldLabelKey('ledger_entries', 'date'))}</Table.Th>
                    <Table.Th>{t(fieldLabelKey('ledger_entries', 'kind'))}</Table.Th>
                    <Table.Th>{t(fieldLabelKey('ledger_entries', 'statement'))}</Table.Th>
                    <Table.Th>{t(fieldLabelKey('ledger_entries', 'amount'))}</Table.Th>
                    <Table.Th>{t('finance.statement.running')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {openingRow && (
                    <Table.Tr data-testid="opening-line">
                      <Table.Td>{params.from ? formatDate(params.from) : '—'}</Table.Td>
                      <Table.Td colSpan={3} fw={600}>
                        {t('finance.statement.opening')}
                      </Table.Td>
                      <Table.Td fw={600}>
                        <Money value={data.opening_balance} currency={currency} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {closingRow && (
                    <Table.Tr>
                      <Table.Td>{params.to ? formatDate(params.to) : '—'}</Table.Td>
                      <Table.Td colSpan={3} fw={600}>
                        {t('finance.statement.closing')}
                      </Table.Td>
                      <Table.Td fw={600}>
                        <Money value={data.closing_balance} currency={currency} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.items.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>{formatDate(line.date)}</Table.Td>
                      <Table.Td>{t(`finance.statement.entryKinds.${line.kind}`)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'normal' }} miw={200}>
                        <Text size="sm" lineClamp={2}>
                          {line.statement || '—'}
                          {line.reverses && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              ({t('finance.statement.reversal')})
                            </Text>
                          )}
                        </Text>
                      </Table.Td>
                      <Table.Td c={line.amount < 0 ? 'red.8' : 'green.9'} fw={600}>
                        <Money value={line.amount} currency={currency} />
                      </Table.Td>
                      <Table.Td>
                        <Money value={line.running_balance} currency={currency} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
          {data.totalPages > 1 && (
            <Group justify="center" p="md">
              <Pagination
                total={data.totalPages}
                value={params.page}
                onChange={(page) => setParams({ ...params, page })}
                getControlProps={(control) => ({
                  'aria-label': `${t('finance.statement.pages')}: ${control}`,
                })}
                aria-label={t('finance.statement.pages')}
              />
            </Group>
          )}
        </Paper>
      )}
    </PageFrame>
  );
}
