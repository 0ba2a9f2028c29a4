import { Checkbox, Group, Input, Loader, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@/lib/models';
import { countGranted } from '@/lib/permissions';

type RoleCardsProps = {
  roles: RoleRecord[];
  loading?: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
};

/** The roles as selectable cards, each with its number of granted permissions. */
export function RoleCards({ roles, loading, value, onChange, error }: RoleCardsProps) {
  const { t } = useTranslation();
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((v) => v !== id));
  return (
    <Input.Wrapper
      label={
        <Group gap="xs" component="span" display="inline-flex">
          <span>{t('users.form.roles')}</span>
          <Text span size="xs" c="dimmed">
            {t('users.form.rolesSelected', { count: value.length })}
          </Text>
        </Group>
      }
      required
      error={error}
    >
      {loading ? (
        <Loader size="sm" mt="xs" />
      ) : roles.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('users.form.noRoles')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt={6} role="group">
          {roles.map((role) => {
            const checked = value.includes(role.id);
            return (
              <Checkbox.Card
                key={role.id}
                checked={checked}
                onChange={(next) => toggle(role.id, next)}
                radius="md"
                p="sm"
                aria-label={role.title}
                style={checked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Checkbox.Indicator mt={2} />
                  <div>
                    <Text fw={600} size="sm">
                      {role.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('roles.granted', { count: countGranted(role.permissions) })}
                    </Text>
                  </div>
                </Group>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
