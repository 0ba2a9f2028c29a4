import { monthLabel } from '@/lib/format/date';
import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PlainTable, type PlainColumn } from '@/components/data-table/plain-table';
import { NumberField } from '@/components/form/number-field';
import { RelationPicker } from '@/components/form/relation-picker';
import { SelectField } from '@/components/form/select-fields';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { DownloadButton } from '@/components/payroll/download-button';
import { SalaryHistoryPanel } from '@/components/payroll/salary-history';
import { Ltr } from '@/components/person/ltr';
import { fieldLabelKey, labelsOf } from '@/components/resource/field-label';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import { useSalaryRegister } from '../api';
import { PAYSLIPS, type RegisterFigures, type SalaryRegister } from '../types';
import { RunStatus } from './run-status';

type Row = SalaryRegister['rows'][number] | (RegisterFigures & { payslip: ''; name: string });

/** Each component in a column of its own, or only the totals of each kind (a narrower table). */
type RegisterColumns = 'components' | 'totals';

/**
 * The register of a month: one row per employee, a column per component (or per kind of
 * component), and a totals row.
 */
function Register({
  register,
  columnsShown,
}: {
  register: SalaryRegister;
  columnsShown: RegisterColumns;
}) {
  const { t } = useTranslation();
  const f = labelsOf(t, PAYSLIPS);
  const money = (v: number | undefined) => <Ltr>{formatMoney(v ?? 0)}</Ltr>;
  const figure = (
    key: string,
    label: string,
    value: (r: Row) => number | undefined,
  ): PlainColumn<Row> => ({
    key,
    header: label,
    label,
    render: (r) => money(value(r)),
    th: { style: { textAlign: 'end' } },
    // Amounts stay on one line; the table scrolls sideways instead.
    td: (r) => ({ ta: 'end', fw: r.payslip ? undefined : 700, style: { whiteSpace: 'nowrap' } }),
  });
  const columns: PlainColumn<Row>[] = [
    {
      key: 'name',
      header: f('employee'),
      label: f('employee'),
      render: (r) => (r.payslip ? r.name : t('payroll.report.total')),
      td: (r) => ({ fw: r.payslip ? 600 : 700 }),
      // The register scrolls sideways past a few components: whose line it is stays in view,
      // and so does what is paid (below).
      sticky: 'start',
    },
    figure('basic', f('basic_salary'), (r) => r.basic_salary),
    ...(columnsShown === 'totals'
      ? [
          figure('allowances', f('total_allowances'), (r) => r.total_allowances),
          figure('deductions', f('total_deductions'), (r) => r.total_deductions),
          figure('advances', f('total_advances'), (r) => r.total_advances),
        ]
      : register.components.map((c) =>
          figure(
            c.key,
            c.kind === 'advance'
              ? t('payroll.report.advances')
              : `${c.title} (${t(`payroll.kinds.${c.kind}`)})`,
            (r) => r.components[c.key],
          ),
        )),
    { ...figure('net', f('net_pay'), (r) => r.net_pay), sticky: 'end' },
  ];
  const rows: Row[] = [...register.rows, { ...register.totals, payslip: '', name: '' }];
  return (
    <PlainTable<Row>
      rows={rows}
      rowKey={(r) => r.payslip || 'total'}
      columns={columns}
      caption={t('payroll.report.registerOf', { month: monthLabel(register.year, register.month) })}
      minWidth={200 + (columns.length - 1) * 140}
      stackOnPhone
    />
  );
}

/**
 * /finance/salary-report: the salary register of a month (with its CSV) and the history of one
 * employee across months with the year's totals.
 */
export function SalaryReportScreen() {
  const { t } = useTranslation();
  const now = new Date();
  const [year, setYear] = useState<number>(now.getFullYear());
  const [month, setMonth] = useState<number>(now.getMonth() + 1);
  const [employee, setEmployee] = useState<string | null>(null);
  const [columnsShown, setColumnsShown] = useState<RegisterColumns>('components');
  const register = useSalaryRegister(year, month);
  const label = monthLabel(year, month);
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: t(`payroll.months.${i + 1}`),
  }));

  return (
    <PageFrame
      title={t('pages.salaryReport')}
      description={t('payroll.report.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.salaryReport') },
      ]}
    >
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <NumberField
                label={t(fieldLabelKey(PAYSLIPS, 'year'))}
                value={year}
                onChange={(v) => typeof v === 'number' && v >= 2000 && v <= 2100 && setYear(v)}
                min={2000}
                max={2100}
                w={120}
              />
              <SelectField
                label={t(fieldLabelKey(PAYSLIPS, 'month'))}
                value={String(month)}
                onChange={(v) => v && setMonth(Number(v))}
                data={months}
                w={180}
              />
            </Group>
            {register.data?.run && (
              <DownloadButton
                path={`/api/payroll/register.csv?year=${year}&month=${month}`}
                fileName={`salaries-${label}.csv`}
                label={t('payroll.report.csv')}
              />
            )}
          </Group>
          <Title order={2} fz="md">
            {t('payroll.report.registerOf', { month: label })}
          </Title>
          {register.isError ? (
            <ErrorState error={register.error} onRetry={() => void register.refetch()} />
          ) : !register.data ? (
            <Skeleton h={160} />
          ) : !register.data.run ? (
            <EmptyState
              title={t('payroll.report.empty', { month: label })}
              description={t('payroll.report.emptyHelp')}
            />
          ) : (
            <>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <RunStatus status={register.data.run.status} />
                  <Text size="sm" c="dimmed">
                    {t('payroll.report.count', { count: register.data.rows.length })}
                  </Text>
                </Group>
                <SegmentedControl
                  size="xs"
                  aria-label={t('payroll.report.columns')}
                  value={columnsShown}
                  onChange={(value) => setColumnsShown(value as RegisterColumns)}
                  data={[
                    { value: 'components', label: t('payroll.report.byComponent') },
                    { value: 'totals', label: t('payroll.report.byKind') },
                  ]}
                />
              </Group>
              <Register register={register.data} columnsShown={columnsShown} />
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('payroll.report.history')}
          </Title>
          <RelationPicker
            collection="employees"
            displayField="name"
            label={t(fieldLabelKey(PAYSLIPS, 'employee'))}
            value={employee}
            onChange={setEmployee}
          />
        </Stack>
      </Paper>
      {employee && <SalaryHistoryPanel key={employee} employee={employee} />}
    </PageFrame>
  );
}
