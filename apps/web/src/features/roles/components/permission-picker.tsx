import {
  Badge,
  Box,
  Checkbox,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PERMISSION_AREAS } from '@app/schema';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { countGranted } from '@/lib/permissions';
import { groupSelection, PERMISSION_GROUPS, setSelected } from './permission-selection';

type PermissionPickerProps = {
  value: string[];
  onChange?: (value: string[]) => void;
  error?: string;
  /** Shows only the granted permissions, without checkboxes. */
  readOnly?: boolean;
};

/** The permission catalogue grouped by area, with select-all per group and "N Granted". */
export function PermissionPicker({
  value,
  onChange,
  error,
  readOnly = false,
}: PermissionPickerProps) {
  const { t } = useTranslation();
  const granted = countGranted(value);

  return (
    <Input.Wrapper
      error={error}
      required={!readOnly}
      label={
        <Group gap="xs" component="span" display="inline-flex">
          <span>{t(fieldLabelKey('roles', 'permissions'))}</span>
          <Badge color="green" variant="light" tt="none" data-testid="granted-count">
            {t('roles.granted', { count: granted })}
          </Badge>
        </Group>
      }
    >
      <Stack gap="lg" mt="sm">
        {PERMISSION_AREAS.map((area) => {
          const groups = PERMISSION_GROUPS.filter((g) => g.area === area.area).filter(
            (g) => !readOnly || g.keys.some((k) => value.includes(k)),
          );
          if (groups.length === 0) return null;
          return (
            <Stack key={area.area} gap="xs">
              <Title order={2} fz="sm" c="dimmed" tt="uppercase">
                {t(`permissions.areas.${area.area}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                {groups.map((group) => {
                  const state = groupSelection(value, group.keys);
                  const groupLabel = t(`permissions.groups.${group.group}`);
                  return (
                    <Paper
                      key={group.group}
                      withBorder
                      radius="md"
                      p="sm"
                      component="fieldset"
                      style={{ margin: 0, minWidth: 0 }}
                      data-testid={`permission-group-${group.group}`}
                    >
                      <Box component="legend" p={0} mb={8}>
                        {readOnly ? (
                          <Text fw={600} size="sm">
                            {groupLabel}
                          </Text>
                        ) : (
                          <Checkbox
                            label={
                              <Text fw={600} size="sm">
                                {groupLabel}
                              </Text>
                            }
                            aria-label={t('roles.selectAllOf', { group: groupLabel })}
                            checked={state === 'all'}
                            indeterminate={state === 'some'}
                            onChange={(e) =>
                              onChange?.(setSelected(value, group.keys, e.currentTarget.checked))
                            }
                          />
                        )}
                      </Box>
                      <Stack gap={6} ps={readOnly ? 0 : 'md'}>
                        {group.keys.map((key, i) => {
                          const actionLabel = t(`permissions.actions.${group.actions[i]}`);
                          if (readOnly) {
                            return value.includes(key) ? (
                              <Text key={key} size="sm">
                                ✓ {actionLabel}
                              </Text>
                            ) : null;
                          }
                          return (
                            <Checkbox
                              key={key}
                              size="sm"
                              label={actionLabel}
                              aria-label={`${groupLabel}: ${actionLabel}`}
                              value={key}
                              checked={value.includes(key)}
                              onChange={(e) =>
                                onChange?.(setSelected(value, [key], e.currentTarget.checked))
                              }
                              data-testid={`permission-${key}`}
                            />
                          );
                        })}
                      </Stack>
                    </Paper>
                  );
                })}
              </SimpleGrid>
            </Stack>
          );
        })}
        {readOnly && granted === 0 && (
          <Text size="sm" c="dimmed">
            {t('roles.noPermissions')}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
