import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlayerPause, IconPlayerPlay, IconShieldOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { toAppError } from '@/lib/errors';
import {
  resetTwoFactor as resetAccountTwoFactor,
  useResetAccountPassword,
  type AccountCollection,
} from './accounts';
import { useSaveRecord } from './use-records';

type AccountActionsProps = {
  collection: AccountCollection;
  account: { id: string; name: string } & Record<string, unknown>;
  /** The field that suspends the account and its two values. */
  status: { field: string; active: string; suspended: string };
  /**
   * Where its texts are (`users.actions`): `suspend`, `activate`, their `…Help`, `…Title`,
   * `…Confirm` and done messages, and the same for `resetPassword`.
   */
  texts: string;
  title: string;
  canReset: boolean;
  canChangeStatus: boolean;
  /** A red frame (the user's page shows them as its danger zone). */
  danger?: boolean;
};

type Pending = 'status' | 'reset' | 'twoFactor' | null;

/**
 * Suspend or activate an account, put it back on the default password, or remove its
 * authenticator app (two-step sign-in), each confirmed.
 */
export function AccountActions({
  collection,
  account,
  status,
  texts,
  title,
  canReset,
  canChangeStatus,
  danger = false,
}: AccountActionsProps) {
  const { t } = useTranslation();
  const text = (key: string) => t(`${texts}.${key}`, { name: account.name });
  const [pending, setPending] = useState<Pending>(null);
  // The change asked for, fixed while its dialog is open (the record changes as it closes).
  const [suspending, setSuspending] = useState(true);
  const save = useSaveRecord(collection);
  const reset = useResetAccountPassword(collection, account.id);
  const resetTwoFactor = useMutation({
    mutationFn: () => resetAccountTwoFactor(collection, account.id),
  });
  const active = account[status.field] === status.active;
  const verb = active ? 'suspend' : 'activate';
  const close = () => {
    save.reset();
    reset.reset();
    resetTwoFactor.reset();
    setPending(null);
  };

  const action = (
    name: string,
    button: ReactNode,
    label = text(name),
    help = text(`${name}Help`),
  ) => (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 260px' }}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {help}
        </Text>
      </Stack>
      {button}
    </Group>
  );
  const confirming = pending === 'status' ? (suspending ? 'suspend' : 'activate') : 'resetPassword';
  const failure =
    pending === 'status'
      ? save.error
      : pending === 'twoFactor'
        ? resetTwoFactor.error
        : reset.error;
  // The two-step reset's texts are the same for every kind of account.
  const dialog =
    pending === 'twoFactor'
      ? {
          title: t('twoFactor.reset'),
          message: t('twoFactor.resetConfirm', { name: account.name }),
          label: t('twoFactor.reset'),
        }
      : {
          title: text(`${confirming}Title`),
          message: text(`${confirming}Confirm`),
          label: text(confirming),
        };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Stack gap="md">
        <Title order={2} fz={danger ? 'lg' : 'md'} c={danger ? 'red.8' : undefined}>
          {title}
        </Title>
        {canChangeStatus &&
          action(
            verb,
            <Button
              variant="light"
              color={active ? 'red' : 'green'}
              leftSection={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
              onClick={() => {
                setSuspending(active);
                setPending('status');
              }}
            >
              {text(verb)}
            </Button>,
          )}
        {canReset &&
          action(
            'resetPassword',
            <Button
              variant="light"
              color="orange"
              leftSection={<IconKey size={16} />}
              onClick={() => setPending('reset')}
            >
              {text('resetPassword')}
            </Button>,
          )}
        {canReset &&
          action(
            'resetTwoFactor',
            <Button
              variant="light"
              color="orange"
              leftSection={<IconShieldOff size={16} />}
              onClick={() => setPending('twoFactor')}
            >
              {t('twoFactor.reset')}
            </Button>,
            t('twoFactor.reset'),
            t('twoFactor.resetHelp'),
          )}
      </Stack>

      <ConfirmDialog
        opened={pending !== null}
        onCancel={close}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.label}
        danger={pending === 'status' && suspending}
        loading={save.isPending || reset.isPending || resetTwoFactor.isPending}
        onConfirm={() => {
          const done = (message: string) => () => {
            close();
            notifications.show({ color: 'green', message });
          };
          if (pending === 'twoFactor') {
            resetTwoFactor.mutate(undefined, { onSuccess: done(t('twoFactor.resetDone')) });
          } else if (pending === 'reset') {
            reset.mutate(undefined, { onSuccess: done(text('passwordReset')) });
          } else {
            save.mutate(
              {
                id: account.id,
                body: { [status.field]: suspending ? status.suspended : status.active },
              },
              { onSuccess: done(text(suspending ? 'suspended' : 'activated')) },
            );
          }
        }}
      >
        {Boolean(failure) && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(failure).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
