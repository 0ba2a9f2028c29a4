import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { StatusActions, type StatusMove } from '@/components/resource/status-actions';
import { StatusBadge } from '@/components/resource/status-badge';
import { useCanAct } from '@/components/resource/use-can-act';
import { paths } from '@/config/paths';
import { formatDate, fromApiDate, toApiDate } from '@/lib/format/date';
import { useVaultFilter } from '../api';
import {
  ADVANCES,
  MONEY_MOVES,
  REPAYMENTS,
  type AdvanceRecord,
  type RepaymentRecord,
} from '../types';
import { Money, nameOf, sectionTexts, today } from './money';

const ADVANCE_COLORS = {
  requested: 'gray',
  approved: 'yellow',
  paid: 'blue',
  partly_repaid: 'orange',
  repaid: 'green',
  declined: 'red',
} as const;

const NEXT: Record<string, Omit<StatusMove, 'label'>[]> = {
  requested: [
    { to: 'approved', permission: 'advances.approve' },
    { to: 'declined', permission: 'advances.approve', color: 'red' },
  ],
  approved: [
    { to: 'paid', permission: 'advances.pay', color: 'green' },
    { to: 'declined', permission: 'advances.approve', color: 'red' },
  ],
};

type AdvanceValues = {
  employee: string | null;
  amount: number | null;
  monthly_deduction: number | null;
  purpose: string;
  date: string | null;
  vault: string | null;
};
type RepaymentValues = {
  amount: number | null;
  date: string | null;
  source: string | null;
  statement: string;
};

/** /finance/advances: advances through their workflow, and their repayments. */
export function AdvancesScreen() {
  const { t } = useTranslation();
  const f = (key: string) => t(`finance.fields.${key}`);
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
        alsoRefresh={MONEY_MOVES}
        list={{ sort: '-date,-created', expand: 'employee,vault' }}
        title={t('finance.advances.title')}
        emptyTitle={t('finance.advances.empty')}
        minWidth={980}
        search={['employee.name', 'purpose']}
        sortable={{ date: true, employee: 'employee.name', amount: true, remaining: true }}
        filters={[
          declaredChoiceFilter(ADVANCES, 'status', f('status'), (s) =>
            t(`finance.advances.statuses.${s}`),
          ),
          ...byVault,
          ...dateRangeFilters('date', range),
        ]}
        csv="advances"
        csvCells={{ deduction: (r) => r.monthly_deduction }}
        editable={(r) => r.status === 'requested' || r.status === 'approved'}
        removable={(r) => r.status === 'requested' || r.status === 'declined'}
        columns={[
          { key: 'date', header: f('date'), render: (r) => formatDate(r.date) },
          { key: 'employee', header: f('employee'), strong: true, render: employeeOf },
          {
            key: 'amount',
            header: f('amount'),
            strong: true,
            render: (r) => <Money value={r.amount} />,
          },
          {
            key: 'deduction',
            header: f('monthlyDeduction'),
            render: (r) => <Money value={r.monthly_deduction} />,
          },
          { key: 'repaid', header: f('repaid'), render: (r) => <Money value={r.repaid} /> },
          {
            key: 'remaining',
            header: f('remaining'),
            render: (r) => <Money value={r.remaining} />,
          },
          {
            key: 'status',
            header: f('status'),
            render: (r) => (
              <StatusBadge
                status={r.status}
                colors={ADVANCE_COLORS}
                texts="finance.advances.statuses"
              />
            ),
          },
          {
            key: 'moves',
            header: f('actions'),
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <StatusActions
                  collection={ADVANCES}
                  id={r.id}
                  alsoRefresh={MONEY_MOVES}
                  moves={(NEXT[r.status] ?? []).map((m) => {
                    const label = t(`finance.advances.moves.${m.to}`);
                    return {
                      ...m,
                      label,
                      ariaLabel: t('finance.expenses.moveOf', { move: label, name: employeeOf(r) }),
                    };
                  })}
                />
                {canRepay && (r.status === 'paid' || r.status === 'partly_repaid') && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={t('finance.advances.repayOf', { name: employeeOf(r) })}
                    onClick={() => setRepaying(r)}
                  >
                    {t('finance.advances.repay')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
        texts={sectionTexts<AdvanceRecord>(t, 'advances', employeeOf)}
        dialog={{
          fields: [
            { name: 'employee', label: f('employee'), displayField: 'name' },
            { name: 'amount', label: f('amount'), half: true },
            { name: 'monthly_deduction', label: f('monthlyDeduction'), half: true },
            { name: 'date', label: f('date'), half: true },
            { name: 'vault', label: f('vault'), half: true },
            { name: 'purpose', label: f('purpose') },
          ],
          initialValues: (r) => ({
            employee: r?.employee || null,
            amount: r?.amount ?? null,
            monthly_deduction: r?.monthly_deduction ?? null,
            purpose: r?.purpose ?? '',
            date: r ? fromApiDate(r.date) : today(),
            vault: r?.vault || null,
          }),
          toBody: (v) => ({
            ...v,
            date: toApiDate(v.date),
            monthly_deduction: v.monthly_deduction ?? 0,
            purpose: v.purpose.trim(),
          }),
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
        sortable={{ date: true, amount: true }}
        filters={dateRangeFilters('date', range)}
        csv="repayments"
        csvCells={{ employee: (r) => nameOf(r.expand?.advance?.expand?.employee) }}
        noEdit
        columns={[
          { key: 'date', header: f('date'), render: (r) => formatDate(r.date) },
          {
            key: 'employee',
            header: f('employee'),
            strong: true,
            render: (r) => nameOf(r.expand?.advance?.expand?.employee),
          },
          {
            key: 'amount',
            header: f('amount'),
            strong: true,
            render: (r) => <Money value={r.amount} />,
          },
          {
            key: 'source',
            header: f('source'),
            render: (r) => t(`finance.repayments.sources.${r.source || 'manual'}`),
          },
          {
            key: 'statement',
            header: f('statement'),
            long: true,
            render: (r) => r.statement || '—',
          },
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
              label: f('amount'),
              half: true,
              // The amount in its own left-to-right box: in Arabic "300.00 USD" read "USD 300.00".
              description: (
                <>
                  {f('remaining')}: <Money value={repaying.remaining} />
                </>
              ),
            },
            { name: 'date', label: f('date'), half: true },
            // Cash only: instalments withheld from salaries are written by paying a payroll run.
            { name: 'statement', label: f('statement') },
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
