import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { stateLabelOf } from '@/lib/workflow';
import { useGrantSummaries, useVaultFilter } from '../api';
import { DonationsSection, type DonationRecord } from '@/components/donations/donations-section';
import {
  GRANT_DEADLINES,
  GRANT_TRANCHES,
  GRANTS,
  MONEY_MOVES,
  type DeadlineRecord,
  type TrancheRecord,
  type GrantRecord,
} from '../types';
import { Money, nameOf, sectionTexts } from './money';

type GrantValues = {
  donor: string;
  title: string;
  contract_number: string;
  requested_amount: number | null;
  awarded_amount: number | null;
  period_start: string | null;
  period_end: string | null;
  project: string | null;
  status: string | null;
};
type TrancheValues = {
  grant: string | null;
  amount: number | null;
  expected_on: string | null;
  donation: string | null;
  notes: string;
};
type DeadlineValues = {
  grant: string | null;
  kind: string | null;
  due_on: string | null;
  done: boolean;
  notes: string;
};

/** /finance/grants: donations received, grants with budget versus actual, and their deadlines. */
export function GrantsScreen() {
  const { t, i18n } = useTranslation();
  const f = (key: string) => t(`finance.fields.${key}`);
  const summaries = useGrantSummaries();
  const byVault = useVaultFilter(f('vault'));
  const range = { from: t('table.from'), to: t('table.to') };
  const texts = <T,>(prefix: string, name: (r: T) => string) => sectionTexts<T>(t, prefix, name);
  return (
    <PageFrame
      title={t('pages.grants')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.grants') },
      ]}
    >
      <DonationsSection
        alsoRefresh={MONEY_MOVES}
        title={t('finance.donations.title')}
        help={t('finance.donations.help')}
        emptyTitle={t('finance.donations.empty')}
        minWidth={980}
        filters={[...byVault, ...dateRangeFilters('received_on', range)]}
        csv="donations"
        texts={texts('donations', (r: DonationRecord) => r.donor)}
      />

      <RecordSection<GrantRecord, GrantValues>
        collection={GRANTS}
        list={{ sort: 'title', expand: 'project' }}
        title={t('finance.grants.title')}
        help={t('finance.grants.help')}
        emptyTitle={t('finance.grants.empty')}
        minWidth={960}
        paramPrefix="grants"
        search={['title', 'donor', 'contract_number']}
        sortable={{ title: true, donor: true, awarded: 'awarded_amount' }}
        filters={[
          declaredChoiceFilter(GRANTS, 'status', f('status'), stateLabelOf(GRANTS, i18n.language)),
        ]}
        csv="grants"
        csvCells={{
          awarded: (r) => r.awarded_amount,
          received: (r) => summaries.data?.get(r.id)?.received ?? '',
          charged: (r) => summaries.data?.get(r.id)?.charged ?? '',
          remaining: (r) => summaries.data?.get(r.id)?.remaining ?? '',
          next: false,
        }}
        columns={[
          { key: 'title', header: f('title'), strong: true, long: true, render: (r) => r.title },
          { key: 'donor', header: f('donor'), long: true, render: (r) => r.donor },
          {
            key: 'status',
            header: f('status'),
            render: (r) => <WorkflowBadge collection={GRANTS} status={r.status} />,
          },
          {
            key: 'awarded',
            header: f('awarded'),
            render: (r) => <Money value={r.awarded_amount} />,
          },
          {
            key: 'received',
            header: f('received'),
            render: (r) => <Money value={summaries.data?.get(r.id)?.received} />,
          },
          {
            key: 'charged',
            header: f('charged'),
            render: (r) => <Money value={summaries.data?.get(r.id)?.charged} />,
          },
          {
            key: 'remaining',
            header: f('remaining'),
            strong: true,
            render: (r) => <Money value={summaries.data?.get(r.id)?.remaining} />,
          },
          {
            key: 'next',
            header: f('nextDeadline'),
            long: true,
            render: (r) => {
              const next = summaries.data?.get(r.id)?.next_deadline;
              return next
                ? `${t(`finance.deadlines.kinds.${next.kind}`)} · ${formatDate(next.due_on)}`
                : '—';
            },
          },
        ]}
        texts={texts('grants', (r: GrantRecord) => r.title)}
        dialog={{
          fields: [
            { name: 'title', label: f('title') },
            { name: 'donor', label: f('donor'), half: true },
            { name: 'contract_number', label: f('contract'), half: true },
            { name: 'requested_amount', label: f('requested'), half: true },
            { name: 'awarded_amount', label: f('awarded'), half: true },
            { name: 'period_start', label: f('periodStart'), half: true },
            { name: 'period_end', label: f('periodEnd'), half: true },
            { name: 'project', label: f('project'), half: true, props: { clearable: true } },
            // Its choices and their words come from the grant's workflow (the form reads it).
            { name: 'status', label: f('status'), half: true },
          ],
          // Values and the body by the fields' types; a new grant starts as a draft.
          defaults: { status: 'draft' },
        }}
      />

      <RecordSection<DeadlineRecord, DeadlineValues>
        collection={GRANT_DEADLINES}
        alsoRefresh={[GRANTS]}
        list={{ sort: 'due_on', expand: 'grant' }}
        title={t('finance.deadlines.title')}
        emptyTitle={t('finance.deadlines.empty')}
        minWidth={720}
        paramPrefix="deadlines"
        sortable={{ due_on: true }}
        columns={[
          { key: 'due_on', header: f('dueOn'), strong: true, render: (r) => formatDate(r.due_on) },
          { key: 'kind', header: f('kind'), render: (r) => t(`finance.deadlines.kinds.${r.kind}`) },
          { key: 'grant', header: f('grant'), render: (r) => nameOf(r.expand?.grant) },
          { key: 'done', header: f('done'), render: (r) => (r.done ? '✓' : '—') },
          { key: 'notes', header: f('notes'), long: true, render: (r) => r.notes || '—' },
        ]}
        texts={texts('deadlines', (r: DeadlineRecord) => t(`finance.deadlines.kinds.${r.kind}`))}
        dialog={{
          fields: [
            { name: 'grant', label: f('grant') },
            {
              name: 'kind',
              label: f('kind'),
              half: true,
              optionLabel: (k) => t(`finance.deadlines.kinds.${k}`),
            },
            { name: 'due_on', label: f('dueOn'), half: true },
            { name: 'done', label: f('done') },
            { name: 'notes', label: f('notes') },
          ],
          defaults: { kind: 'interim_report' },
        }}
      />
      <RecordSection<TrancheRecord, TrancheValues>
        collection={GRANT_TRANCHES}
        alsoRefresh={[GRANTS]}
        list={{ sort: 'expected_on', expand: 'grant,donation' }}
        title={t('finance.tranches.title')}
        emptyTitle={t('finance.tranches.empty')}
        minWidth={720}
        paramPrefix="tranches"
        sortable={{ expected_on: true, amount: true }}
        columns={[
          { key: 'expected_on', header: f('expectedOn'), render: (r) => formatDate(r.expected_on) },
          {
            key: 'grant',
            header: f('grant'),
            strong: true,
            render: (r) => nameOf(r.expand?.grant),
          },
          { key: 'amount', header: f('amount'), render: (r) => <Money value={r.amount} /> },
          {
            key: 'donation',
            header: f('receivedAs'),
            render: (r) => (r.donation ? (r.expand?.donation?.donor ?? '—') : '—'),
          },
          { key: 'notes', header: f('notes'), long: true, render: (r) => r.notes || '—' },
        ]}
        texts={texts('tranches', (r: TrancheRecord) => nameOf(r.expand?.grant))}
        dialog={{
          fields: [
            { name: 'grant', label: f('grant') },
            { name: 'amount', label: f('amount'), half: true },
            { name: 'expected_on', label: f('expectedOn'), half: true },
            {
              name: 'donation',
              label: f('receivedAs'),
              displayField: 'donor',
              props: { clearable: true },
            },
            { name: 'notes', label: f('notes') },
          ],
        }}
      />
    </PageFrame>
  );
}
