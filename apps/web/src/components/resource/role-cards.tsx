import { Checkbox, Group, Input, Loader, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { RoleRecord } from '@/lib/models';
import { countGranted } from '@/lib/permissions';

type RoleCardsProps = {
  roles: RoleRecord[];
  loading?: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
  /** Where the area's texts are (`employees.roleCards`): `label`, `selected` (count), `none`. */
  texts: { label: string; selected: string; none: string };
};

/** An account's roles as selectable cards: "title … N Granted", with "N Selected" in the label. */
export function RoleCards({
  roles,
  loading,
  value,
  onChange,
  error,
  disabled,
  texts,
}: RoleCardsProps) {
  const { t } = useTranslation();
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((v) => v !== id));
  return (
    <Input.Wrapper
      label={
        <Group gap="xs" component="span" display="inline-flex">
          <span>{t(texts.label)}</span>
          <Text span size="xs" c="dimmed">
            {t(texts.selected, { count: value.length })}
          </Text>
        </Group>
      }
      required={!disabled}
      error={error}
    >
      {loading ? (
        <Loader size="sm" mt="xs" />
      ) : roles.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t(texts.none)}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt={6} role="group">
          {roles.map((role) => {
            const checked = value.includes(role.id);
            return (
              <Checkbox.Card
                key={role.id}
                checked={checked}
                disabled={disabled}
                onChange={(next) => toggle(role.id, next)}
                radius="md"
                p="sm"
                aria-label={role.title}
                style={{
                  ...(checked ? { borderColor: 'var(--mantine-primary-color-filled)' } : {}),
                  ...(disabled ? { cursor: 'default' } : {}),
                }}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Checkbox.Indicator mt={2} disabled={disabled} />
                  <Group justify="space-between" wrap="nowrap" gap="xs" style={{ flex: 1 }}>
                    <Text fw={600} size="sm">
                      {role.title}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('roles.granted', { count: countGranted(role.permissions) })}
                    </Text>
                  </Group>
                </Group>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
