import { Anchor, Avatar, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { fileUrl } from '@/lib/data/records';
import { PersonStatusBadge } from './person-status-badge';
import { sexAndAge } from './person-text';
import type { PersonRecordFields } from './person-values';

/** The identity card of a profile: photo, name, email, "<sex> (<age>)" and status chip. */
export function PersonProfileCard({
  person,
  status,
  children,
}: {
  person: PersonRecordFields;
  status: unknown;
  /** Extra lines under the status (e.g. the membership number). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const details = sexAndAge(
    person.sex ? t(`hrPeople.sex.${person.sex}`) : '',
    person.birth_date,
    i18n.language,
  );
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Stack align="center" gap="xs" ta="center">
        <Avatar
          src={fileUrl(person, person.avatar, '200x200')}
          name={person.name}
          color="initials"
          size={120}
          radius={120}
        />
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {person.name}
        </Title>
        {person.email && (
          <Anchor href={`mailto:${person.email}`} size="sm" dir="ltr">
            {person.email}
          </Anchor>
        )}
        {details && (
          <Badge variant="default" tt="none" fw={500}>
            {details}
          </Badge>
        )}
        <PersonStatusBadge status={status} size="lg" />
        {children}
        {!person.email && !details && (
          <Text size="xs" c="dimmed">
            {t('hrPeople.profile.noContact')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
