import { PAYMENT_METHODS } from '@app/schema';
import { IconCalendarDue, IconCash, IconReceipt, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Ltr, ltrText } from '@/components/person/ltr';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { todayInput } from '@/components/person/person-values';
import { StatCard } from '@/components/person/stat-card';
import { ChildRecordsTab } from '@/components/resource/child-records-tab';
import { SummaryCards } from '@/components/resource/summary-cards';
import { useChildSummary } from '@/components/resource/use-records';
import { formatDate, fromApiDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { dueBody, type DueInput } from '../api/save-member-due';
import { memberDisplayStatus } from '../member-status';
import {
  MEMBER_DUES,
  MEMBERS,
  type DuesSummary,
  type MemberDueRecord,
  type MemberRecord,
} from '../types';
import { monthsText } from './membership-type-text';

const DEFAULT_MONTHS = 12;

/** A member's dues: totals from the server, every payment, and adding, changing, removing one. */
export function MemberDuesTab({ person: member }: { person: MemberRecord }) {
  const { t } = useTranslation();
  const type = member.expand?.membership_type;

  return (
    <ChildRecordsTab<MemberDueRecord, DueInput>
      collection={MEMBER_DUES}
      parent={member}
      alsoRefresh={[MEMBERS]}
      summary={<DuesSummaryCards member={member} />}
      texts={{ prefix: 'members.dues', add: 'add', added: 'added' }}
      rowDate={(due) => due.paid_on}
      table={{
        minWidth: 860,
        columns: [
          { field: 'paid_on' },
          { field: 'amount', strong: true, render: (d) => <Ltr>{formatMoney(d.amount)}</Ltr> },
          { field: 'months', render: (d) => monthsText(t, d.months) },
          {
            key: 'period',
            header: t('members.dues.period'),
            render: (d) => (
              <Ltr>
                {formatDate(d.period_start)} – {formatDate(d.period_end)}
              </Ltr>
            ),
          },
          { field: 'method', render: (d) => (d.method ? t(`members.methods.${d.method}`) : '—') },
          { field: 'receipt_number' },
          { field: 'note', long: true },
        ],
      }}
      dialog={{
        size: 'lg',
        fields: [
          {
            name: 'amount',
            half: true,
            message: t('members.dues.amountRequired'),
          },
          {
            name: 'paid_on',
            half: true,
            message: t('members.dues.paidOnRequired'),
          },
          {
            name: 'months',
            description: t('members.dues.monthsHint'),
            half: true,
            message: t('members.dues.monthsRange'),
          },
          {
            name: 'method',
            half: true,
            optionLabel: (m) => t(`members.methods.${m}`),
            props: { clearable: true, allowDeselect: true },
          },
          { name: 'receipt_number' },
          { name: 'note' },
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
  const summary = useChildSummary<DuesSummary>(
    MEMBER_DUES,
    member.id,
    `/api/hr/members/${encodeURIComponent(member.id)}/dues-summary`,
  );
  const stateOf = (data: DuesSummary) =>
    data.lapsed || memberDisplayStatus(member) === 'Lapsed'
      ? 'Lapsed'
      : data.payments === 0
        ? 'none'
        : 'paid';
  return (
    <SummaryCards query={summary} cols={4} label={t('members.dues.summary')}>
      {(data) => (
        <>
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
            label={t('fields.members.paid_until')}
            value={formatDate(data.paidUntil, t('members.dues.never'))}
            icon={<IconCalendarDue size={20} />}
            color={stateOf(data) === 'Lapsed' ? 'orange' : 'brand'}
          />
          <StatCard
            label={t('members.dues.state')}
            value={
              stateOf(data) === 'Lapsed' ? (
                <PersonStatusBadge status="Lapsed" size="lg" />
              ) : stateOf(data) === 'paid' ? (
                t('members.dues.paidUp')
              ) : (
                t('members.dues.noPayments')
              )
            }
            icon={<IconUserCheck size={20} />}
            color={{ Lapsed: 'orange', paid: 'green', none: 'gray' }[stateOf(data)]}
          />
        </>
      )}
    </SummaryCards>
  );
}
