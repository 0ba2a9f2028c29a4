import { SimpleGrid, Skeleton } from '@mantine/core';
import { PAYMENT_METHODS } from '@app/schema';
import { IconCalendarDue, IconCash, IconReceipt, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/page/error-state';
import { Ltr, ltrText } from '@/components/person/ltr';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { todayInput } from '@/components/person/person-values';
import { StatCard } from '@/components/person/stat-card';
import { ChildRecordsTab } from '@/components/resource/child-records-tab';
import { formatDate, fromApiDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { useDuesSummary } from '../api/get-dues-summary';
import { dueBody, type DueInput } from '../api/save-member-due';
import { memberDisplayStatus } from '../member-status';
import { MEMBER_DUES, MEMBERS, type MemberDueRecord, type MemberRecord } from '../types';
import { monthsText } from './membership-type-text';

const DEFAULT_MONTHS = 12;

/** A member's dues: totals from the server, every payment, and adding, changing, removing one. */
export function MemberDuesTab({ member, canEdit }: { member: MemberRecord; canEdit: boolean }) {
  const { t } = useTranslation();
  const type = member.expand?.membership_type;
  const paidOn = (due: MemberDueRecord) => ({ date: formatDate(due.paid_on) });

  return (
    <ChildRecordsTab<MemberDueRecord, DueInput>
      collection={MEMBER_DUES}
      parentField="member"
      parentId={member.id}
      sort="-paid_on,-created"
      alsoRefresh={[MEMBERS]}
      canEdit={canEdit}
      summary={<DuesSummaryCards member={member} />}
      table={{
        title: t('members.dues.title'),
        addLabel: t('members.dues.add'),
        emptyTitle: t('members.dues.empty'),
        emptyHint: t('members.dues.emptyHint'),
        minWidth: 860,
        nowrap: true,
        editTooltip: t('members.dues.edit'),
        editLabel: (due) => t('members.dues.editOf', paidOn(due)),
        removeLabel: (due) => t('members.dues.removeOf', paidOn(due)),
        columns: [
          {
            key: 'paid_on',
            header: t('members.dues.paidOn'),
            render: (d) => formatDate(d.paid_on),
          },
          {
            key: 'amount',
            header: t('members.dues.amount'),
            strong: true,
            render: (d) => <Ltr>{formatMoney(d.amount)}</Ltr>,
          },
          {
            key: 'months',
            header: t('members.dues.months'),
            render: (d) => monthsText(t, d.months),
          },
          {
            key: 'period',
            header: t('members.dues.period'),
            render: (d) => (
              <Ltr>
                {formatDate(d.period_start)} – {formatDate(d.period_end)}
              </Ltr>
            ),
          },
          {
            key: 'method',
            header: t('members.dues.method'),
            render: (d) => (d.method ? t(`members.methods.${d.method}`) : '—'),
          },
          {
            key: 'receipt',
            header: t('members.dues.receipt'),
            render: (d) => d.receipt_number || '—',
          },
          { key: 'note', header: t('members.dues.note'), long: true, render: (d) => d.note || '—' },
        ],
      }}
      dialog={{
        size: 'lg',
        title: (due) => (due ? t('members.dues.editTitle') : t('members.dues.addTitle')),
        saved: (due) => (due ? t('members.dues.updated') : t('members.dues.added')),
        fields: [
          {
            name: 'amount',
            label: t('members.dues.amount'),
            half: true,
            message: t('members.dues.amountRequired'),
          },
          {
            name: 'paid_on',
            label: t('members.dues.paidOn'),
            half: true,
            message: t('members.dues.paidOnRequired'),
          },
          {
            name: 'months',
            label: t('members.dues.months'),
            description: t('members.dues.monthsHint'),
            half: true,
            message: t('members.dues.monthsRange'),
          },
          {
            name: 'method',
            label: t('members.dues.method'),
            half: true,
            optionLabel: (m) => t(`members.methods.${m}`),
            props: { clearable: true, allowDeselect: true },
          },
          { name: 'receipt_number', label: t('members.dues.receipt') },
          { name: 'note', label: t('members.dues.note') },
        ],
        initialValues: (due) =>
          due
            ? {
                amount: due.amount,
                paid_on: fromApiDate(due.paid_on),
                months: due.months,
                method: due.method || null,
                receipt_number: due.receipt_number ?? '',
                note: due.note ?? '',
              }
            : {
                // The member's type gives a new payment's amount and months.
                amount: type?.fee ? type.fee : null,
                paid_on: todayInput(),
                months: type?.period_months ?? DEFAULT_MONTHS,
                method: PAYMENT_METHODS[0],
                receipt_number: '',
                note: '',
              },
        toBody: (values) => dueBody(member.id, values),
      }}
      removeMessage={(due) =>
        t('members.dues.removeConfirm', {
          amount: ltrText(formatMoney(due.amount)),
          date: formatDate(due.paid_on),
        })
      }
    />
  );
}

/** Total paid, payments, paid-until and the dues' state, computed by the server. */
function DuesSummaryCards({ member }: { member: MemberRecord }) {
  const { t } = useTranslation();
  const summary = useDuesSummary(member.id);
  if (summary.isError) {
    return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  const grid = { cols: { base: 2, md: 4 }, spacing: { base: 'xs', sm: 'md' } } as const;
  if (!summary.data) {
    return (
      <SimpleGrid {...grid}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={92} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const data = summary.data;
  const state =
    data.lapsed || memberDisplayStatus(member) === 'Lapsed'
      ? 'Lapsed'
      : data.payments === 0
        ? 'none'
        : 'paid';
  return (
    <SimpleGrid {...grid} aria-label={t('members.dues.summary')}>
      <StatCard
        label={t('members.dues.totalPaid')}
        value={formatMoney(data.totalPaid)}
        icon={<IconCash size={20} />}
        ltr
      />
      <StatCard
        label={t('members.dues.payments')}
        value={data.payments}
        hint={
          data.lastPaidOn
            ? t('members.dues.lastPaid', { date: formatDate(data.lastPaidOn) })
            : undefined
        }
        icon={<IconReceipt size={20} />}
        ltr
      />
      <StatCard
        label={t('members.fields.paidUntil')}
        value={formatDate(data.paidUntil, t('members.dues.never'))}
        icon={<IconCalendarDue size={20} />}
        color={state === 'Lapsed' ? 'orange' : 'brand'}
      />
      <StatCard
        label={t('members.dues.state')}
        value={
          state === 'Lapsed' ? (
            <PersonStatusBadge status="Lapsed" size="lg" />
          ) : state === 'paid' ? (
            t('members.dues.paidUp')
          ) : (
            t('members.dues.noPayments')
          )
        }
        icon={<IconUserCheck size={20} />}
        color={state === 'Lapsed' ? 'orange' : state === 'paid' ? 'green' : 'gray'}
      />
    </SimpleGrid>
  );
}
