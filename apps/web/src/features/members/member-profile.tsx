import { Alert, Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { InfoField } from '@/components/person/info-field';
import { Ltr } from '@/components/person/ltr';
import type { PersonProfileParts } from '@/components/person/person-kind';
import { formatDate } from '@/lib/format/date';
import { useTranslation } from '@/lib/i18n/use-translation';
import { MemberDuesTab } from './components/member-dues-tab';
import { feeAndPeriod } from './components/membership-type-text';
import { memberDisplayStatus } from './member-status';
import type { MemberRecord } from './types';

/** What is members' own on the profile: the number, a lapsed warning, the type and the dues. */
export const memberProfile: PersonProfileParts<MemberRecord> = {
  Card: ({ person }) =>
    person.membership_number && (
      <Badge variant="outline" size="lg" ff="monospace" tt="none" dir="ltr">
        {person.membership_number}
      </Badge>
    ),
  Alert: LapsedAlert,
  Facts: MemberFacts,
  childTab: { value: 'dues', icon: <IconCash size={16} />, Tab: MemberDuesTab },
};

function LapsedAlert({ person }: { person: MemberRecord }) {
  const { t } = useTranslation();
  if (memberDisplayStatus(person) !== 'Lapsed') return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('members.lapsed.title')}
    >
      {t('members.lapsed.body', { date: formatDate(person.paid_until) })}
    </Alert>
  );
}

function MemberFacts({ person: member }: { person: MemberRecord }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const type = member.expand?.membership_type;
  return (
    <>
      <InfoField label={t('fields.members.membership_number')} empty={none}>
        {member.membership_number && (
          <Text size="sm" ff="monospace">
            <Ltr>{member.membership_number}</Ltr>
          </Text>
        )}
      </InfoField>
      <InfoField label={t('fields.members.membership_type')} empty={none}>
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
      <InfoField label={t('fields.members.paid_until')}>
        <Text
          size="sm"
          c={memberDisplayStatus(member) === 'Lapsed' ? 'orange.8' : undefined}
          fw={500}
        >
          {formatDate(member.paid_until, t('members.dues.never'))}
        </Text>
      </InfoField>
    </>
  );
}
