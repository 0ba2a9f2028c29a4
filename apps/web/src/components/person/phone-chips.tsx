import { Anchor, Badge, Group } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';

/** Phone numbers as chips that dial the number. */
export function PhoneChips({ phones }: { phones: readonly string[] }) {
  return (
    <Group gap={6}>
      {phones.map((phone) => (
        <Anchor key={phone} href={`tel:${phone}`} underline="never">
          <Badge
            variant="light"
            tt="none"
            fw={500}
            leftSection={<IconPhone size={12} />}
            dir="ltr"
            style={{ cursor: 'pointer' }}
          >
            {phone}
          </Badge>
        </Anchor>
      ))}
    </Group>
  );
}
