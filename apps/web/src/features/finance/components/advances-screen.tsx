import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { labelsOf } from '@/components/resource/field-label';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { workflowColumns } from '@/components/workflow/workflow-columns';
import { paths } from '@/config/paths';
import { toApiDate } from '@/lib/format/date';
import { stateLabelOf, workflowRowRules } from '@/lib/workflow';
import { useVaultFilter } from '../api';
import {
  ADVANCES,
  MONEY_MOVES,
  REPAYMENTS,
  type AdvanceRecord,
  type RepaymentRecord,
} from '../types';
import { Money, nameOf, sectionTexts, today } from './money';

type AdvanceValues = Record<string, unknown>;
type RepaymentValues = {
  amount: number | null;
  date: string | null;
  source: string | null;
  statement: string;
};

/** /finance/advances: advances through their workflow, and their repayments. */
export function AdvancesScreen() {
  const { t, i18n } = useTranslation();
  const f = labelsOf(t, ADVANCES);
  const canRepay = useCanAct(REPAYMENTS, 'create');
  const [repaying, setRepaying] = useState<AdvanceRecord | null>(null);
  const employeeOf = (r: AdvanceRecord) => nameOf(r.expand?.employee);
  const byVault = useVaultFilter(f('vault'));
  const range = { from: t('table.from'), to: t('table.to') };
  return (
    <PageFrame
      title={t('pages.advances')}
      description={t('finance.advances.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.advances') },
      ]}
    >
      <RecordSection<AdvanceRecord, AdvanceValues>
        collection={ADVANCES}
        list={{ sort: '-date,-created', expand: 'employee,vault' }}
        title={t('finance.advances.title')}
        emptyTitle={t('finance.advances.empty')}
        minWidth={980}
        search={['employee.name', 'purpose']}
        sortable={{ employee: 'employee.name' }}
        filters={[
          declaredChoiceFilter(
            ADVANCES,
            'status',
            f('status'),
            stateLabelOf(ADVANCES, i18n.language),
          ),
          ...byVault,
          ...dateRangeFilters('date', range),
        ]}
        csv="advances"
        {...workflowRowRules(ADVANCES)}
        columns={[
          { field: 'date', sort: true },
          { field: 'employee', strong: true },
          { field: 'amount', strong: true, sort: true },
          { field: 'monthly_deduction' },
          { field: 'repaid' },
          { field: 'remaining', sort: true },
          ...workflowColumns<AdvanceRecord>(t, ADVANCES, {
            nameOf: employeeOf,
            extra: (r) =>
              canRepay &&
              (r.status === 'paid' || r.status === 'partly_repaid') && (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={t('finance.advances.repayOf', { name: employeeOf(r) })}
                  onClick={() => setRepaying(r)}
                >
                  {t('finance.advances.repay')}
                </Button>
              ),
          }),
        ]}
        texts={sectionTexts<AdvanceRecord>(t, 'advances', employeeOf)}
        dialog={{
          fields: [
            { name: 'employee', displayField: 'name' },
            { name: 'amount', half: true },
            { name: 'monthly_deduction', half: true },
            { name: 'date', half: true },
            { name: 'vault', half: true },
            { name: 'purpose' },
          ],
          defaults: { date: today() },
        }}
      />

      <RecordSection<RepaymentRecord, RepaymentValues>
        collection={REPAYMENTS}
        alsoRefresh={MONEY_MOVES}
        list={{ sort: '-date,-created', expand: 'advance.employee' }}
        title={t('finance.repayments.title')}
        emptyTitle={t('finance.repayments.empty')}
        minWidth={720}
        paramPrefix="repayments"
        search={['advance.employee.name', 'statement']}
        filters={dateRangeFilters('date', range)}
        csv="repayments"
        csvCells={{ employee: (r) => nameOf(r.expand?.advance?.expand?.employee) }}
        noEdit
        columns={[
          { field: 'date', sort: true },
          {
            // The repaid advance's employee, as the advances list names them.
            key: 'employee',
            header: f('employee'),
            strong: true,
            render: (r) => nameOf(r.expand?.advance?.expand?.employee),
          },
          { field: 'amount', strong: true, sort: true },
          {
            field: 'source',
            render: (r) => t(`finance.repayments.sources.${r.source || 'manual'}`),
          },
          { field: 'statement', long: true },
        ]}
        texts={{ ...sectionTexts<RepaymentRecord>(t, 'advances', () => ''), add: '' }}
        dialog={{
          fields: [],
          initialValues: () => ({ amount: null, date: null, source: null, statement: '' }),
          toBody: (v) => v,
        }}
        hideAdd
      />

      {repaying && (
        <EntryDialog<RepaymentRecord, RepaymentValues>
          collection={REPAYMENTS}
          alsoRefresh={MONEY_MOVES}
          record={null}
          title={`${t('finance.advances.repayTitle')} — ${employeeOf(repaying)}`}
          fields={[
            {
              name: 'amount',
              half: true,
              // The amount in its own left-to-right box: in Arabic "300.00 USD" read "USD 300.00".
              description: (
                <>
                  {f('remaining')}: <Money value={repaying.remaining} />
                </>
              ),
            },
            { name: 'date', half: true },
            // Cash only: instalments withheld from salaries are written by paying a payroll run.
            { name: 'statement' },
          ]}
          initialValues={{ amount: null, date: today(), source: 'manual', statement: '' }}
          toBody={(v) => ({
            ...v,
            advance: repaying.id,
            date: toApiDate(v.date),
            statement: v.statement.trim(),
          })}
          onClose={() => setRepaying(null)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('finance.advances.repaySaved') });
            setRepaying(null);
          }}
        />
      )}
    </PageFrame>
  );
}
