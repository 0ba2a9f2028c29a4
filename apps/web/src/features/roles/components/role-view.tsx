import { Paper, Stack, Text } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { DangerZone } from '@/components/resource/danger-zone';
import { formatDateTime } from '@/lib/format/date';
import type { RoleRecord } from '@/lib/models';
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

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t(fieldLabelKey('roles', 'description'))}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <bdi>{role.description || t('common.none')}</bdi>
          </Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t('roles.columns.lastUpdate')}: {formatDateTime(role.updated)}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <PermissionPicker value={role.permissions ?? []} readOnly />
      </Paper>
      {canDelete && (
        <DangerZone
          collection="roles"
          record={role}
          title={t('roles.danger.title')}
          help={t('roles.danger.help')}
          confirmMessage={t('roles.danger.confirm', { title: role.title })}
          onRemoved={onDeleted}
          errorTestId="delete-role-error"
        />
      )}
    </Stack>
  );
}
