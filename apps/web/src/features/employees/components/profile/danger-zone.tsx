import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { toAppError } from '@/lib/errors';
import { useDeleteEmployee } from '../../api/delete-employee';
import type { EmployeeRecord } from '../../types';

/** Removes the employee, after confirmation; the server's refusal (who depends on it) is shown. */
export function DangerZone({
  employee,
  onDeleted,
}: {
  employee: EmployeeRecord;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteEmployee(employee.id);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" c="red.8">
          {t('employees.danger.title')}
        </Title>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
            {t('employees.danger.help')}
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => {
              remove.reset();
              dialog.open();
            }}
          >
            {t('employees.danger.remove')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={opened}
        onCancel={dialog.close}
        message={t('employees.danger.confirm', { name: employee.name })}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              dialog.close();
              notifications.show({
                color: 'green',
                title: t('confirm.removed'),
                message: t('confirm.removedBody'),
              });
              onDeleted();
            },
          })
        }
      >
        {remove.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(remove.error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
