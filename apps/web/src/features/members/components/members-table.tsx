import { Badge, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  type DataTableColumn,
  type DataTableFilter,
} from '@/components/data-table/data-table';
import { PersonCell } from '@/components/person/person-cell';
import { PersonExportButton, type ExportColumn } from '@/components/person/person-export-button';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { phonesOf } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { formatAge, formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { equalsFilter } from '@/lib/records';
import { useMembershipTypes } from '../api/get-membership-types';
import { ACTIVE_NOT_LAPSED_FILTER, LAPSED_FILTER, memberDisplayStatus } from '../member-status';
import { MEMBERS, type MemberRecord } from '../types';
import { MEMBER_IMPORT_HEADERS } from './member-import';
import { Ltr } from '@/components/person/ltr';

const SEARCH_FIELDS = ['name', 'email', 'phone_numbers', 'membership_number'];
const DEFAULT_SORT = '-created';
const EXPAND = 'membership_type';

function statusFilter(value: string): string {
  if (value === 'Lapsed') return LAPSED_FILTER;
  if (value === 'Active') return ACTIVE_NOT_LAPSED_FILTER;
  return equalsFilter('membership_status', value);
}

/** Every member: search by name, email, phone or number; filter by status and type; export. */
export function MembersTable() {
  const { t, i18n } = useTranslation();
  const types = useMembershipTypes();

  const filters: DataTableFilter[] = [
    {
      key: 'status',
      label: t('hrPeople.fields.status'),
      options: (['Active', 'Lapsed', 'Suspended', 'Resigned'] as const).map((s) => ({
        value: s,
        label: t(`hrPeople.status.${s}`),
      })),
      toFilter: statusFilter,
    },
    {
      key: 'type',
      label: t('members.fields.typeShort'),
      options: (types.data ?? []).map((type) => ({ value: type.id, label: type.title })),
      toFilter: (value) => equalsFilter('membership_type', value),
    },
  ];

  const columns: DataTableColumn<MemberRecord>[] = [
    {
      key: 'name',
      header: t('members.fields.member'),
      sortField: 'name',
      render: (m) => <PersonCell person={m} to={paths.hr.members.view.getHref(m.id)} />,
    },
    {
      key: 'membership_number',
      header: t('members.fields.number'),
      sortField: true,
      visibleFrom: 'sm',
      render: (m) => (
        <Text size="sm" ff="monospace">
          <Ltr>{m.membership_number}</Ltr>
        </Text>
      ),
    },
    {
      key: 'membership_type',
      header: t('members.fields.type'),
      visibleFrom: 'md',
      render: (m) => {
        const type = m.expand?.membership_type;
        return type ? (
          <Stack gap={0}>
            <Text size="sm">{type.title}</Text>
            <Text size="xs" c="dimmed">
              <Ltr>{formatMoney(type.fee)}</Ltr>
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        );
      },
    },
    {
      key: 'starting_date',
      header: t('hrPeople.fields.joiningDate'),
      sortField: true,
      visibleFrom: 'sm',
      render: (m) =>
        m.starting_date ? (
          <Stack gap={0}>
            <Text size="sm">{formatDate(m.starting_date)}</Text>
            <Text size="xs" c="dimmed">
              {formatAge(m.starting_date, { locale: i18n.language })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        ),
    },
    {
      key: 'paid_until',
      header: t('members.fields.paidUntil'),
      sortField: true,
      visibleFrom: 'lg',
      render: (m) => (
        <Text size="sm" c={m.paid_until ? undefined : 'dimmed'}>
          {formatDate(m.paid_until, t('members.dues.never'))}
        </Text>
      ),
    },
    {
      key: 'membership_status',
      header: t('hrPeople.fields.status'),
      sortField: true,
      render: (m) => {
        const status = memberDisplayStatus(m);
        return status ? (
          <PersonStatusBadge status={status} />
        ) : (
          <Badge variant="default">{t('common.none')}</Badge>
        );
      },
    },
  ];

  const exportColumns: ExportColumn<MemberRecord>[] = [
    { header: 'Membership number', value: (m) => m.membership_number },
    ...MEMBER_IMPORT_HEADERS.map((header): ExportColumn<MemberRecord> => ({
      header,
      value: (m) => memberCsvValue(m, header),
    })),
    { header: 'Paid until', value: (m) => (m.paid_until ? formatDate(m.paid_until) : '') },
    { header: 'Lapsed', value: (m) => (memberDisplayStatus(m) === 'Lapsed' ? 'yes' : '') },
  ];

  return (
    <DataTable<MemberRecord>
      collection={MEMBERS}
      caption={t('pages.members')}
      columns={columns}
      expand={EXPAND}
      defaultSort={DEFAULT_SORT}
      searchFields={SEARCH_FIELDS}
      searchPlaceholder={t('members.list.search')}
      filters={filters}
      emptyTitle={t('members.list.empty')}
      toolbar={
        <PersonExportButton<MemberRecord>
          collection={MEMBERS}
          searchFields={SEARCH_FIELDS}
          filters={filters}
          defaultSort={DEFAULT_SORT}
          expand={EXPAND}
          columns={exportColumns}
          fileName="members"
          onError={(message) => notifications.show({ color: 'red', message })}
        />
      }
    />
  );
}

/** A member's cell under one of the import's headers, so an export can be imported again. */
function memberCsvValue(m: MemberRecord, header: string): string {
  switch (header) {
    case 'Name':
      return m.name;
    case 'Email':
      return m.email;
    case 'Phone':
      return phonesOf(m.phone_numbers).join('; ');
    case 'Joining date':
      return m.starting_date ? formatDate(m.starting_date) : '';
    case 'Birth date':
      return m.birth_date ? formatDate(m.birth_date) : '';
    case 'Sex':
      return m.sex;
    case 'Address':
      return m.address;
    case 'Status':
      return m.membership_status;
    case 'Membership type':
      return m.expand?.membership_type?.title ?? '';
    case 'Notes':
      return m.notes;
    default:
      return '';
  }
}
