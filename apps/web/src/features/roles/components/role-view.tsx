import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { formatDateTime } from '@/lib/format/date';
import { toAppError } from '@/lib/errors';
import type { RoleRecord } from '@/lib/models';
import { useDeleteRole } from '../api/roles-api';
import { PermissionPicker } from './permission-picker';

type RoleViewProps = {
  role: RoleRecord;
  canDelete: boolean;
  /** Called after the role was deleted. */
  onDeleted: () => void;
};

/** A role, read-only, with its danger zone (delete, refused while accounts hold the role). */
export function RoleView({ role, canDelete, onDeleted }: RoleViewProps) {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteRole(role.id);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('roles.fields.description')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <bdi>{role.description || t('common.none')}</bdi>
          </Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t('roles.fields.lastUpdate')}: {formatDateTime(role.updated)}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <PermissionPicker value={role.permissions ?? []} readOnly />
      </Paper>
      {canDelete && (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          style={{ borderColor: 'var(--mantine-color-red-3)' }}
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" c="red.8">
              {t('roles.danger.title')}
            </Title>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
                {t('roles.danger.help')}
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
        </Paper>
      )}
      <ConfirmDialog
        opened={opened}
        onCancel={() => {
          remove.reset();
          dialog.close();
        }}
        message={t('roles.danger.confirm', { title: role.title })}
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
          <Alert color="red" variant="light" role="alert" data-testid="delete-role-error">
            {toAppError(remove.error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
