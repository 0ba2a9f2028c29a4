import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { toAppError } from '@/lib/errors';
import { useResetAccountPassword, type AccountCollection } from './accounts';
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

type Pending = 'status' | 'reset' | null;

/** Suspend or activate an account, or put it back on the default password, each confirmed. */
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
  const active = account[status.field] === status.active;
  const verb = active ? 'suspend' : 'activate';
  const close = () => {
    save.reset();
    reset.reset();
    setPending(null);
  };

  const action = (name: string, button: ReactNode) => (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 260px' }}>
        <Text fw={600} size="sm">
          {text(name)}
        </Text>
        <Text size="sm" c="dimmed">
          {text(`${name}Help`)}
        </Text>
      </Stack>
      {button}
    </Group>
  );
  const confirming = pending === 'status' ? (suspending ? 'suspend' : 'activate') : 'resetPassword';
  const failure = pending === 'status' ? save.error : reset.error;

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
      </Stack>

      <ConfirmDialog
        opened={pending !== null}
        onCancel={close}
        title={text(`${confirming}Title`)}
        message={text(`${confirming}Confirm`)}
        confirmLabel={text(confirming)}
        danger={pending === 'status' && suspending}
        loading={save.isPending || reset.isPending}
        onConfirm={() => {
          const done = (message: string) => () => {
            close();
            notifications.show({ color: 'green', message });
          };
          if (pending === 'reset') {
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
