import { Badge, Stack, Text } from '@mantine/core';
import { MEMBERSHIP_STATUSES } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Ltr } from '@/components/person/ltr';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { dimmedNone, PersonTable } from '@/components/person/person-table';
import { MEMBERS_TABLE } from '../table-source';
import { formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { equalsFilter } from '@/lib/data/records';
import { useMembershipTypes } from '../api/get-membership-types';
import { ACTIVE_NOT_LAPSED_FILTER, LAPSED_FILTER, memberDisplayStatus } from '../member-status';
import type { MemberRecord } from '../types';
import { MEMBER_IMPORT_HEADERS } from './member-import';

const STATUSES = ['Active', 'Lapsed', ...MEMBERSHIP_STATUSES.filter((s) => s !== 'Active')];

function statusFilter(value: string): string {
  if (value === 'Lapsed') return LAPSED_FILTER;
  if (value === 'Active') return ACTIVE_NOT_LAPSED_FILTER;
  return equalsFilter('membership_status', value);
}

/** Every member: search by name, email, phone or number; filter by status and type; export. */
export function MembersTable() {
  const { t } = useTranslation();
  const types = useMembershipTypes();
  const none = t('common.none');

  return (
    <PersonTable<MemberRecord>
      source={MEMBERS_TABLE}
      searchFields={['name', 'email', 'phone_numbers', 'membership_number']}
      filters={[
        {
          key: 'status',
          label: t('fields.members.membership_status'),
          options: STATUSES.map((s) => ({ value: s, label: t(`hrPeople.status.${s}`) })),
          toFilter: statusFilter,
        },
        {
          key: 'type',
          label: t('members.list.typeFilter'),
          options: (types.data ?? []).map((type) => ({ value: type.id, label: type.title })),
          toFilter: (value) => equalsFilter('membership_type', value),
        },
      ]}
      before={[
        {
          field: 'membership_number',
          sortField: true,
          visibleFrom: 'sm',
          render: (m) => (
            <Text size="sm" ff="monospace">
              <Ltr>{m.membership_number}</Ltr>
            </Text>
          ),
        },
        {
          field: 'membership_type',
          visibleFrom: 'md',
          render: ({ expand }) =>
            expand?.membership_type ? (
              <Stack gap={0}>
                <Text size="sm">{expand.membership_type.title}</Text>
                <Text size="xs" c="dimmed">
                  <Ltr>{formatMoney(expand.membership_type.fee)}</Ltr>
                </Text>
              </Stack>
            ) : (
              dimmedNone(none)
            ),
        },
      ]}
      after={[
        {
          field: 'paid_until',
          sortField: true,
          visibleFrom: 'lg',
          render: (m) => (
            <Text size="sm" c={m.paid_until ? undefined : 'dimmed'}>
              {formatDate(m.paid_until, t('members.dues.never'))}
            </Text>
          ),
        },
      ]}
      status={{
        key: 'membership_status',
        header: '',
        render: (m) => {
          const status = memberDisplayStatus(m);
          return status ? (
            <PersonStatusBadge status={status} />
          ) : (
            <Badge variant="default">{none}</Badge>
          );
        },
      }}
      exportBefore={[
        { key: 'csv:number', header: 'Membership number', csv: (m) => m.membership_number },
      ]}
      exportHeaders={MEMBER_IMPORT_HEADERS}
      exportValue={(m, header) =>
        header === 'Status'
          ? m.membership_status
          : header === 'Membership type'
            ? (m.expand?.membership_type?.title ?? '')
            : ''
      }
      exportAfter={[
        {
          key: 'csv:paid',
          header: 'Paid until',
          csv: (m) => (m.paid_until ? formatDate(m.paid_until) : ''),
        },
        {
          key: 'csv:lapsed',
          header: 'Lapsed',
          csv: (m) => (memberDisplayStatus(m) === 'Lapsed' ? 'yes' : ''),
        },
      ]}
    />
  );
}
