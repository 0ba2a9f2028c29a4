import { Badge, Group, Stack, Text } from '@mantine/core';
import { PERMISSION_AREAS } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';

/** The granted permissions, read-only, one line per group. */
export function PermissionList({ permissions }: { permissions: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const all: { group: string; actions: readonly string[] }[] = PERMISSION_AREAS.flatMap(
    (area): { group: string; actions: readonly string[] }[] => [...area.groups],
  );
  const groups = all.filter((g) => g.actions.some((a) => permissions.has(`${g.group}.${a}`)));
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('roles.noPermissions')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {groups.map((g) => (
        <Group key={g.group} gap={6} wrap="wrap" align="center">
          <Text size="sm" fw={600} miw={150}>
            {t(`permissions.groups.${g.group}`)}
          </Text>
          {g.actions
            .filter((a) => permissions.has(`${g.group}.${a}`))
            .map((a) => (
              <Badge key={a} variant="light" color="green" tt="none" size="sm">
                {t(`permissions.actions.${a}`)}
              </Badge>
            ))}
        </Group>
      ))}
    </Stack>
  );
}
