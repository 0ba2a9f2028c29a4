import { monthLabel } from '@/lib/format/date';
import { Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ErrorState } from '@/components/page/error-state';
import { HistoryButton } from '@/components/activity/history-button';
import { PageFrame } from '@/components/page/page-frame';
import { DownloadButton } from '@/components/payroll/download-button';
import { Ltr } from '@/components/person/ltr';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { RecordTable } from '@/components/resource/record-table';
import { RemoveRecordDialog } from '@/components/resource/remove-record-dialog';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { formatMoney, type MoneyInput } from '@/lib/format/money';
import { useFullList, useRecord } from '@/lib/data/records';
import { payslipPdfPath, runPdfPath } from '../api';
import {
  PAYROLL_MOVES,
  PAYROLL_RUNS,
  PAYSLIP_LINES,
  PAYSLIPS,
  type PayrollRunRecord,
  type PayslipLineRecord,
  type PayslipRecord,
} from '../types';
import { fieldLabelKey, labelsOf } from '@/components/resource/field-label';
import { WorkflowActions } from '@/components/workflow/workflow-actions';
import { RunStatus } from './run-status';

const money = (v: MoneyInput) => (v === undefined ? '—' : <Ltr>{formatMoney(v)}</Ltr>);

/**
 * Approve, pay, reverse, back to draft: the run's workflow (packages/schema), each asked for
 * first with the amount and the vault, and what it does to payslips and advances.
 */
function RunActions({ run, name }: { run: PayrollRunRecord; name: string }) {
  const { t } = useTranslation();
  const consequences = Object.fromEntries(
    ['approved', 'draft', 'paid', 'reversed'].map((to) => [
      to,
      t(`payroll.confirm.${to}`, { month: name }),
    ]),
  );
  return (
    <WorkflowActions
      collection={PAYROLL_RUNS}
      record={run}
      name={name}
      page
      consequences={consequences}
    />
  );
}

const KIND_ORDER = { allowance: 0, deduction: 1, advance: 2 } as const;

type LineValues = { kind: string; title: string; amount: number | null };

/** A payslip's lines: what they add and take, with ad-hoc lines while the run is a draft. */
function PayslipLines({
  payslip,
  draft,
  onClose,
}: {
  payslip: PayslipRecord;
  draft: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = labelsOf(t, PAYSLIP_LINES);
  const name = payslip.expand?.employee?.name ?? '';
  const lines = useFullList<PayslipLineRecord>(PAYSLIP_LINES, {
    filter: `payslip = "${payslip.id}"`,
    sort: 'created',
  });
  // Allowances, then deductions, then advance instalments (as on the printed payslip).
  const ordered = {
    ...lines,
    data: lines.data
      ? [...lines.data].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
      : undefined,
  };
  const canAdd = useCanAct(PAYSLIP_LINES, 'create') && draft;
  const canRemove = useCanAct(PAYSLIP_LINES, 'delete') && draft;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayslipLineRecord | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('payroll.lines.title', { name })}
      // Over the line dialogs, this one stays open under them.
      trapFocus={!adding && !removing}
    >
      <Stack>
        <RecordTable<PayslipLineRecord>
          title={t('payroll.lines.heading')}
          query={ordered}
          minWidth={480}
          emptyTitle={t('payroll.lines.empty')}
          add={
            canAdd ? { label: t('payroll.lines.add'), onClick: () => setAdding(true) } : undefined
          }
          onRemove={canRemove ? setRemoving : undefined}
          removeLabel={(l) => t('payroll.removeOf', { name: l.title })}
          columns={[
            { key: 'kind', header: f('kind'), render: (l) => t(`payroll.kinds.${l.kind}`) },
            { key: 'title', header: f('title'), strong: true, render: (l) => l.title },
            { key: 'source', header: f('source'), render: (l) => t(`payroll.sources.${l.source}`) },
            { key: 'amount', header: f('amount'), render: (l) => money(l.amount) },
          ]}
        />
        <Text fw={700}>
          {t(fieldLabelKey(PAYSLIPS, 'net_pay'))}: {money(payslip.net_pay)}
        </Text>
      </Stack>
      {adding && (
        <EntryDialog<PayslipLineRecord, LineValues>
          collection={PAYSLIP_LINES}
          alsoRefresh={PAYROLL_MOVES}
          record={null}
          title={t('payroll.lines.addTitle', { name })}
          size="md"
          fields={[
            {
              name: 'kind',
              optionLabel: (v) => t(`payroll.kinds.${v}`),
              props: {
                data: ['allowance', 'deduction'].map((v) => ({
                  value: v,
                  label: t(`payroll.kinds.${v}`),
                })),
              },
            },
            { name: 'title' },
            { name: 'amount' },
          ]}
          initialValues={{ kind: 'allowance', title: '', amount: null }}
          toBody={(v) => ({ ...v, title: v.title.trim(), payslip: payslip.id })}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              message: t('payroll.saved', { name: saved.title }),
            });
            setAdding(false);
          }}
        />
      )}
      <RemoveRecordDialog<PayslipLineRecord>
        collection={PAYSLIP_LINES}
        alsoRefresh={PAYROLL_MOVES}
        record={removing}
        message={(l) => t('payroll.removeConfirm', { name: l.title })}
        onClose={() => setRemoving(null)}
      />
    </Modal>
  );
}

/** /finance/payroll/:id: one month's payslips, their lines, and the run's workflow. */
export function PayrollRunScreen({ runId }: { runId: string }) {
  const { t, i18n } = useTranslation();
  const f = labelsOf(t, PAYROLL_RUNS);
  const p = labelsOf(t, PAYSLIPS);
  const run = useRecord<PayrollRunRecord>(PAYROLL_RUNS, runId, { expand: 'vault' });
  const payslips = useFullList<PayslipRecord>(PAYSLIPS, {
    filter: `run = "${runId}"`,
    expand: 'employee',
    sort: 'created',
  });
  const sorted = {
    ...payslips,
    data: payslips.data
      ? [...payslips.data].sort((a, b) =>
          (a.expand?.employee?.name ?? '').localeCompare(b.expand?.employee?.name ?? ''),
        )
      : undefined,
  };
  const [open, setOpen] = useState<PayslipRecord | null>(null);
  const [removing, setRemoving] = useState<PayslipRecord | null>(null);
  const canRemove = useCanAct(PAYSLIPS, 'delete');
  const r = run.data;
  const name = r ? monthLabel(r.year, r.month) : '';
  const draft = r?.status === 'draft';
  const title = r ? t('payroll.run.title', { month: name }) : t('pages.payrollRun');
  const figures = r && r.total_net !== undefined;

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.payroll'), to: paths.finance.payroll.getHref() },
        // Isolated left to right, so "2026-05" reads the same in Arabic.
        { label: name ? `\u2066${name}\u2069` : t('pages.payrollRun') },
      ]}
      actions={<HistoryButton collection={PAYROLL_RUNS} record={runId} />}
    >
      {run.isError ? (
        <ErrorState error={run.error} onRetry={() => void run.refetch()} />
      ) : !r ? (
        <Skeleton h={120} radius="lg" />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <RunStatus status={r.status} />
                  <Text size="sm">
                    {f('vault')}: {r.expand?.vault?.title ?? '—'}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`payroll.run.help.${r.status}`)}
                </Text>
              </Stack>
              <Group gap="xs">
                <RunActions run={r} name={name} />
                {figures && (
                  <DownloadButton
                    path={runPdfPath(r.id, i18n.language)}
                    fileName={`payslips-${name}.pdf`}
                    label={t('payroll.run.pdf')}
                  />
                )}
              </Group>
            </Group>
            {figures && (
              <SimpleGrid
                cols={{ base: 2, sm: 3, md: 6 }}
                spacing="xs"
                aria-label={t('payroll.run.totals')}
              >
                {(
                  [
                    ['payslips_count', r.payslips_count],
                    ['total_basic', money(r.total_basic)],
                    ['total_allowances', money(r.total_allowances)],
                    ['total_deductions', money(r.total_deductions)],
                    ['total_advances', money(r.total_advances)],
                    ['total_net', money(r.total_net)],
                  ] as const
                ).map(([key, value]) => (
                  <Stack key={key} gap={2}>
                    <Text size="xs" c="dimmed">
                      {f(key)}
                    </Text>
                    <Text fw={700} data-testid={`run-${key}`}>
                      {value}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
      )}
      <RecordTable<PayslipRecord>
        title={t('payroll.run.payslips')}
        query={sorted}
        minWidth={900}
        nowrap
        emptyTitle={t('payroll.run.empty')}
        onRemove={canRemove && draft ? setRemoving : undefined}
        removeLabel={(p) => t('payroll.run.removeOf', { name: p.expand?.employee?.name ?? '' })}
        columns={[
          {
            key: 'employee',
            header: p('employee'),
            strong: true,
            render: (p) => p.expand?.employee?.name ?? '—',
          },
          { key: 'basic', header: p('basic_salary'), render: (p) => money(p.basic_salary) },
          {
            key: 'allowances',
            header: p('total_allowances'),
            render: (p) => money(p.total_allowances),
          },
          {
            key: 'deductions',
            header: p('total_deductions'),
            render: (p) => money(p.total_deductions),
          },
          { key: 'advances', header: p('total_advances'), render: (p) => money(p.total_advances) },
          { key: 'net', header: p('net_pay'), strong: true, render: (p) => money(p.net_pay) },
          {
            key: 'open',
            header: t('payroll.columns.actions'),
            render: (p) => {
              const who = p.expand?.employee?.name ?? '';
              return (
                <Group gap={6} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={t('payroll.run.linesOf', { name: who })}
                    onClick={() => setOpen(p)}
                  >
                    {t('payroll.run.lines')}
                  </Button>
                  {p.net_pay !== undefined && (
                    <DownloadButton
                      size="compact-sm"
                      path={payslipPdfPath(p.id, i18n.language)}
                      fileName={`payslip-${name}-${who.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`}
                      label={t('payroll.run.payslipPdf')}
                      ariaLabel={t('payroll.run.payslipPdfOf', { name: who })}
                    />
                  )}
                </Group>
              );
            },
          },
        ]}
      />
      {open && (
        <PayslipLines
          // The payslip as the list now holds it (its net pay follows its lines).
          payslip={payslips.data?.find((p) => p.id === open.id) ?? open}
          draft={draft}
          onClose={() => setOpen(null)}
        />
      )}
      <RemoveRecordDialog<PayslipRecord>
        collection={PAYSLIPS}
        alsoRefresh={PAYROLL_MOVES}
        record={removing}
        message={(p) => t('payroll.run.removeConfirm', { name: p.expand?.employee?.name ?? '' })}
        onClose={() => setRemoving(null)}
      />
    </PageFrame>
  );
}
