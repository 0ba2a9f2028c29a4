import { SimpleGrid, Stack } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useTranslation } from '@/lib/i18n/use-translation';
import { workflowColumns } from '@/components/workflow/workflow-columns';
import { StatCard } from '@/components/person/stat-card';
import { Money, sectionTexts } from '@/components/resource/money';
import { fieldLabelKey } from '@/components/resource/field-label';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { fromApiDate, todayInput, toApiDate } from '@/lib/format/date';
import { fromMinorUnits, toMinorUnits } from '@/lib/format/money';
import { andFilters, equalsFilter, useFullList, useRecordTotals } from '@/lib/data/records';
import { stateLabelOf, workflowRowRules } from '@/lib/workflow';
import type { ActivityRecord } from '../../types';
import { DonationsPanel } from './donations';

type ExpenseRecord = RecordModel & {
  beneficiary: string;
  amount: number;
  date: string;
  status: string;
  statement: string;
};
type ExpenseValues = {
  beneficiary: string;
  amount: number | null;
  date: string | null;
  statement: string;
};

const EXPENSES = 'expenses';

/** What the activity received and spent, summed in cents: only paid expenses left the vault. */
function ActivityTotals({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`projects.finance.activityMoney.${key}`);
  const filter = equalsFilter('activity', activityId);
  // Summed by the server under each list's own access, so no list is fetched whole for them.
  const donations = useRecordTotals('donations', { filter, sum: ['amount', 'transaction_fees'] });
  const expenses = useRecordTotals(EXPENSES, {
    filter: andFilters(filter, equalsFilter('status', 'paid')),
    sum: ['amount'],
  });
  if (!donations.data || !expenses.data) return null;
  // In cents, as addMoney counts.
  const received = toMinorUnits(donations.data.sums.amount) ?? 0;
  const fees = toMinorUnits(donations.data.sums.transaction_fees) ?? 0;
  const paid = toMinorUnits(expenses.data.sums.amount) ?? 0;
  const amount = (cents: number) => <Money value={fromMinorUnits(cents)} />;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} aria-label={f('summary')}>
      <StatCard label={f('received')} value={amount(received)} />
      <StatCard label={f('fees')} value={amount(fees)} />
      <StatCard label={f('spent')} value={amount(paid)} />
      <StatCard label={f('balance')} value={amount(received - fees - paid)} />
    </SimpleGrid>
  );
}

/**
 * An activity's Finance tab: its donations and expenses, booked through the ledger in its
 * project's vault (the server places them there), and what they add up to.
 */
export function ActivityFinanceTab({ activity }: { activity: ActivityRecord }) {
  const { t, i18n } = useTranslation();
  const f = (key: string) => t(`projects.finance.activityMoney.${key}`);
  const canDonations = useCanAct('donations', 'list');
  const canExpenses = useCanAct(EXPENSES, 'list');
  // Expenses name their vault: the project's (the server refuses any other).
  const vault = useFullList<RecordModel>(
    'vaults',
    {
      filter: andFilters(
        equalsFilter('project', activity.project),
        equalsFilter('kind', 'project'),
      ),
    },
    { enabled: useCanAct('vaults', 'list') },
  ).data?.[0]?.id;
  return (
    <Stack gap="lg">
      {canDonations && canExpenses && <ActivityTotals activityId={activity.id} />}
      {canDonations && (
        <DonationsPanel owner={{ field: 'activity', id: activity.id }} withSummary={!canExpenses} />
      )}
      {canExpenses && (
        <RecordSection<ExpenseRecord, ExpenseValues>
          collection={EXPENSES}
          list={{
            sort: '-date,-created',
            filter: equalsFilter('activity', activity.id),
            expand: 'vault',
          }}
          title={f('expenses')}
          help={f('expensesHelp')}
          emptyTitle={f('expensesEmpty')}
          minWidth={760}
          paramPrefix="expenses"
          search={['beneficiary', 'statement']}
          filters={[
            declaredChoiceFilter(
              EXPENSES,
              'status',
              t(fieldLabelKey(EXPENSES, 'status')),
              stateLabelOf(EXPENSES, i18n.language),
            ),
            ...dateRangeFilters('date', { from: t('table.from'), to: t('table.to') }),
          ]}
          csv="activity-expenses"
          {...workflowRowRules(EXPENSES)}
          columns={[
            { field: 'date', sort: true },
            { field: 'beneficiary', strong: true, sort: true },
            { field: 'amount', strong: true, sort: true },
            ...workflowColumns<ExpenseRecord>(t, EXPENSES, { nameOf: (r) => r.beneficiary }),
          ]}
          texts={sectionTexts<ExpenseRecord>(
            t,
            'activityMoney',
            (r) => r.beneficiary,
            'projects.finance',
          )}
          dialog={{
            fields: [
              { name: 'beneficiary' },
              { name: 'amount', half: true },
              { name: 'date', half: true },
              { name: 'statement' },
            ],
            initialValues: (r) => ({
              beneficiary: r?.beneficiary ?? '',
              amount: r?.amount ?? null,
              date: r ? fromApiDate(r.date) : todayInput(),
              statement: r?.statement ?? '',
            }),
            toBody: (v) => ({
              activity: activity.id,
              ...(vault ? { vault } : {}),
              beneficiary: v.beneficiary.trim(),
              amount: v.amount,
              date: toApiDate(v.date),
              statement: v.statement.trim(),
            }),
          }}
        />
      )}
    </Stack>
  );
}
