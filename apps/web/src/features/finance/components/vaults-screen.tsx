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
import { formatDate, toApiDate } from '@/lib/format/date';
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
import { Money, nameOf, today } from './money';

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
            {t('finance.fields.onHold')}: <Money value={vault.on_hold} currency={vault.currency} />
          </Text>
          <Text size="sm" c={free < 0 ? 'red.8' : undefined}>
            {t('finance.fields.free')}: <Money value={free} currency={vault.currency} />
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

type VaultValues = {
  title: string;
  kind: string | null;
  currency: string;
  float_limit: number | null;
  active: boolean;
};
type TransferValues = {
  from_vault: string | null;
  to_vault: string | null;
  amount: number | null;
  date: string | null;
  statement: string;
};
type CountValues = {
  vault: string | null;
  counted: number | null;
  date: string | null;
  reason: string;
};

/** /finance/vaults: every vault's balance, on hold and free; transfers and cash counts. */
export function VaultsScreen() {
  const { t } = useTranslation();
  const summaries = useVaultSummaries();
  const f = (key: string) => t(`finance.fields.${key}`);
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

      <RecordSection<TransferRecord, TransferValues>
        collection={TRANSFERS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: '-date,-created', expand: 'from_vault,to_vault' }}
        title={t('finance.transfers.title')}
        help={t('finance.transfers.help')}
        emptyTitle={t('finance.transfers.empty')}
        minWidth={720}
        paramPrefix="transfers"
        search={['statement', 'from_vault.title', 'to_vault.title']}
        sortable={{ date: true, amount: true }}
        csv="transfers"
        csvCells={{
          from: (r) => nameOf(r.expand?.from_vault),
          to: (r) => nameOf(r.expand?.to_vault),
        }}
        noEdit
        columns={[
          { key: 'date', header: f('date'), render: (r) => formatDate(r.date) },
          { key: 'from', header: f('fromVault'), render: (r) => nameOf(r.expand?.from_vault) },
          { key: 'to', header: f('toVault'), render: (r) => nameOf(r.expand?.to_vault) },
          {
            key: 'amount',
            header: f('amount'),
            strong: true,
            render: (r) => <Money value={r.amount} />,
          },
          {
            key: 'statement',
            header: f('statement'),
            long: true,
            render: (r) => r.statement || '—',
          },
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
            { name: 'from_vault', label: f('fromVault'), half: true },
            { name: 'to_vault', label: f('toVault'), half: true },
            { name: 'amount', label: f('amount'), half: true },
            { name: 'date', label: f('date'), half: true },
            { name: 'statement', label: f('statement') },
          ],
          initialValues: () => ({
            from_vault: null,
            to_vault: null,
            amount: null,
            date: today(),
            statement: '',
          }),
          toBody: (v) => ({ ...v, date: toApiDate(v.date), statement: v.statement.trim() }),
        }}
      />

      <RecordSection<CashCountRecord, CountValues>
        collection={CASH_COUNTS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: '-date,-created', expand: 'vault' }}
        title={t('finance.counts.title')}
        help={t('finance.counts.help')}
        emptyTitle={t('finance.counts.empty')}
        minWidth={760}
        paramPrefix="counts"
        search={['reason', 'vault.title']}
        sortable={{ date: true, difference: true }}
        csv="cash-counts"
        noEdit
        columns={[
          { key: 'date', header: f('date'), render: (r) => formatDate(r.date) },
          { key: 'vault', header: f('vault'), render: (r) => nameOf(r.expand?.vault) },
          {
            key: 'counted',
            header: f('counted'),
            strong: true,
            render: (r) => <Money value={r.counted} />,
          },
          { key: 'expected', header: f('expected'), render: (r) => <Money value={r.expected} /> },
          {
            key: 'difference',
            header: f('difference'),
            render: (r) => <Money value={r.difference} />,
          },
          { key: 'reason', header: f('reason'), long: true, render: (r) => r.reason || '—' },
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
            { name: 'vault', label: f('vault'), half: true },
            { name: 'counted', label: f('counted'), half: true },
            { name: 'date', label: f('date'), half: true },
            { name: 'reason', label: f('reason') },
          ],
          initialValues: () => ({ vault: null, counted: null, date: today(), reason: '' }),
          toBody: (v) => ({ ...v, date: toApiDate(v.date), reason: v.reason.trim() }),
        }}
      />

      <RecordSection<VaultRecord, VaultValues>
        collection={VAULTS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: 'kind,title' }}
        title={t('finance.vaults.title')}
        emptyTitle={t('finance.vaults.empty')}
        minWidth={640}
        paramPrefix="vaults"
        search={['title']}
        sortable={{ title: true, balance: true }}
        columns={[
          { key: 'title', header: f('title'), strong: true, render: (r) => r.title },
          { key: 'kind', header: f('kind'), render: (r) => t(`finance.kinds.${r.kind}`) },
          { key: 'currency', header: f('currency'), render: (r) => r.currency },
          {
            key: 'float',
            header: f('floatLimit'),
            render: (r) => (r.float_limit ? <Money value={r.float_limit} /> : '—'),
          },
          {
            key: 'balance',
            header: f('balance'),
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
            { name: 'title', label: f('title') },
            {
              name: 'kind',
              label: f('kind'),
              half: true,
              optionLabel: (k) => t(`finance.kinds.${k}`),
            },
            { name: 'currency', label: f('currency'), half: true },
            {
              name: 'float_limit',
              label: f('floatLimit'),
              description: f('floatLimitHint'),
              half: true,
            },
            { name: 'active', label: f('active'), half: true },
          ],
          initialValues: (r) => ({
            title: r?.title ?? '',
            kind: r?.kind ?? 'cash',
            currency: r?.currency ?? 'USD',
            float_limit: r?.float_limit ?? null,
            active: r?.active ?? true,
          }),
          toBody: (v) => ({ ...v, title: v.title.trim(), float_limit: v.float_limit ?? 0 }),
        }}
      />
    </PageFrame>
  );
}
