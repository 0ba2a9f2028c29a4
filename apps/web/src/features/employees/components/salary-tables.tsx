import { ActionIcon, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { formatMoney, fromMinorUnits, type MoneyInput } from '@/lib/format/money';
import type { SalaryOption } from '../types';
import { monthlyMinor, totalOf, type MonthlySalary } from '../utils/salary';
import { TableScroll } from '@/components/data-table/table-scroll';

type SalaryItemsTableProps = {
  kind: 'allowances' | 'deductions';
  items: SalaryOption[];
  /** Chosen ids the account cannot read. */
  unknown?: number;
  onRemove?: (id: string) => void;
  withDescription?: boolean;
  /** The basic salary a percentage option is worked out from. */
  basic?: MoneyInput;
};

/** The chosen allowances or deductions with their total (green for allowances, red for deductions). */
export function SalaryItemsTable({
  kind,
  items,
  unknown = 0,
  onRemove,
  withDescription = false,
  basic = 0,
}: SalaryItemsTableProps) {
  const { t } = useTranslation();
  const color = kind === 'allowances' ? 'green' : 'red';
  const caption = t(`employees.salary.${kind}`);
  if (items.length === 0 && unknown === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t(`employees.salary.no_${kind}`)}
      </Text>
    );
  }
  return (
    <TableScroll minWidth={320} label={caption}>
      <Table verticalSpacing={6} aria-label={caption} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>{t('employees.salary.title')}</Table.Th>
            <Table.Th ta="end">{t('employees.salary.amount')}</Table.Th>
            {withDescription && (
              <Table.Th visibleFrom="sm">{t('employees.salary.description')}</Table.Th>
            )}
            {onRemove && <Table.Th w={48} aria-label={t('common.actions')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => (
            <Table.Tr key={item.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <span className="ltr-value">
                  {formatMoney(fromMinorUnits(monthlyMinor(item, basic)))}
                  {item.calculation === 'percentage' && ` (${item.percentage}%)`}
                </span>
              </Table.Td>
              {withDescription && (
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c="dimmed">
                    {item.description}
                  </Text>
                </Table.Td>
              )}
              {onRemove && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(item.id)}
                    aria-label={t('employees.salary.removeItem', { title: item.title })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {unknown > 0 && (
            <Table.Tr>
              <Table.Td />
              <Table.Td colSpan={withDescription ? 3 : 2}>
                <Text size="sm" c="dimmed">
                  {t('employees.salary.hiddenItems', { count: unknown })}
                </Text>
              </Table.Td>
              {onRemove && <Table.Td />}
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr bg={`var(--mantine-color-${color}-light)`}>
            <Table.Td />
            <Table.Td fw={700}>{t('employees.salary.total')}</Table.Td>
            <Table.Td ta="end" fw={700} c={`${color}.8`} style={{ whiteSpace: 'nowrap' }}>
              <span className="ltr-value">{formatMoney(totalOf(items, basic))}</span>
            </Table.Td>
            {withDescription && <Table.Td visibleFrom="sm" />}
            {onRemove && <Table.Td />}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}

/** "Salary | Allowances | Deductions | Total /month". */
export function SalarySummary({ salary }: { salary: MonthlySalary }) {
  const { t } = useTranslation();
  const cells = [
    { label: t('employees.salary.basic'), value: formatMoney(salary.basic), color: undefined },
    {
      label: t('employees.salary.allowances'),
      value: `+ ${formatMoney(salary.allowances)}`,
      color: 'green.8',
    },
    {
      label: t('employees.salary.deductions'),
      value: `− ${formatMoney(salary.deductions)}`,
      color: 'red.8',
    },
  ];
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
      {/* Four amounts need a laptop's width beside the sidebar (which shows from `sm`). */}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {cells.map((cell) => (
          <div key={cell.label}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {cell.label}
            </Text>
            <Text fw={600} c={cell.color} style={{ whiteSpace: 'nowrap' }}>
              <span className="ltr-value">{cell.value}</span>
            </Text>
          </div>
        ))}
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('employees.salary.monthlyTotal')}
          </Text>
          <Group gap={4} wrap="nowrap" align="baseline">
            <Text fw={800} c="brand.8" fz="lg" style={{ whiteSpace: 'nowrap' }}>
              <span className="ltr-value">
                {salary.total === null ? '—' : formatMoney(salary.total)}
              </span>
            </Text>
            <Text size="xs" c="dimmed">
              {t('employees.salary.perMonth')}
            </Text>
          </Group>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
