import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { workflowColumns } from '@/components/workflow/workflow-columns';
import { paths } from '@/config/paths';
import { formatDate, fromApiDate, toApiDate } from '@/lib/format/date';
import { stateLabelOf, workflowRowRules } from '@/lib/workflow';
import { useVaultFilter } from '../api';
import { EXPENSES, type ExpenseRecord } from '../types';
import { Money, nameOf, sectionTexts, today } from './money';

type ExpenseValues = {
  beneficiary: string;
  amount: number | null;
  date: string | null;
  vault: string | null;
  project: string | null;
  grant: string | null;
  category: string;
  statement: string;
  receipts: File[];
};

/** /finance/expenses: expenses and their workflow (approve, decline, pay, reverse). */
export function ExpensesScreen() {
  const { t, i18n } = useTranslation();
  const f = (key: string) => t(`finance.fields.${key}`);
  const byVault = useVaultFilter(f('vault'));
  return (
    <PageFrame
      title={t('pages.expenses')}
      description={t('finance.expenses.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.expenses') },
      ]}
    >
      <RecordSection<ExpenseRecord, ExpenseValues>
        collection={EXPENSES}
        list={{ sort: '-date,-created', expand: 'vault,project,grant' }}
        title={t('finance.expenses.title')}
        emptyTitle={t('finance.expenses.empty')}
        minWidth={960}
        search={['beneficiary', 'category', 'statement']}
        sortable={{ date: true, beneficiary: true, amount: true }}
        filters={[
          declaredChoiceFilter(
            EXPENSES,
            'status',
            f('status'),
            stateLabelOf(EXPENSES, i18n.language),
          ),
          ...byVault,
          ...dateRangeFilters('date', { from: t('table.from'), to: t('table.to') }),
        ]}
        csv="expenses"
        {...workflowRowRules(EXPENSES)}
        columns={[
          { key: 'date', header: f('date'), render: (r) => formatDate(r.date) },
          {
            key: 'beneficiary',
            header: f('beneficiary'),
            strong: true,
            render: (r) => r.beneficiary,
          },
          {
            key: 'amount',
            header: f('amount'),
            strong: true,
            render: (r) => <Money value={r.amount} />,
          },
          // Vault and grant names can be long: they wrap rather than push the row's buttons
          // past the panel's edge.
          { key: 'vault', header: f('vault'), long: true, render: (r) => nameOf(r.expand?.vault) },
          {
            key: 'grant',
            header: f('grant'),
            long: true,
            render: (r) => (r.grant ? nameOf(r.expand?.grant) : '—'),
          },
          ...workflowColumns<ExpenseRecord>(t, EXPENSES, { nameOf: (r) => r.beneficiary }),
        ]}
        texts={sectionTexts<ExpenseRecord>(t, 'expenses', (r) => r.beneficiary)}
        dialog={{
          fields: [
            { name: 'beneficiary', label: f('beneficiary') },
            { name: 'amount', label: f('amount'), half: true },
            { name: 'date', label: f('date'), half: true },
            { name: 'vault', label: f('vault'), half: true },
            { name: 'category', label: f('category'), half: true },
            { name: 'project', label: f('project'), half: true, props: { clearable: true } },
            { name: 'grant', label: f('grant'), half: true, props: { clearable: true } },
            { name: 'statement', label: f('statement') },
            { name: 'receipts', label: f('receipts') },
          ],
          initialValues: (r) => ({
            beneficiary: r?.beneficiary ?? '',
            amount: r?.amount ?? null,
            date: r ? fromApiDate(r.date) : today(),
            vault: r?.vault || null,
            project: r?.project || null,
            grant: r?.grant || null,
            category: r?.category ?? '',
            statement: r?.statement ?? '',
            receipts: [],
          }),
          // Receipts are added to those kept (`receipts+`), never put in their place.
          toBody: ({ receipts, ...v }) => ({
            ...v,
            ...(receipts.length > 0 ? { 'receipts+': receipts } : {}),
            beneficiary: v.beneficiary.trim(),
            date: toApiDate(v.date),
            project: v.project ?? '',
            grant: v.grant ?? '',
            category: v.category.trim(),
            statement: v.statement.trim(),
          }),
          queueable: true,
        }}
      />
    </PageFrame>
  );
}
