import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { fileUrl } from '@/lib/data/records';
import { sexAndAge } from './person-text';
import type { PersonRecordFields } from './person-values';
import { Ltr } from './ltr';

/** A person in a list: avatar, name (a link to the profile), email and "<sex> (<age>)". */
export function PersonCell({ person, to }: { person: PersonRecordFields; to: string }) {
  const { t, i18n } = useTranslation();
  const details = sexAndAge(
    person.sex ? t(`hrPeople.sex.${person.sex}`) : '',
    person.birth_date,
    i18n.language,
  );
  return (
    <Group gap="sm" wrap="nowrap" miw={200}>
      <Avatar
        src={fileUrl(person, person.avatar, '100x100')}
        name={person.name}
        color="initials"
        radius="xl"
        size={40}
      />
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={to} fw={600} size="sm" lineClamp={1}>
          {person.name}
        </Anchor>
        {person.email && (
          <Text size="xs" c="dimmed" truncate>
            <Ltr>{person.email}</Ltr>
          </Text>
        )}
        {details && (
          <Badge
            variant="default"
            size="xs"
            tt="none"
            fw={500}
            w="fit-content"
            // On a phone the line may wrap rather than widen the table past the screen (where
            // the status column would be cut off, at the left in Arabic).
            maw="100%"
            h="auto"
            py={1}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          >
            {details}
          </Badge>
        )}
      </Stack>
    </Group>
  );
}
