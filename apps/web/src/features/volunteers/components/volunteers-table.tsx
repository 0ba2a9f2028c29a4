import { Badge, Group, Text } from '@mantine/core';
import { VOLUNTEER_AVAILABILITY } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { dimmedNone, PersonTable } from '@/components/person/person-table';
import { VOLUNTEERS_TABLE } from '../table-source';
import { PERSON_STATUSES } from '@/components/person/person-values';
import { pb } from '@/lib/pocketbase';
import { equalsFilter } from '@/lib/data/records';
import { useSkills } from '../api/get-skills';
import type { VolunteerRecord } from '../types';
import { VOLUNTEER_IMPORT_HEADERS } from './volunteer-import';

/** One of several values of a multiple field (`:each ?=`: any item equals). */
function anyEquals(field: string, value: string): string {
  return pb.filter(`${field}:each ?= {:value}`, { value });
}

/** Every volunteer: search, filter by status, skill and availability; export. */
export function VolunteersTable() {
  const { t, i18n } = useTranslation();
  const skills = useSkills();
  const none = t('common.none');
  const availabilityLabel = (a: string) => t(`volunteers.availability.${a}`);

  return (
    <PersonTable<VolunteerRecord>
      source={VOLUNTEERS_TABLE}
      searchFields={['name', 'email', 'phone_numbers']}
      filters={[
        {
          key: 'status',
          label: t('fields.volunteers.status'),
          options: PERSON_STATUSES.map((s) => ({ value: s, label: t(`hrPeople.status.${s}`) })),
          toFilter: (value) => equalsFilter('status', value),
        },
        {
          key: 'skill',
          label: t('volunteers.list.skillFilter'),
          options: (skills.data ?? []).map((skill) => ({ value: skill.id, label: skill.title })),
          toFilter: (value) => anyEquals('skills', value),
        },
        {
          key: 'availability',
          label: t('fields.volunteers.availability'),
          options: VOLUNTEER_AVAILABILITY.map((a) => ({ value: a, label: availabilityLabel(a) })),
          toFilter: (value) => anyEquals('availability', value),
        },
      ]}
      before={[
        {
          field: 'skills',
          visibleFrom: 'md',
          render: (v) =>
            v.expand?.skills?.length ? (
              <Group gap={4} maw={280}>
                {v.expand.skills.map((skill) => (
                  <Badge key={skill.id} variant="light" size="sm" tt="none">
                    {skill.title}
                  </Badge>
                ))}
              </Group>
            ) : (
              dimmedNone(none)
            ),
        },
        {
          field: 'availability',
          visibleFrom: 'lg',
          render: (v) =>
            v.availability?.length ? (
              <Text size="sm">
                {v.availability.map(availabilityLabel).join(i18n.language === 'ar' ? '، ' : ', ')}
              </Text>
            ) : (
              dimmedNone(none)
            ),
        },
      ]}
      after={[]}
      status={{ key: 'status', header: '', render: (v) => <PersonStatusBadge status={v.status} /> }}
      exportHeaders={VOLUNTEER_IMPORT_HEADERS}
      exportValue={(v, header) =>
        header === 'Status'
          ? v.status
          : header === 'Skills'
            ? (v.expand?.skills ?? []).map((s) => s.title).join('; ')
            : header === 'Availability'
              ? (v.availability ?? []).join('; ')
              : ''
      }
    />
  );
}
