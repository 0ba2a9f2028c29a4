import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { StatCard } from '@/components/person/stat-card';
import { Money } from '@/components/resource/money';
import { SummaryCards } from '@/components/resource/summary-cards';
import { paths } from '@/config/paths';
import { useProjectFinanceOverview } from '../../finance-api';

/**
 * Overview: the project vault's summary (donations, used, on hold, remaining, free), what the
 * requests and purchases add up to, and the way to the financial report.
 */
export function OverviewPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const f = (key: string, values?: Record<string, unknown>) =>
    t(`projects.finance.overview.${key}`, values);
  const overview = useProjectFinanceOverview(projectId);
  const currency = overview.data?.vault.currency;
  const money = (value: number) => <Money value={value} currency={currency} />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {overview.data ? f('vaultOf', { title: overview.data.vault.title }) : f('vault')}
        </Title>
        <Button
          component={Link}
          to={paths.projects.financeReport.getHref(projectId)}
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
        >
          {f('report')}
        </Button>
      </Group>
      <SummaryCards query={overview} cols={5} label={f('vaultSummary')}>
        {(o) => (
          <>
            <StatCard
              label={f('donations')}
              value={money(o.donations)}
              hint={
                <>
                  {f('fees')}: {money(o.fees)}
                </>
              }
            />
            <StatCard label={f('used')} value={money(o.used)} />
            <StatCard label={f('onHold')} value={money(o.on_hold)} />
            <StatCard label={f('remaining')} value={money(o.remaining)} />
            <StatCard
              label={f('free')}
              value={money(o.free)}
              color={o.free <= 0 ? 'red' : 'green'}
              hint={f('freeHint')}
            />
          </>
        )}
      </SummaryCards>
      {overview.data && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb={4}>
              {f('requests')}
            </Text>
            <Text size="sm">{f('count', { count: overview.data.requests.count })}</Text>
            <Text size="sm">
              {f('total')}: {money(overview.data.requests.total)}
            </Text>
            <Text size="sm">
              {f('billApproved')}: {money(overview.data.requests.bill_approved)}
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb={4}>
              {f('purchases')}
            </Text>
            <Text size="sm">{f('count', { count: overview.data.purchases.count })}</Text>
            <Text size="sm">
              {f('total')}: {money(overview.data.purchases.total)}
            </Text>
            <Text size="sm">
              {f('billApproved')}: {money(overview.data.purchases.bill_approved)}
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb={4}>
              {f('budget')}
            </Text>
            <Text size="sm">
              {f('total')}: {money(overview.data.budget.total)}
            </Text>
            <Text size="sm">
              {f('used')}: {money(overview.data.budget.used)}
            </Text>
            <Text size="sm">
              {f('onHold')}: {money(overview.data.budget.held)}
            </Text>
            <Text size="sm">
              {f('budgetRemaining')}: {money(overview.data.budget.remaining)}
            </Text>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
