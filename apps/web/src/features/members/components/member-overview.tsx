import { Alert, Badge, Grid, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InfoField } from '@/components/person/info-field';
import { PersonProfileCard } from '@/components/person/person-profile-card';
import { dateWithDuration } from '@/components/person/person-text';
import { PhoneChips } from '@/components/person/phone-chips';
import { phonesOf } from '@/components/person/person-values';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { memberDisplayStatus } from '../member-status';
import type { MemberRecord } from '../types';
import { feeAndPeriod } from './membership-type-text';
import { Ltr } from '@/components/person/ltr';

/** Everything about a member: identity, membership, dues state and contact details. */
export function MemberOverview({ member }: { member: MemberRecord }) {
  const { t, i18n } = useTranslation();
  const status = memberDisplayStatus(member);
  const type = member.expand?.membership_type;
  const phones = phonesOf(member.phone_numbers);
  const none = t('common.none');
  const since = dateWithDuration(member.starting_date, i18n.language);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PersonProfileCard person={member} status={status}>
          {member.membership_number && (
            <Badge variant="outline" size="lg" ff="monospace" tt="none" dir="ltr">
              {member.membership_number}
            </Badge>
          )}
        </PersonProfileCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {status === 'Lapsed' && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('members.lapsed.title')}
            >
              {t('members.lapsed.body', { date: formatDate(member.paid_until) })}
            </Alert>
          )}
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Text fw={600}>
                {since
                  ? t('members.profile.memberSince', { since })
                  : t('members.profile.noJoiningDate')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <InfoField label={t('members.fields.number')} empty={none}>
                  {member.membership_number && (
                    <Text size="sm" ff="monospace">
                      <Ltr>{member.membership_number}</Ltr>
                    </Text>
                  )}
                </InfoField>
                <InfoField label={t('members.fields.type')} empty={none}>
                  {type && (
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {type.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {feeAndPeriod(t, type)}
                      </Text>
                    </Stack>
                  )}
                </InfoField>
                <InfoField label={t('members.fields.paidUntil')}>
                  <Text size="sm" c={status === 'Lapsed' ? 'orange.8' : undefined} fw={500}>
                    {formatDate(member.paid_until, t('members.dues.never'))}
                  </Text>
                </InfoField>
                <InfoField label={t('hrPeople.fields.joiningDate')} empty={none}>
                  {member.starting_date ? formatDate(member.starting_date) : ''}
                </InfoField>
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <InfoField label={t('hrPeople.fields.birthDate')} empty={none}>
                {member.birth_date ? formatDate(member.birth_date) : ''}
              </InfoField>
              <InfoField label={t('hrPeople.fields.address')} empty={none}>
                {member.address}
              </InfoField>
              <InfoField label={t('hrPeople.fields.phones')} empty={none}>
                {phones.length > 0 && <PhoneChips phones={phones} />}
              </InfoField>
              <InfoField label={t('hrPeople.fields.email')} empty={none}>
                {member.email && (
                  <Text size="sm">
                    <Ltr>{member.email}</Ltr>
                  </Text>
                )}
              </InfoField>
              <InfoField label={t('hrPeople.fields.notes')} empty={none}>
                {member.notes}
              </InfoField>
              <InfoField label={t('common.updated')}>{formatDateTime(member.updated)}</InfoField>
            </SimpleGrid>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
