import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { SalaryHistoryPanel } from '@/components/payroll/salary-history';
import type { EmployeeRecord, SalaryOption } from '../../types';
import { monthlySalary, type SalaryItems } from '../../utils/salary';
import { SalaryItemsTable, SalarySummary } from '../salary-tables';

/** The expanded options of a relation, and how many ids the account could not read. */
function itemsOf(ids: string[] | undefined, expanded: SalaryOption[] | undefined): SalaryItems {
  const byId = new Map((expanded ?? []).map((o) => [o.id, o]));
  const items = (ids ?? []).map((id) => byId.get(id)).filter((o): o is SalaryOption => !!o);
  return { items, unknown: (ids ?? []).length - items.length };
}

/** The Salary tab: monthly summary, fixed allowances and deductions, payment history. */
export function SalaryTab({ employee }: { employee: EmployeeRecord }) {
  const { t } = useTranslation();
  const allowances = itemsOf(employee.allowances, employee.expand?.allowances);
  const deductions = itemsOf(employee.deductions, employee.expand?.deductions);
  const salary = monthlySalary(employee.basic_salary, allowances, deductions);
  return (
    <Stack gap="lg">
      <SalarySummary salary={salary} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('employees.salary.allowances')}
          </Title>
          <SalaryItemsTable
            kind="allowances"
            items={allowances.items}
            unknown={allowances.unknown}
            withDescription
            basic={employee.basic_salary}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('employees.salary.deductions')}
          </Title>
          <SalaryItemsTable
            kind="deductions"
            items={deductions.items}
            unknown={deductions.unknown}
            withDescription
            basic={employee.basic_salary}
          />
        </Stack>
      </Paper>
      <SalaryHistoryPanel employee={employee.id} title={t('employees.salary.history')} />
    </Stack>
  );
}
