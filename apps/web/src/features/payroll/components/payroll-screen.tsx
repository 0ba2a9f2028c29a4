import { monthLabel } from '@/lib/format/date';
import { Anchor } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { Ltr } from '@/components/person/ltr';
import { PageFrame } from '@/components/page/page-frame';
import { labelsOf } from '@/components/resource/field-label';
import { RecordSection } from '@/components/resource/record-section';
import { declaredChoiceFilter } from '@/components/resource/list-filters';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import { PAYROLL_MOVES, PAYROLL_RUNS, type PayrollRunRecord } from '../types';
import { RunStatus } from './run-status';

type RunValues = { year: number | null; month: number | null; vault: string | null; notes: string };

/**
 * /finance/payroll: the monthly runs. Creating one drafts every active employee's payslip; the
 * run's page adds lines, approves, pays and reverses it.
 */
export function PayrollScreen() {
  const { t } = useTranslation();
  const f = labelsOf(t, PAYROLL_RUNS);
  const now = new Date();
  return (
    <PageFrame
      title={t('pages.payroll')}
      description={t('payroll.runs.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.payroll') },
      ]}
    >
      <RecordSection<PayrollRunRecord, RunValues>
        collection={PAYROLL_RUNS}
        alsoRefresh={PAYROLL_MOVES}
        list={{ sort: '-year,-month,-created', expand: 'vault' }}
        title={t('payroll.runs.title')}
        emptyTitle={t('payroll.runs.empty')}
        minWidth={760}
        search={['notes', 'vault.title']}
        sortable={{ month: 'year' }}
        filters={[
          declaredChoiceFilter(PAYROLL_RUNS, 'status', f('status'), (s) =>
            t(`payroll.statuses.${s}`),
          ),
        ]}
        csv="payroll-runs"
        csvCells={{
          month: (r) => `${r.year}-${String(r.month).padStart(2, '0')}`,
          total_net: (r) => r.total_net ?? '',
        }}
        editable={(r) => r.status === 'draft'}
        removable={(r) => r.status === 'draft'}
        columns={[
          {
            key: 'month',
            header: f('month'),
            strong: true,
            render: (r) => (
              <Anchor
                component={Link}
                to={paths.finance.payrollRun.getHref(r.id)}
                aria-label={t('payroll.runs.open', { month: monthLabel(r.year, r.month) })}
              >
                <Ltr>{monthLabel(r.year, r.month)}</Ltr>
              </Anchor>
            ),
          },
          { field: 'vault' },
          { field: 'status', render: (r) => <RunStatus status={r.status} /> },
          { field: 'payslips_count', sort: true },
          {
            field: 'total_net',
            strong: true,
            sort: true,
            // Absent without employees.read_salary: the server leaves the figure out.
            render: (r) =>
              r.total_net === undefined ? '—' : <Ltr>{formatMoney(r.total_net)}</Ltr>,
          },
        ]}
        texts={{
          add: t('payroll.runs.add'),
          addTitle: t('payroll.runs.addTitle'),
          editTitle: (r) => t('payroll.editOf', { name: monthLabel(r.year, r.month) }),
          saved: (r) => t('payroll.runs.saved', { month: monthLabel(r.year, r.month) }),
          editOf: (r) => t('payroll.editOf', { name: monthLabel(r.year, r.month) }),
          removeOf: (r) => t('payroll.removeOf', { name: monthLabel(r.year, r.month) }),
          removeConfirm: (r) =>
            t('payroll.runs.removeConfirm', { month: monthLabel(r.year, r.month) }),
        }}
        dialog={{
          size: 'md',
          fields: [
            { name: 'year', half: true },
            { name: 'month', half: true },
            { name: 'vault' },
            { name: 'notes' },
          ],
          initialValues: (r) => ({
            year: r?.year ?? now.getFullYear(),
            month: r?.month ?? now.getMonth() + 1,
            vault: r?.vault || null,
            notes: r?.notes ?? '',
          }),
          toBody: (v) => ({ ...v, notes: v.notes.trim() }),
        }}
      />
    </PageFrame>
  );
}
