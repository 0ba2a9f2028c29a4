import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { toAppError } from '@/lib/errors';
import { userStatusOf, type UserRecord } from '@/lib/models';
import { useResetUserPassword } from '../api/reset-user-password';
import { useUpdateUser } from '../api/update-user';

/** Suspend or activate the account, or put it back on the default password (with confirmation). */
export function UserAccountActions({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const status = userStatusOf(user.status);
  const [statusOpened, statusDialog] = useDisclosure(false);
  const [resetOpened, resetDialog] = useDisclosure(false);
  const update = useUpdateUser(user.id);
  const reset = useResetUserPassword(user.id);
  const nextStatus = status === 'ACTIVE' ? 'SUSPENDED' : 'ACTIVE';

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" c="red.8">
          {t('users.actions.title')}
        </Title>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Text fw={600} size="sm">
              {status === 'ACTIVE' ? t('users.actions.suspend') : t('users.actions.activate')}
            </Text>
            <Text size="sm" c="dimmed">
              {status === 'ACTIVE'
                ? t('users.actions.suspendHelp')
                : t('users.actions.activateHelp')}
            </Text>
          </Stack>
          <Button
            variant="light"
            color={status === 'ACTIVE' ? 'red' : 'green'}
            leftSection={
              status === 'ACTIVE' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
            }
            onClick={statusDialog.open}
          >
            {status === 'ACTIVE' ? t('users.actions.suspend') : t('users.actions.activate')}
          </Button>
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Text fw={600} size="sm">
              {t('users.actions.resetPassword')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('users.actions.resetPasswordHelp')}
            </Text>
          </Stack>
          <Button
            variant="light"
            color="orange"
            leftSection={<IconKey size={16} />}
            onClick={resetDialog.open}
          >
            {t('users.actions.resetPassword')}
          </Button>
        </Group>
      </Stack>

      <ConfirmDialog
        opened={statusOpened}
        onCancel={() => {
          update.reset();
          statusDialog.close();
        }}
        title={
          status === 'ACTIVE' ? t('users.actions.suspendTitle') : t('users.actions.activateTitle')
        }
        message={t(
          status === 'ACTIVE' ? 'users.actions.suspendConfirm' : 'users.actions.activateConfirm',
          {
            name: user.name,
          },
        )}
        confirmLabel={
          status === 'ACTIVE' ? t('users.actions.suspend') : t('users.actions.activate')
        }
        danger={status === 'ACTIVE'}
        loading={update.isPending}
        onConfirm={() =>
          update.mutate(
            { status: nextStatus },
            {
              onSuccess: () => {
                statusDialog.close();
                notifications.show({
                  color: 'green',
                  message:
                    nextStatus === 'ACTIVE'
                      ? t('users.actions.activated')
                      : t('users.actions.suspended'),
                });
              },
            },
          )
        }
      >
        {update.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(update.error).message}
          </Alert>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={resetOpened}
        onCancel={() => {
          reset.reset();
          resetDialog.close();
        }}
        title={t('users.actions.resetPasswordTitle')}
        message={t('users.actions.resetPasswordConfirm', { name: user.name })}
        confirmLabel={t('users.actions.resetPassword')}
        loading={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              resetDialog.close();
              notifications.show({ color: 'green', message: t('users.actions.passwordReset') });
            },
          })
        }
      >
        {reset.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(reset.error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
