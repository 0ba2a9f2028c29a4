import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { labelsOf } from '@/components/resource/field-label';
import { RecordSection } from '@/components/resource/record-section';
import { bodyOf, initialValuesOf } from '@/components/resource/common/declarations';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { workflowColumns } from '@/components/workflow/workflow-columns';
import { paths } from '@/config/paths';
import { stateLabelOf, workflowRowRules } from '@/lib/workflow';
import { useVaultFilter } from '../api';
import { EXPENSES, type ExpenseRecord } from '../types';
import { sectionTexts, today } from './money';

type ExpenseValues = Record<string, unknown> & { receipts: File[] };

/** The fields the dialog shows besides the receipts, which only ever get new files. */
const DIALOG_FIELDS = [
  'beneficiary',
  'amount',
  'date',
  'vault',
  'category',
  'project',
  'grant',
  'statement',
];

/** /finance/expenses: expenses and their workflow (approve, decline, pay, reverse). */
export function ExpensesScreen() {
  const { t, i18n } = useTranslation();
  const f = labelsOf(t, EXPENSES);
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
          { field: 'date', sort: true },
          { field: 'beneficiary', strong: true, sort: true },
          { field: 'amount', strong: true, sort: true },
          // Vault and grant names can be long: they wrap rather than push the row's buttons
          // past the panel's edge.
          { field: 'vault', long: true },
          { field: 'grant', long: true },
          ...workflowColumns<ExpenseRecord>(t, EXPENSES, { nameOf: (r) => r.beneficiary }),
        ]}
        texts={sectionTexts<ExpenseRecord>(t, 'expenses', (r) => r.beneficiary)}
        dialog={{
          fields: [
            { name: 'beneficiary' },
            { name: 'amount', half: true },
            { name: 'date', half: true },
            { name: 'vault', half: true },
            { name: 'category', half: true },
            { name: 'project', half: true, props: { clearable: true } },
            { name: 'grant', half: true, props: { clearable: true } },
            { name: 'statement' },
            { name: 'receipts' },
          ],
          initialValues: (r) => ({
            ...initialValuesOf(EXPENSES, DIALOG_FIELDS, r),
            ...(r ? {} : { date: today() }),
            receipts: [],
          }),
          // Receipts are added to those kept (`receipts+`), never put in their place.
          toBody: ({ receipts, ...values }) => ({
            ...bodyOf(EXPENSES, values),
            ...(receipts.length > 0 ? { 'receipts+': receipts } : {}),
          }),
          queueable: true,
        }}
      />
    </PageFrame>
  );
}
