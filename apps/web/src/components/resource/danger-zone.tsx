import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { RemoveRecordDialog } from './remove-record-dialog';

type DangerZoneProps = {
  collection: string;
  record: { id: string };
  alsoRefresh?: readonly string[];
  /** What removing means, next to the button. */
  help: string;
  /** The question of the confirmation. */
  confirmMessage: string;
  /** Defaults to "Danger Zone" and "Remove". */
  title?: string;
  buttonLabel?: string;
  onRemoved: () => void;
  errorTestId?: string;
};

/** "Danger Zone" of a record's page: remove it after a confirmation; the server's refusal is shown. */
export function DangerZone({
  collection,
  record,
  alsoRefresh,
  help,
  confirmMessage,
  title,
  buttonLabel,
  onRemoved,
  errorTestId,
}: DangerZoneProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState(false);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" c="red.8">
          {title ?? t('hrPeople.danger.title')}
        </Title>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
            {help}
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setRemoving(true)}
          >
            {buttonLabel ?? t('confirm.remove')}
          </Button>
        </Group>
      </Stack>
      <RemoveRecordDialog
        collection={collection}
        alsoRefresh={alsoRefresh}
        record={removing ? record : null}
        message={() => confirmMessage}
        onClose={() => setRemoving(false)}
        onRemoved={onRemoved}
        errorTestId={errorTestId}
      />
    </Paper>
  );
}
