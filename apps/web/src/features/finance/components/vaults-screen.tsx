import {
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { ErrorState } from '@/components/page/error-state';
import { RecordSection } from '@/components/resource/record-section';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { useVaultSummaries } from '../api';
import {
  CASH_COUNTS,
  MONEY_MOVES,
  TRANSFERS,
  VAULTS,
  type CashCountRecord,
  type TransferRecord,
  type VaultRecord,
  type VaultSummary,
} from '../types';
import { Money, today } from './money';

/** One vault's figures: balance, on hold, free, and its statement. */
function VaultCard({ vault }: { vault: VaultSummary }) {
  const { t } = useTranslation();
  const free = vault.free;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={vault.title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} fz="md" lineClamp={1}>
            {vault.title}
          </Title>
          <Badge variant="light" tt="none" miw="max-content">
            {t(`finance.kinds.${vault.kind}`)}
          </Badge>
        </Group>
        {vault.project_title && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t('finance.vaults.projectOf', { name: vault.project_title })}
          </Text>
        )}
        <Text fw={700} fz="xl" c={vault.balance <= 0 ? 'red.8' : undefined}>
          <Money value={vault.balance} currency={vault.currency} />
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            {t('finance.columns.onHold')}: <Money value={vault.on_hold} currency={vault.currency} />
          </Text>
          <Text size="sm" c={free < 0 ? 'red.8' : undefined}>
            {t('finance.columns.free')}: <Money value={free} currency={vault.currency} />
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={paths.finance.statement.getHref(vault.id)}
          size="sm"
          aria-label={t('finance.vaults.statementOf', { name: vault.title })}
        >
          {t('finance.vaults.statement')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

type Values = Record<string, unknown>;

/** /finance/vaults: every vault's balance, on hold and free; transfers and cash counts. */
export function VaultsScreen() {
  const { t } = useTranslation();
  const summaries = useVaultSummaries();
  const common = (prefix: string) => ({
    add: t(`finance.${prefix}.add`),
    addTitle: t(`finance.${prefix}.addTitle`),
    saved: (row: { title?: string }) =>
      t('finance.saved', { name: row.title ?? t(`finance.${prefix}.title`) }),
  });

  return (
    <PageFrame
      title={t('pages.vaults')}
      description={t('finance.vaults.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.vaults') },
      ]}
    >
      {summaries.isError ? (
        <ErrorState error={summaries.error} onRetry={() => void summaries.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label={t('finance.vaults.cardsLabel')}>
          {summaries.data
            ? summaries.data.map((vault) => <VaultCard key={vault.id} vault={vault} />)
            : Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={150} radius="lg" />)}
        </SimpleGrid>
      )}

      <RecordSection<TransferRecord, Values>
        collection={TRANSFERS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: '-date,-created', expand: 'from_vault,to_vault' }}
        title={t('finance.transfers.title')}
        help={t('finance.transfers.help')}
        emptyTitle={t('finance.transfers.empty')}
        minWidth={720}
        paramPrefix="transfers"
        search={['statement', 'from_vault.title', 'to_vault.title']}
        csv="transfers"
        noEdit
        columns={[
          { field: 'date', sort: true },
          { field: 'from_vault' },
          { field: 'to_vault' },
          { field: 'amount', strong: true, sort: true },
          { field: 'statement', long: true },
        ]}
        texts={{
          ...common('transfers'),
          saved: (r) => t('finance.transfers.label', { amount: r.amount }),
          editOf: (r) => t('finance.transfers.label', { amount: r.amount }),
          removeOf: (r) => t('finance.transfers.label', { amount: r.amount }),
          removeConfirm: (r) => t('finance.transfers.label', { amount: r.amount }),
        }}
        dialog={{
          fields: [
            { name: 'from_vault', half: true },
            { name: 'to_vault', half: true },
            { name: 'amount', half: true },
            { name: 'date', half: true },
            { name: 'statement' },
          ],
          defaults: { date: today() },
        }}
      />

      <RecordSection<CashCountRecord, Values>
        collection={CASH_COUNTS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: '-date,-created', expand: 'vault' }}
        title={t('finance.counts.title')}
        help={t('finance.counts.help')}
        emptyTitle={t('finance.counts.empty')}
        minWidth={760}
        paramPrefix="counts"
        search={['reason', 'vault.title']}
        csv="cash-counts"
        noEdit
        columns={[
          { field: 'date', sort: true },
          { field: 'vault' },
          { field: 'counted', strong: true },
          { field: 'expected' },
          { field: 'difference', sort: true },
          { field: 'reason', long: true },
        ]}
        texts={{
          ...common('counts'),
          saved: (r) => t('finance.counts.label', { date: formatDate(r.date) }),
          editOf: (r) => t('finance.counts.label', { date: formatDate(r.date) }),
          removeOf: (r) => t('finance.counts.label', { date: formatDate(r.date) }),
          removeConfirm: (r) => t('finance.counts.label', { date: formatDate(r.date) }),
        }}
        dialog={{
          fields: [
            { name: 'vault', half: true },
            { name: 'counted', half: true },
            { name: 'date', half: true },
            { name: 'reason' },
          ],
          defaults: { date: today() },
        }}
      />

      <RecordSection<VaultRecord, Values>
        collection={VAULTS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: 'kind,title' }}
        title={t('finance.vaults.title')}
        emptyTitle={t('finance.vaults.empty')}
        minWidth={640}
        paramPrefix="vaults"
        search={['title']}
        columns={[
          { field: 'title', strong: true, sort: true },
          { field: 'kind', render: (r) => t(`finance.kinds.${r.kind}`) },
          { field: 'currency' },
          {
            field: 'float_limit',
            render: (r) => (r.float_limit ? <Money value={r.float_limit} /> : '—'),
          },
          {
            field: 'balance',
            sort: true,
            render: (r) => <Money value={r.balance} currency={r.currency} />,
          },
        ]}
        removable={(r) => r.kind !== 'project'}
        texts={{
          ...common('vaults'),
          editTitle: () => t('finance.vaults.editTitle'),
          saved: (r) => t('finance.saved', { name: r.title }),
          editOf: (r) => t('finance.editOf', { name: r.title }),
          removeOf: (r) => t('finance.removeOf', { name: r.title }),
          removeConfirm: (r) => t('finance.removeConfirm', { name: r.title }),
          historyOf: (r) => t('activity.historyOf', { name: r.title }),
        }}
        dialog={{
          fields: [
            { name: 'title' },
            { name: 'kind', half: true, optionLabel: (k) => t(`finance.kinds.${k}`) },
            { name: 'currency', half: true },
            { name: 'float_limit', description: t('finance.columns.floatLimitHint'), half: true },
            { name: 'active', half: true },
          ],
          defaults: { kind: 'cash', currency: 'USD', active: true },
        }}
      />
    </PageFrame>
  );
}
