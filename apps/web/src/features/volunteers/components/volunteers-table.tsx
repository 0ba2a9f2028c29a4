import { Badge, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { VOLUNTEER_AVAILABILITY } from '@app/schema';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  type DataTableColumn,
  type DataTableFilter,
} from '@/components/data-table/data-table';
import { PersonCell } from '@/components/person/person-cell';
import { PersonExportButton, type ExportColumn } from '@/components/person/person-export-button';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { PERSON_STATUSES, phonesOf } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { formatAge, formatDate } from '@/lib/format/date';
import { pb } from '@/lib/pocketbase';
import { equalsFilter } from '@/lib/records';
import { useSkills } from '../api/get-skills';
import { VOLUNTEERS, type VolunteerRecord } from '../types';
import { VOLUNTEER_IMPORT_HEADERS } from './volunteer-import';

const SEARCH_FIELDS = ['name', 'email', 'phone_numbers'];
const DEFAULT_SORT = '-created';
const EXPAND = 'skills';

/** One of several values of a multiple field (`?=`: any item equals). */
function anyEquals(field: string, value: string): string {
  return pb.filter(`${field} ?= {:value}`, { value });
}

/** Every volunteer: search, filter by status, skill and availability; export. */
export function VolunteersTable() {
  const { t, i18n } = useTranslation();
  const skills = useSkills();

  const filters: DataTableFilter[] = [
    {
      key: 'status',
      label: t('hrPeople.fields.status'),
      options: PERSON_STATUSES.map((s) => ({ value: s, label: t(`hrPeople.status.${s}`) })),
      toFilter: (value) => equalsFilter('status', value),
    },
    {
      key: 'skill',
      label: t('volunteers.fields.skill'),
      options: (skills.data ?? []).map((skill) => ({ value: skill.id, label: skill.title })),
      toFilter: (value) => anyEquals('skills', value),
    },
    {
      key: 'availability',
      label: t('volunteers.fields.availability'),
      options: VOLUNTEER_AVAILABILITY.map((a) => ({
        value: a,
        label: t(`volunteers.availability.${a}`),
      })),
      toFilter: (value) => anyEquals('availability', value),
    },
  ];

  const columns: DataTableColumn<VolunteerRecord>[] = [
    {
      key: 'name',
      header: t('volunteers.fields.volunteer'),
      sortField: 'name',
      render: (v) => <PersonCell person={v} to={paths.hr.volunteers.view.getHref(v.id)} />,
    },
    {
      key: 'skills',
      header: t('volunteers.fields.skills'),
      visibleFrom: 'md',
      render: (v) => {
        const list = v.expand?.skills ?? [];
        return list.length ? (
          <Group gap={4} maw={280}>
            {list.map((skill) => (
              <Badge key={skill.id} variant="light" size="sm" tt="none">
                {skill.title}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        );
      },
    },
    {
      key: 'availability',
      header: t('volunteers.fields.availability'),
      visibleFrom: 'lg',
      render: (v) =>
        (v.availability ?? []).length ? (
          <Text size="sm">
            {(v.availability ?? [])
              .map((a) => t(`volunteers.availability.${a}`))
              .join(i18n.language === 'ar' ? '، ' : ', ')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        ),
    },
    {
      key: 'starting_date',
      header: t('hrPeople.fields.joiningDate'),
      sortField: true,
      visibleFrom: 'sm',
      render: (v) =>
        v.starting_date ? (
          <Stack gap={0}>
            <Text size="sm">{formatDate(v.starting_date)}</Text>
            <Text size="xs" c="dimmed">
              {formatAge(v.starting_date, { locale: i18n.language })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('hrPeople.fields.status'),
      sortField: true,
      render: (v) => <PersonStatusBadge status={v.status} />,
    },
  ];

  const exportColumns: ExportColumn<VolunteerRecord>[] = VOLUNTEER_IMPORT_HEADERS.map(
    (header): ExportColumn<VolunteerRecord> => ({
      header,
      value: (v) => volunteerCsvValue(v, header),
    }),
  );

  return (
    <DataTable<VolunteerRecord>
      collection={VOLUNTEERS}
      caption={t('pages.volunteers')}
      columns={columns}
      expand={EXPAND}
      defaultSort={DEFAULT_SORT}
      searchFields={SEARCH_FIELDS}
      searchPlaceholder={t('volunteers.list.search')}
      filters={filters}
      emptyTitle={t('volunteers.list.empty')}
      toolbar={
        <PersonExportButton<VolunteerRecord>
          collection={VOLUNTEERS}
          searchFields={SEARCH_FIELDS}
          filters={filters}
          defaultSort={DEFAULT_SORT}
          expand={EXPAND}
          columns={exportColumns}
          fileName="volunteers"
          onError={(message) => notifications.show({ color: 'red', message })}
        />
      }
    />
  );
}

/** A volunteer's cell under one of the import's headers, so an export can be imported again. */
function volunteerCsvValue(v: VolunteerRecord, header: string): string {
  switch (header) {
    case 'Name':
      return v.name;
    case 'Email':
      return v.email;
    case 'Phone':
      return phonesOf(v.phone_numbers).join('; ');
    case 'Joining date':
      return v.starting_date ? formatDate(v.starting_date) : '';
    case 'Birth date':
      return v.birth_date ? formatDate(v.birth_date) : '';
    case 'Sex':
      return v.sex;
    case 'Address':
      return v.address;
    case 'Status':
      return v.status;
    case 'Skills':
      return (v.expand?.skills ?? []).map((s) => s.title).join('; ');
    case 'Availability':
      return (v.availability ?? []).join('; ');
    case 'Notes':
      return v.notes;
    default:
      return '';
  }
}
