import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { toAppError } from '@/lib/errors';

type PersonDangerZoneProps = {
  /** What removing means, shown next to the button. */
  help: string;
  /** The question of the confirmation dialog. */
  confirmMessage: string;
  pending: boolean;
  error: unknown;
  /** Removes (the caller leaves the page on success). */
  onConfirm: () => void;
  /** Clears a previous failure when the dialog is closed. */
  onReset: () => void;
};

/** "Danger Zone": remove the person, after a confirmation. */
export function PersonDangerZone({
  help,
  confirmMessage,
  pending,
  error,
  onConfirm,
  onReset,
}: PersonDangerZoneProps) {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" c="red.8">
          {t('hrPeople.danger.title')}
        </Title>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
            {help}
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={dialog.open}
          >
            {t('confirm.remove')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={opened}
        onCancel={() => {
          onReset();
          dialog.close();
        }}
        message={confirmMessage}
        loading={pending}
        onConfirm={onConfirm}
      >
        {Boolean(error) && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
