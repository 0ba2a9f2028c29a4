import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Ltr } from '@/components/person/ltr';
import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import { DownloadButton } from './download-button';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { formatMoney } from '@/lib/format/money';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { useSlicedQuery } from '@/lib/sliced-query';
import { TableScroll } from '@/components/data-table/table-scroll';

type Figures = {
  basic_salary: number;
  total_allowances: number;
  total_deductions: number;
  total_advances: number;
  net_pay: number;
};
export type SalaryHistory = {
  items: (Figures & {
    payslip: string;
    run: string;
    status: string;
    year: number;
    month: number;
  })[];
  yearToDate: Figures & { year: number };
};

/** One employee's payslips across months (GET /api/payroll/employees/:id/history). */
export function useSalaryHistory(employee: string, year: number) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all('payslips'), 'history', employee, year],
    queryFn: () =>
      pb.send<SalaryHistory>(`/api/payroll/employees/${encodeURIComponent(employee)}/history`, {
        query: { year },
      }),
    enabled: Boolean(employee),
  });
}

const money = (v: number) => <Ltr>{formatMoney(v)}</Ltr>;
const month = (i: { year: number; month: number }) =>
  `${i.year}-${String(i.month).padStart(2, '0')}`;

/**
 * An employee's salary history: each month's payslip (newest first) and the year-to-date totals
 * of the paid ones. Shown on the employee's Salary tab and in the salary report.
 */
export function SalaryHistoryPanel({ employee, title }: { employee: string; title?: string }) {
  const { t, i18n } = useTranslation();
  const year = new Date().getFullYear();
  const history = useSalaryHistory(employee, year);
  const heading = title ?? t('salaryHistory.title');
  const th = (key: string) => <Table.Th ta="end">{t(`salaryHistory.${key}`)}</Table.Th>;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {heading}
        </Title>
        {history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        ) : !history.data ? (
          <Skeleton h={80} />
        ) : history.data.items.length === 0 ? (
          <EmptyState title={t('salaryHistory.empty')} description={t('salaryHistory.emptyHelp')} />
        ) : (
          <>
            <TableScroll minWidth={720} label={heading}>
              <Table striped aria-label={heading}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('salaryHistory.month')}</Table.Th>
                    <Table.Th>{t('salaryHistory.status')}</Table.Th>
                    {th('basic')}
                    {th('allowances')}
                    {th('deductions')}
                    {th('advances')}
                    {th('net')}
                    <Table.Th>{t('salaryHistory.payslip')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.items.map((i) => (
                    <Table.Tr key={i.payslip}>
                      <Table.Td>
                        <Ltr>{month(i)}</Ltr>
                      </Table.Td>
                      <Table.Td>
                        <WorkflowBadge collection="payroll_runs" status={i.status} />
                      </Table.Td>
                      <Table.Td ta="end">{money(i.basic_salary)}</Table.Td>
                      <Table.Td ta="end">{money(i.total_allowances)}</Table.Td>
                      <Table.Td ta="end">{money(i.total_deductions)}</Table.Td>
                      <Table.Td ta="end">{money(i.total_advances)}</Table.Td>
                      <Table.Td ta="end" fw={700}>
                        {money(i.net_pay)}
                      </Table.Td>
                      <Table.Td>
                        <DownloadButton
                          size="compact-sm"
                          path={`/api/payroll/payslips/${encodeURIComponent(i.payslip)}/payslip.pdf?lang=${i18n.language === 'ar' ? 'ar' : 'en'}`}
                          fileName={`payslip-${month(i)}.pdf`}
                          label="PDF"
                          ariaLabel={t('salaryHistory.pdfOf', { month: month(i) })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Text size="sm">
              {t('salaryHistory.yearToDate', { year })}{' '}
              <Text span fw={700}>
                {money(history.data.yearToDate.net_pay)}
              </Text>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
