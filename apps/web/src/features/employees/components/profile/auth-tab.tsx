import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { countGranted, permissionsOfRoles, validPermissions } from '@/lib/permissions';
import { useCan } from '@/lib/session';
import { useResetEmployeePassword } from '../../api/reset-employee-password';
import { useSetEmploymentStatus } from '../../api/set-employment-status';
import type { EmployeeRecord } from '../../types';
import { PermissionList } from './permission-list';

function AccountActions({
  employee,
  canReset,
  canChangeStatus,
}: {
  employee: EmployeeRecord;
  canReset: boolean;
  canChangeStatus: boolean;
}) {
  const { t } = useTranslation();
  // The change asked for, fixed while its dialog is open (the record changes as it closes).
  const [target, setTarget] = useState<'Suspended' | 'Active' | null>(null);
  const [lastTarget, setLastTarget] = useState<'Suspended' | 'Active'>('Suspended');
  const [resetOpened, resetDialog] = useDisclosure(false);
  const setStatus = useSetEmploymentStatus(employee.id);
  const reset = useResetEmployeePassword(employee.id);
  const active = employee.employment_status === 'Active';
  const suspending = (target ?? lastTarget) === 'Suspended';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="md">
          {t('employees.auth.account')}
        </Title>
        {canChangeStatus && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ flex: '1 1 260px' }}>
              <Text fw={600} size="sm">
                {active ? t('employees.auth.suspend') : t('employees.auth.activate')}
              </Text>
              <Text size="sm" c="dimmed">
                {active ? t('employees.auth.suspendHelp') : t('employees.auth.activateHelp')}
              </Text>
            </Stack>
            <Button
              variant="light"
              color={active ? 'red' : 'green'}
              leftSection={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
              onClick={() => {
                setStatus.reset();
                const next = active ? 'Suspended' : 'Active';
                setTarget(next);
                setLastTarget(next);
              }}
            >
              {active ? t('employees.auth.suspend') : t('employees.auth.activate')}
            </Button>
          </Group>
        )}
        {canReset && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ flex: '1 1 260px' }}>
              <Text fw={600} size="sm">
                {t('employees.auth.resetPassword')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('employees.auth.resetPasswordHelp')}
              </Text>
            </Stack>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconKey size={16} />}
              onClick={resetDialog.open}
            >
              {t('employees.auth.resetPassword')}
            </Button>
          </Group>
        )}
      </Stack>

      <ConfirmDialog
        opened={target !== null}
        onCancel={() => setTarget(null)}
        title={suspending ? t('employees.auth.suspendTitle') : t('employees.auth.activateTitle')}
        message={t(
          suspending ? 'employees.auth.suspendConfirm' : 'employees.auth.activateConfirm',
          {
            name: employee.name,
          },
        )}
        confirmLabel={suspending ? t('employees.auth.suspend') : t('employees.auth.activate')}
        danger={suspending}
        loading={setStatus.isPending}
        onConfirm={() =>
          target &&
          setStatus.mutate(target, {
            onSuccess: () => {
              setTarget(null);
              notifications.show({
                color: 'green',
                message: suspending ? t('employees.auth.suspended') : t('employees.auth.activated'),
              });
            },
          })
        }
      >
        {setStatus.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(setStatus.error).message}
          </Alert>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={resetOpened}
        onCancel={() => {
          reset.reset();
          resetDialog.close();
        }}
        title={t('employees.auth.resetPasswordTitle')}
        message={t('employees.auth.resetPasswordConfirm', { name: employee.name })}
        confirmLabel={t('employees.auth.resetPassword')}
        loading={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              resetDialog.close();
              notifications.show({ color: 'green', message: t('employees.auth.passwordReset') });
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

/** The Authentication tab: roles with their permissions, the effective permissions, account actions. */
export function AuthTab({ employee, own }: { employee: EmployeeRecord; own: boolean }) {
  const { t } = useTranslation();
  const canReadRoles = useCan('roles.read');
  const canReset = useCan('employees.read_auth') && !own;
  const canChangeStatus = useCan('employees.update') && !own;
  const roles = employee.expand?.roles ?? [];
  const effective = permissionsOfRoles(roles);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('employees.auth.roles')}
          </Title>
          {roles.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('employees.auth.noRoles')}
            </Text>
          ) : (
            <Accordion variant="separated" radius="md" multiple>
              {roles.map((role) => (
                <Accordion.Item key={role.id} value={role.id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pe="sm" gap="xs">
                      <Text fw={600} size="sm" truncate>
                        {role.title}
                      </Text>
                      <Badge color="green" variant="light" tt="none" style={{ flexShrink: 0 }}>
                        {t('roles.granted', { count: countGranted(role.permissions) })}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="sm">
                      {role.description && (
                        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                          {role.description}
                        </Text>
                      )}
                      <PermissionList permissions={new Set(validPermissions(role.permissions))} />
                      {canReadRoles && (
                        <Anchor
                          component={Link}
                          to={paths.users.roles.view.getHref(role.id)}
                          size="sm"
                        >
                          {t('employees.auth.openRole')}
                        </Anchor>
                      )}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={2} fz="md">
              {t('employees.auth.effective')}
            </Title>
            <Badge color="green" variant="light" tt="none" data-testid="granted-count">
              {t('roles.granted', { count: effective.size })}
            </Badge>
          </Group>
          <PermissionList permissions={effective} />
        </Stack>
      </Paper>
      {(canReset || canChangeStatus) && (
        <AccountActions employee={employee} canReset={canReset} canChangeStatus={canChangeStatus} />
      )}
    </Stack>
  );
}
