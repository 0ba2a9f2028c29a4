import {
  Box,
  Button,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { DateField } from '@/components/form/date-field';
import { ErrorState } from '@/components/page/error-state';
import { PageLoader } from '@/components/page/page-loader';
import { ReportToolbar } from '@/components/page/report-toolbar';
import { StatCard } from '@/components/person/stat-card';
import { DownloadButton } from '@/components/payroll/download-button';
import { Money } from '@/components/resource/money';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { useRecord } from '@/lib/data/records';
import { useSlicedQuery } from '@/lib/sliced-query';
import type { Statement } from '@app/schema';
import type { ProjectRecord } from '../../types';

/** Money in and out of the period, summed in cents. */
export function periodTotals(items: readonly { amount: number }[]) {
  let inCents = 0;
  let outCents = 0;
  for (const item of items) {
    const cents = Math.round(item.amount * 100);
    if (cents >= 0) inCents += cents;
    else outCents -= cents;
  }
  return { moneyIn: inCents / 100, moneyOut: outCents / 100 };
}

const YEAR_START = () => `${new Date().getFullYear()}-01-01`;

/**
 * `/projects/:id/finance/report`: the project vault's entries for a period (the current year
 * by default) with the opening and closing balances; printable, and downloadable as CSV and
 * as a PDF made by the server. The period is in the URL (`?from=&to=`).
 */
export function ProjectFinanceReport({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const f = (key: string, values?: Record<string, unknown>) =>
    t(`projects.finance.report.${key}`, values);
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? YEAR_START();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>({ from, to });
  const project = useRecord<ProjectRecord>('projects', id);
  const report = useSlicedQuery({
    queryKey: [...recordKeys.all('ledger_entries'), 'project-report', id, from, to],
    queryFn: () =>
      pb.send<Statement>(`/api/projects/${encodeURIComponent(id)}/finance/report`, {
        query: { from, ...(to ? { to } : {}) },
      }),
  });

  useEffect(() => {
    if (project.data) document.title = `${project.data.title} · ${f('title')}`;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the title follows the project
  }, [project.data]);

  if (project.isError)
    return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  if (!project.data) return <PageLoader />;
  const query = `from=${encodeURIComponent(from)}${to ? `&to=${encodeURIComponent(to)}` : ''}`;
  const base = `/api/projects/${encodeURIComponent(id)}/finance`;
  const fileName = `financial-report-${from}-${to || 'today'}`;
  const currency = report.data?.vault.currency;
  const totals = report.data ? periodTotals(report.data.items) : null;

  return (
    <Container component="main" size="lg" py="xl" className="project-report">
      <Stack gap="md">
        <ReportToolbar
          back={{
            to: `${paths.projects.view.getHref(id)}?tab=finance&finance=overview`,
            label: f('back'),
          }}
          printLabel={f('print')}
        >
          <DownloadButton
            path={`${base}/report?${query}&format=csv`}
            fileName={`${fileName}.csv`}
            label={f('csv')}
          />
          <DownloadButton
            path={`${base}/report.pdf?${query}&lang=${i18n.language === 'ar' ? 'ar' : 'en'}`}
            fileName={`${fileName}.pdf`}
            label={f('pdf')}
          />
        </ReportToolbar>
        <form
          className="report-toolbar"
          aria-label={f('period')}
          onSubmit={(event) => {
            event.preventDefault();
            const next = new URLSearchParams();
            if (draft.from) next.set('from', draft.from);
            if (draft.to) next.set('to', draft.to);
            setParams(next, { replace: true });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DateField
              label={f('from')}
              value={draft.from}
              onChange={(value) => setDraft((d) => ({ ...d, from: value }))}
              clearable
            />
            <DateField
              label={f('to')}
              value={draft.to}
              onChange={(value) => setDraft((d) => ({ ...d, to: value }))}
              clearable
            />
            <Button type="submit" variant="light">
              {f('generate')}
            </Button>
          </Group>
        </form>
        <Box>
          <Title order={1}>{f('heading')}</Title>
          <Text size="sm" c="dimmed">
            {project.data.title} ·{' '}
            {f('periodText', {
              from: from ? formatDate(from) : f('start'),
              to: to ? formatDate(to) : f('today'),
            })}
          </Text>
        </Box>
        <Divider />
        {report.isError ? (
          <ErrorState error={report.error} onRetry={() => void report.refetch()} />
        ) : !report.data || !totals ? (
          <PageLoader />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }} aria-label={f('summary')}>
              <StatCard
                label={f('opening')}
                value={<Money value={report.data.opening_balance} currency={currency} />}
              />
              <StatCard
                label={f('moneyIn')}
                value={<Money value={totals.moneyIn} currency={currency} />}
              />
              <StatCard
                label={f('moneyOut')}
                value={<Money value={totals.moneyOut} currency={currency} />}
              />
              <StatCard
                label={f('closing')}
                value={<Money value={report.data.closing_balance} currency={currency} />}
              />
            </SimpleGrid>
            {report.data.totalItems > report.data.items.length && (
              <Text size="sm" c="dimmed">
                {f('truncated', { shown: report.data.items.length, total: report.data.totalItems })}
              </Text>
            )}
            {report.data.items.length === 0 ? (
              <Text c="dimmed">{f('empty')}</Text>
            ) : (
              // A region that scrolls sideways on a phone: focusable, so the keyboard can scroll it.
              <Box
                style={{ overflowX: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label={f('entries')}
              >
                <Table striped withTableBorder miw={640} aria-label={f('entries')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{f('date')}</Table.Th>
                      <Table.Th>{f('kind')}</Table.Th>
                      <Table.Th>{f('statement')}</Table.Th>
                      <Table.Th ta="end">{f('amount')}</Table.Th>
                      <Table.Th ta="end">{f('balance')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.data.items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>{formatDate(item.date)}</Table.Td>
                        <Table.Td>
                          {t(`finance.statement.entryKinds.${item.kind}`, item.kind)}
                        </Table.Td>
                        <Table.Td>{item.statement || '—'}</Table.Td>
                        <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                          <Money value={item.amount} currency={currency} />
                        </Table.Td>
                        <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                          <Money value={item.running_balance} currency={currency} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
