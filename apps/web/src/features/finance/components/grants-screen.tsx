import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { fieldLabelKey } from '@/components/resource/field-label';
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

type Values = Record<string, unknown>;

/** /finance/grants: donations received, grants with budget versus actual, and their deadlines. */
export function GrantsScreen() {
  const { t, i18n } = useTranslation();
  const f = (key: string) => t(`finance.columns.${key}`);
  const summaries = useGrantSummaries();
  const byVault = useVaultFilter(t(fieldLabelKey('donations', 'vault')));
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

      <RecordSection<GrantRecord, Values>
        collection={GRANTS}
        list={{ sort: 'title', expand: 'project' }}
        title={t('finance.grants.title')}
        help={t('finance.grants.help')}
        emptyTitle={t('finance.grants.empty')}
        minWidth={960}
        paramPrefix="grants"
        search={['title', 'donor', 'contract_number']}
        filters={[
          declaredChoiceFilter(
            GRANTS,
            'status',
            t(fieldLabelKey(GRANTS, 'status')),
            stateLabelOf(GRANTS, i18n.language),
          ),
        ]}
        csv="grants"
        csvCells={{
          received: (r) => summaries.data?.get(r.id)?.received ?? '',
          charged: (r) => summaries.data?.get(r.id)?.charged ?? '',
          remaining: (r) => summaries.data?.get(r.id)?.remaining ?? '',
          next: false,
        }}
        columns={[
          { field: 'title', strong: true, long: true, sort: true },
          { field: 'donor', long: true, sort: true },
          {
            field: 'status',
            render: (r) => <WorkflowBadge collection={GRANTS} status={r.status} />,
          },
          { field: 'awarded_amount', sort: true },
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
            { name: 'title' },
            { name: 'donor', half: true },
            { name: 'contract_number', half: true },
            { name: 'requested_amount', half: true },
            { name: 'awarded_amount', half: true },
            { name: 'period_start', half: true },
            { name: 'period_end', half: true },
            { name: 'project', half: true, props: { clearable: true } },
            // Its choices and their words come from the grant's workflow (the form reads it).
            { name: 'status', half: true },
          ],
          // Values and the body by the fields' types; a new grant starts as a draft.
          defaults: { status: 'draft' },
        }}
      />

      <RecordSection<DeadlineRecord, Values>
        collection={GRANT_DEADLINES}
        alsoRefresh={[GRANTS]}
        list={{ sort: 'due_on', expand: 'grant' }}
        title={t('finance.deadlines.title')}
        emptyTitle={t('finance.deadlines.empty')}
        minWidth={720}
        paramPrefix="deadlines"
        columns={[
          { field: 'due_on', strong: true, sort: true },
          { field: 'kind', render: (r) => t(`finance.deadlines.kinds.${r.kind}`) },
          { field: 'grant' },
          { field: 'done' },
          { field: 'notes', long: true },
        ]}
        texts={texts('deadlines', (r: DeadlineRecord) => t(`finance.deadlines.kinds.${r.kind}`))}
        dialog={{
          fields: [
            { name: 'grant' },
            {
              name: 'kind',
              half: true,
              optionLabel: (k) => t(`finance.deadlines.kinds.${k}`),
            },
            { name: 'due_on', half: true },
            { name: 'done' },
            { name: 'notes' },
          ],
          defaults: { kind: 'interim_report' },
        }}
      />
      <RecordSection<TrancheRecord, Values>
        collection={GRANT_TRANCHES}
        alsoRefresh={[GRANTS]}
        list={{ sort: 'expected_on', expand: 'grant,donation' }}
        title={t('finance.tranches.title')}
        emptyTitle={t('finance.tranches.empty')}
        minWidth={720}
        paramPrefix="tranches"
        columns={[
          { field: 'expected_on', sort: true },
          { field: 'grant', strong: true },
          { field: 'amount', sort: true },
          {
            field: 'donation',
            render: (r) => (r.donation ? (r.expand?.donation?.donor ?? '—') : '—'),
          },
          { field: 'notes', long: true },
        ]}
        texts={texts('tranches', (r: TrancheRecord) => nameOf(r.expand?.grant))}
        dialog={{
          fields: [
            { name: 'grant' },
            { name: 'amount', half: true },
            { name: 'expected_on', half: true },
            {
              name: 'donation',
              displayField: 'donor',
              props: { clearable: true },
            },
            { name: 'notes' },
          ],
        }}
      />
    </PageFrame>
  );
}
