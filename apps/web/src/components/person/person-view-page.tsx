import { Grid, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertOctagon, IconUser } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DangerZone } from '@/components/resource/danger-zone';
import { DetailTabs } from '@/components/resource/detail-tabs';
import { RecordPage } from '@/components/resource/record-page';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useRecord } from '@/lib/data/records';
import { InfoField } from './info-field';
import { Ltr } from './ltr';
import {
  personPaths,
  usePersonTexts,
  type PersonKind,
  type PersonProfileParts,
  type PersonRecord,
} from './person-kind';
import { PersonProfileCard } from './person-profile-card';
import { dateWithDuration } from './person-text';
import { phonesOf } from './person-values';
import { PhoneChips } from './phone-chips';
import { personLabels } from './person-labels';

/** The profile: overview, the child records and (by permission) the danger zone. */
export function PersonViewPage<T extends PersonRecord>({
  kind,
  profile,
}: {
  kind: PersonKind<T>;
  profile: PersonProfileParts<T>;
}) {
  const { t, list, one, text } = usePersonTexts(kind);
  const navigate = useNavigate();
  const to = personPaths(kind);
  const { id = '' } = useParams();
  const person = useRecord<T>(kind.collection, id, { expand: kind.expand });
  const canUpdate = useCanAct(kind.collection, 'update');
  const canDelete = useCanAct(kind.collection, 'delete');
  const { childTab } = profile;
  return (
    <RecordPage
      query={person}
      title={person.data?.name || one}
      trail={[{ label: list, to: to.list.getHref() }]}
      history={{ collection: kind.collection, record: id }}
      updateHref={canUpdate ? to.update.getHref(id) : undefined}
    >
      {(record) => (
        <DetailTabs
          tabs={[
            {
              value: 'overview',
              label: text('tabs.overview'),
              icon: <IconUser size={16} />,
              content: <PersonOverview kind={kind} profile={profile} person={record} />,
            },
            {
              value: childTab.value,
              label: text(`tabs.${childTab.value}`),
              icon: childTab.icon,
              content: <childTab.Tab person={record} />,
            },
            ...(canDelete
              ? [
                  {
                    value: 'settings',
                    label: t('hrPeople.danger.tab'),
                    icon: <IconAlertOctagon size={16} />,
                    danger: true,
                    content: (
                      <DangerZone
                        collection={kind.collection}
                        record={record}
                        alsoRefresh={kind.alsoRefresh}
                        help={text('danger.help')}
                        confirmMessage={text('danger.confirm', { name: record.name })}
                        onRemoved={() => navigate(to.list.getHref(), { replace: true })}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </RecordPage>
  );
}

/** Identity card, the area's facts, then contact details. */
function PersonOverview<T extends PersonRecord>({
  kind,
  profile,
  person,
}: {
  kind: PersonKind<T>;
  profile: PersonProfileParts<T>;
  person: T;
}) {
  const { t, i18n } = useTranslation();
  const { text } = usePersonTexts(kind);
  const label = personLabels(t, kind.collection);
  const none = t('common.none');
  const phones = phonesOf(person.phone_numbers);
  const since = dateWithDuration(person.starting_date, i18n.language);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PersonProfileCard person={person} status={kind.status(person)}>
          {profile.Card && <profile.Card person={person} />}
        </PersonProfileCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {profile.Alert && <profile.Alert person={person} />}
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Text fw={600}>
                {since ? text('profile.since', { since }) : text('profile.noJoiningDate')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <profile.Facts person={person} />
                <InfoField label={label('starting_date')} empty={none}>
                  {person.starting_date ? formatDate(person.starting_date) : ''}
                </InfoField>
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <InfoField label={label('birth_date')} empty={none}>
                {person.birth_date ? formatDate(person.birth_date) : ''}
              </InfoField>
              <InfoField label={label('address')} empty={none}>
                {person.address}
              </InfoField>
              <InfoField label={label('phone_numbers')} empty={none}>
                {phones.length > 0 && <PhoneChips phones={phones} />}
              </InfoField>
              <InfoField label={label('email')} empty={none}>
                {person.email && (
                  <Text size="sm">
                    <Ltr>{person.email}</Ltr>
                  </Text>
                )}
              </InfoField>
              <InfoField label={label('notes')} empty={none}>
                {person.notes}
              </InfoField>
              <InfoField label={t('common.updated')}>{formatDateTime(person.updated)}</InfoField>
            </SimpleGrid>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
