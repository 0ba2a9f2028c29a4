import { Badge, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoField } from '@/components/person/info-field';
import { Ltr } from '@/components/person/ltr';
import { PersonProfileCard } from '@/components/person/person-profile-card';
import { dateWithDuration } from '@/components/person/person-text';
import { PhoneChips } from '@/components/person/phone-chips';
import { phonesOf } from '@/components/person/person-values';
import { formatDate, formatDateTime } from '@/lib/format/date';
import type { VolunteerRecord } from '../types';

/** Everything about a volunteer: identity, skills, availability and contact details. */
export function VolunteerOverview({ volunteer }: { volunteer: VolunteerRecord }) {
  const { t, i18n } = useTranslation();
  const skills = volunteer.expand?.skills ?? [];
  const availability = volunteer.availability ?? [];
  const phones = phonesOf(volunteer.phone_numbers);
  const none = t('common.none');
  const since = dateWithDuration(volunteer.starting_date, i18n.language);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PersonProfileCard person={volunteer} status={volunteer.status} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Text fw={600}>
                {since
                  ? t('volunteers.profile.since', { since })
                  : t('volunteers.profile.noJoiningDate')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <InfoField label={t('volunteers.fields.skills')} empty={none}>
                  {skills.length > 0 && (
                    <Group gap={6}>
                      {skills.map((skill) => (
                        <Badge key={skill.id} variant="light" tt="none" title={skill.description}>
                          {skill.title}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </InfoField>
                <InfoField label={t('volunteers.fields.availability')} empty={none}>
                  {availability.length > 0 && (
                    <Group gap={6}>
                      {availability.map((a) => (
                        <Badge key={a} variant="outline" color="gray" tt="none">
                          {t(`volunteers.availability.${a}`)}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </InfoField>
                <InfoField label={t('hrPeople.fields.joiningDate')} empty={none}>
                  {volunteer.starting_date ? formatDate(volunteer.starting_date) : ''}
                </InfoField>
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <InfoField label={t('hrPeople.fields.birthDate')} empty={none}>
                {volunteer.birth_date ? formatDate(volunteer.birth_date) : ''}
              </InfoField>
              <InfoField label={t('hrPeople.fields.address')} empty={none}>
                {volunteer.address}
              </InfoField>
              <InfoField label={t('hrPeople.fields.phones')} empty={none}>
                {phones.length > 0 && <PhoneChips phones={phones} />}
              </InfoField>
              <InfoField label={t('hrPeople.fields.email')} empty={none}>
                {volunteer.email && (
                  <Text size="sm">
                    <Ltr>{volunteer.email}</Ltr>
                  </Text>
                )}
              </InfoField>
              <InfoField label={t('hrPeople.fields.notes')} empty={none}>
                {volunteer.notes}
              </InfoField>
              <InfoField label={t('common.updated')}>{formatDateTime(volunteer.updated)}</InfoField>
            </SimpleGrid>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
