import { SimpleGrid, Stack } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useTranslation } from '@/lib/i18n/use-translation';
import { StatCard } from '@/components/person/stat-card';
import { Money, sectionTexts } from '@/components/resource/money';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters } from '@/components/resource/list-filters';
import { formatDate, fromApiDate, todayInput, toApiDate } from '@/lib/format/date';
import { equalsFilter, useRecordTotals } from '@/lib/records';
import { PROJECT_MONEY_MOVES } from '../../finance-types';

type DonationRecord = RecordModel & {
  donor: string;
  amount: number;
  transaction_fees: number;
  received_on: string;
  statement: string;
};
type DonationValues = {
  donor: string;
  amount: number | null;
  transaction_fees: number | null;
  received_on: string | null;
  statement: string;
};

const DONATIONS = 'donations';

/** Whose donations: a project's (all of them) or one activity's. */
export type MoneyOwner = { field: 'project' | 'activity'; id: string };

/**
 * Donations into the project's vault: the ledger's donations with the project (or the
 * activity) set; the server books them into the project vault, the fees as their own entry.
 */
export function DonationsPanel({
  owner,
  withSummary = true,
}: {
  owner: MoneyOwner;
  /** The totals above the table (an activity shows its own, with its expenses). */
  withSummary?: boolean;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`projects.finance.donations.${key}`);
  const filter = equalsFilter(owner.field, owner.id);
  // The owner's figures, summed by the server: the list below holds one page only.
  const totals = useRecordTotals(
    DONATIONS,
    { filter, sum: ['amount', 'transaction_fees'] },
    { enabled: withSummary },
  ).data;
  return (
    <Stack gap="lg">
      {withSummary && totals && (
        <SimpleGrid cols={{ base: 2, md: 3 }} aria-label={f('summary')}>
          <StatCard label={f('total')} value={<Money value={totals.sums.amount} />} />
          <StatCard label={f('fees')} value={<Money value={totals.sums.transaction_fees} />} />
          <StatCard label={f('count')} value={totals.count} ltr />
        </SimpleGrid>
      )}
      <RecordSection<DonationRecord, DonationValues>
        collection={DONATIONS}
        alsoRefresh={PROJECT_MONEY_MOVES}
        list={{ sort: '-received_on,-created', filter }}
        title={f('title')}
        help={f('help')}
        emptyTitle={owner.field === 'activity' ? f('emptyActivity') : f('empty')}
        minWidth={720}
        paramPrefix="donations"
        search={['donor', 'statement']}
        sortable={{ received_on: true, donor: true, amount: true, fees: 'transaction_fees' }}
        filters={dateRangeFilters('received_on', { from: t('table.from'), to: t('table.to') })}
        csv={`donations-${owner.field}`}
        csvCells={{ fees: (r) => r.transaction_fees }}
        columns={[
          { key: 'received_on', header: f('receivedOn'), render: (r) => formatDate(r.received_on) },
          { key: 'donor', header: f('donor'), strong: true, render: (r) => r.donor },
          {
            key: 'amount',
            header: f('amount'),
            strong: true,
            render: (r) => <Money value={r.amount} />,
          },
          { key: 'fees', header: f('fees'), render: (r) => <Money value={r.transaction_fees} /> },
          {
            key: 'statement',
            header: f('statement'),
            long: true,
            render: (r) => r.statement || '—',
          },
        ]}
        texts={sectionTexts<DonationRecord>(t, 'donations', (r) => r.donor, 'projects.finance')}
        dialog={{
          fields: [
            { name: 'donor', label: f('donor') },
            { name: 'amount', label: f('amount'), half: true },
            { name: 'transaction_fees', label: f('fees'), half: true },
            { name: 'received_on', label: f('receivedOn'), half: true },
            { name: 'statement', label: f('statement') },
          ],
          initialValues: (r) => ({
            donor: r?.donor ?? '',
            amount: r?.amount ?? null,
            transaction_fees: r?.transaction_fees ?? null,
            received_on: r ? fromApiDate(r.received_on) : todayInput(),
            statement: r?.statement ?? '',
          }),
          toBody: (v) => ({
            [owner.field]: owner.id,
            donor: v.donor.trim(),
            amount: v.amount,
            transaction_fees: v.transaction_fees ?? 0,
            received_on: toApiDate(v.received_on),
            statement: v.statement.trim(),
          }),
        }}
      />
    </Stack>
  );
}
