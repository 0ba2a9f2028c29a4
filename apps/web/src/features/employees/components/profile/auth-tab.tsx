import { Accordion, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { AccountActions } from '@/components/resource/account-actions';
import { paths } from '@/config/paths';
import { countGranted, permissionsOfRoles, validPermissions } from '@/lib/permissions';
import { useCan } from '@/lib/session';
import type { EmployeeRecord } from '../../types';
import { PermissionList } from './permission-list';

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
        <AccountActions
          collection="employees"
          account={employee}
          status={{ field: 'employment_status', active: 'Active', suspended: 'Suspended' }}
          texts="employees.auth"
          title={t('employees.auth.account')}
          canReset={canReset}
          canChangeStatus={canChangeStatus}
        />
      )}
    </Stack>
  );
}
