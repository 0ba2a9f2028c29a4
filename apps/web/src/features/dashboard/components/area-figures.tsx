import type { CountByStatus, DashboardData } from '@app/schema';
import {
  Anchor,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { Tooltip } from '@/components/tooltip/tooltip';
import { Ltr } from '@/components/person/ltr';
import { paths } from '@/config/paths';
import { formatCompactMoney, formatMoney } from '@/lib/format/money';
import { monthLabel } from '@/lib/format/date';
import { useDashboardFigures } from '../api/get-dashboard';

/** Below Mantine's `sm` (two cards a row on a phone): large amounts are shown compact. */
const SMALL_SCREEN = '(max-width: 47.99em)';
/** From this amount on, a phone shows the compact figure. */
const COMPACT_FROM = 1_000;

type Card = { label: string; value: string; to: string; compact?: string };

/**
 * One figure that links to the list it counts. On a small screen an amount shows compact
 * (`1.2M USD`, `1.2 مليون USD`) so it stays on one line; the whole amount shows on hover and
 * keyboard focus (a tooltip on the card's link) and is what screen readers read.
 */
function NumberCard({ label, value, to, compact }: Card) {
  const small = useMediaQuery(SMALL_SCREEN) ?? false;
  const short = small && compact && compact !== value ? compact : null;
  const card = (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component={Link}
      to={to}
      data-testid="figure"
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: 18, sm: 26 }} lh={1.3}>
        {short ? (
          <>
            <span aria-hidden data-testid="compact">
              <Ltr>{short}</Ltr>
            </span>
            <VisuallyHidden>{value}</VisuallyHidden>
          </>
        ) : (
          <Ltr>{value}</Ltr>
        )}
      </Text>
    </Paper>
  );
  // The app's light tooltip, not Mantine's: that one brought its positioning code (floating-ui,
  // about 20 KB gzip with it) to the dashboard, the first screen of every sign-in.
  return short ? <Tooltip label={<Ltr>{value}</Ltr>}>{card}</Tooltip> : card;
}

/** A count per status as horizontal bars, readable as a list by a screen reader. */
function StatusBars({ title, counts, to }: { title: string; counts: CountByStatus[]; to: string }) {
  const { t } = useTranslation();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor component={Link} to={to} size="sm">
          {t('dashboard.figures.open')}
        </Anchor>
      </Group>
      {counts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.figures.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {counts.map((c) => (
            <li key={c.status}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {t(`dashboard.statuses.${c.status || 'none'}`, { defaultValue: c.status })}
                </Text>
                <Text size="sm" fw={600}>
                  {c.count.toLocaleString()}
                </Text>
              </Group>
              <Progress value={total ? (100 * c.count) / total : 0} size="sm" aria-hidden />
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

type AmountRow = { key: string; label: string; to: string; amount: number; currency?: string };

/** Amounts as horizontal bars, each row linking to its record; a list for a screen reader. */
function AmountBars({ title, to, rows }: { title: string; to: string; rows: AmountRow[] }) {
  const { t } = useTranslation();
  const largest = Math.max(1, ...rows.map((r) => r.amount));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor component={Link} to={to} size="sm">
          {t('dashboard.figures.open')}
        </Anchor>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.figures.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((r) => (
            <li key={r.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={r.to} size="sm" truncate>
                  {r.label}
                </Anchor>
                {/* The amount stays whole on one line; the name gives way. */}
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  <Ltr>{formatMoney(r.amount, r.currency)}</Ltr>
                </Text>
              </Group>
              <Progress value={(100 * r.amount) / largest} size="sm" color="teal" aria-hidden />
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The number cards and charts of every area the account may read. */
export function AreaFigures() {
  const { t, i18n } = useTranslation();
  const figures = useDashboardFigures();
  if (figures.isError)
    return <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />;
  if (!figures.data) return <Skeleton h={120} radius="md" aria-label={t('common.loading')} />;
  const d: DashboardData = figures.data;
  const n = (value: number) => value.toLocaleString();
  // Amounts under a thousand fit a phone's card whole; larger ones are shortened there.
  const big = (...values: number[]) => values.some((v) => Math.abs(v) >= COMPACT_FROM);
  const compact = (value: number) => formatCompactMoney(value, i18n.language);
  const cards: Card[] = [];
  if (d.employees)
    cards.push({
      label: t('dashboard.figures.employees'),
      value: n(d.employees.total),
      to: paths.hr.employees.list.getHref(),
    });
  if (d.members) {
    cards.push({
      label: t('dashboard.figures.members'),
      value: n(d.members.total),
      to: paths.hr.members.list.getHref(),
    });
    cards.push({
      label: t('dashboard.figures.dues'),
      value: formatMoney(d.members.dues_this_month),
      compact: big(d.members.dues_this_month) ? compact(d.members.dues_this_month) : undefined,
      to: paths.hr.members.list.getHref(),
    });
  }
  if (d.volunteers)
    cards.push({
      label: t('dashboard.figures.hours'),
      value: n(d.volunteers.hours_this_month),
      to: paths.hr.volunteers.list.getHref(),
    });
  if (d.projects)
    cards.push({
      label: t('dashboard.figures.activeProjects'),
      value: n(d.projects.active),
      to: paths.projects.list.getHref(),
    });
  if (d.projects?.budget)
    cards.push({
      label: t('dashboard.figures.budgetUsed'),
      value: `${formatMoney(d.projects.budget.used)} / ${formatMoney(d.projects.budget.total)}`,
      compact: big(d.projects.budget.used, d.projects.budget.total)
        ? `${compact(d.projects.budget.used)} / ${compact(d.projects.budget.total)}`
        : undefined,
      to: paths.projects.list.getHref(),
    });
  if (d.vaults) {
    cards.push({
      label: t('dashboard.figures.balance'),
      value: formatMoney(d.vaults.total_balance),
      compact: big(d.vaults.total_balance) ? compact(d.vaults.total_balance) : undefined,
      to: paths.finance.vaults.getHref(),
    });
    cards.push({
      label: t('dashboard.figures.income'),
      value: formatMoney(d.vaults.income_this_month),
      compact: big(d.vaults.income_this_month) ? compact(d.vaults.income_this_month) : undefined,
      to: paths.finance.vaults.getHref(),
    });
    cards.push({
      label: t('dashboard.figures.spending'),
      value: formatMoney(d.vaults.spending_this_month),
      compact: big(d.vaults.spending_this_month)
        ? compact(d.vaults.spending_this_month)
        : undefined,
      to: paths.finance.vaults.getHref(),
    });
  }
  const lastPayroll = d.payroll?.by_month.at(-1);
  if (lastPayroll)
    cards.push({
      label: t('dashboard.figures.lastPayroll', {
        month: monthLabel(lastPayroll.year, lastPayroll.month),
      }),
      value: formatMoney(lastPayroll.total_net),
      compact: big(lastPayroll.total_net) ? compact(lastPayroll.total_net) : undefined,
      to: paths.finance.payrollRun.getHref(lastPayroll.run),
    });
  if (d.website)
    cards.push({
      label: t('dashboard.figures.posts'),
      value: n(d.website.articles_this_month + d.website.resources_this_month),
      to: paths.website.topics.getHref(),
    });
  if (cards.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-figures">
      <Title order={2} fz="lg" id="dashboard-figures">
        {t('dashboard.figures.title')}
      </Title>
      {/* From `sm` the sidebar takes 280 px: a tablet's content is narrower than a phone's. */}
      <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm">
        {cards.map((c) => (
          <NumberCard key={c.label} {...c} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {d.employees && (
          <StatusBars
            title={t('dashboard.figures.employeesByStatus')}
            counts={d.employees.by_status}
            to={paths.hr.employees.list.getHref()}
          />
        )}
        {d.members && (
          <StatusBars
            title={t('dashboard.figures.membersByStatus')}
            counts={d.members.by_status}
            to={paths.hr.members.list.getHref()}
          />
        )}
        {d.volunteers && (
          <StatusBars
            title={t('dashboard.figures.volunteersByStatus')}
            counts={d.volunteers.by_status}
            to={paths.hr.volunteers.list.getHref()}
          />
        )}
        {d.projects && (
          <StatusBars
            title={t('dashboard.figures.projectsByStatus')}
            counts={d.projects.by_status}
            to={paths.projects.list.getHref()}
          />
        )}
        {d.vaults && (
          <AmountBars
            title={t('dashboard.figures.vaults')}
            to={paths.finance.vaults.getHref()}
            rows={d.vaults.balances.map((v) => ({
              key: v.id,
              label: v.title,
              to: paths.finance.statement.getHref(v.id),
              amount: v.balance,
              currency: v.currency,
            }))}
          />
        )}
        {d.payroll && d.payroll.by_month.length > 0 && (
          <AmountBars
            title={t('dashboard.figures.payrollByMonth')}
            to={paths.finance.payroll.getHref()}
            rows={d.payroll.by_month.map((r) => ({
              key: r.run,
              label: monthLabel(r.year, r.month),
              to: paths.finance.payrollRun.getHref(r.run),
              amount: r.total_net,
            }))}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
