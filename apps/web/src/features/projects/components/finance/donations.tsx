import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { StatCard } from '@/components/person/stat-card';
import { Money, sectionTexts } from '@/components/resource/money';
import { DonationsSection, type DonationRecord } from '@/components/donations/donations-section';
import { dateRangeFilters } from '@/components/resource/list-filters';
import { equalsFilter, useRecordTotals } from '@/lib/data/records';
import { PROJECT_MONEY_MOVES } from '../../finance-types';

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
      <DonationsSection
        owner={owner}
        alsoRefresh={PROJECT_MONEY_MOVES}
        title={f('title')}
        help={f('help')}
        emptyTitle={owner.field === 'activity' ? f('emptyActivity') : f('empty')}
        minWidth={820}
        paramPrefix="donations"
        filters={dateRangeFilters('received_on', { from: t('table.from'), to: t('table.to') })}
        csv={`donations-${owner.field}`}
        texts={sectionTexts<DonationRecord>(t, 'donations', (r) => r.donor, 'projects.finance')}
      />
    </Stack>
  );
}
