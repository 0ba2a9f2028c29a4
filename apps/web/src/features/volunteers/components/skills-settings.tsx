import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { toAppError } from '@/lib/errors';
import { useCan } from '@/lib/session';
import { useDeleteSkill } from '../api/delete-skill';
import { useSkills } from '../api/get-skills';
import type { SkillRecord } from '../types';
import { SkillDialog } from './skill-dialog';

/** The volunteers' settings: skills, created, changed and removed. */
export function SkillsSettings() {
  const { t } = useTranslation();
  const skills = useSkills();
  const remove = useDeleteSkill();
  const canCreate = useCan('hr_settings.create');
  const canUpdate = useCan('hr_settings.update');
  const canDelete = useCan('hr_settings.remove');
  const [editing, setEditing] = useState<{ skill: SkillRecord | null } | null>(null);
  const [removing, setRemoving] = useState<SkillRecord | null>(null);

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" p="md" gap="sm" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} fz="lg">
            {t('volunteers.skills.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('volunteers.skills.help')}
          </Text>
        </Stack>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ skill: null })}>
            {t('volunteers.skills.add')}
          </Button>
        )}
      </Group>
      {skills.isError ? (
        <Stack p="md">
          <ErrorState error={skills.error} onRetry={() => void skills.refetch()} />
        </Stack>
      ) : !skills.data ? (
        <Stack p="md" gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={32} />
          ))}
        </Stack>
      ) : skills.data.length === 0 ? (
        <EmptyState title={t('volunteers.skills.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('volunteers.skills.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('hrPeople.settings.title')}</Table.Th>
                <Table.Th>{t('hrPeople.settings.description')}</Table.Th>
                {(canUpdate || canDelete) && <Table.Th w={96}>{t('common.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {skills.data.map((skill) => (
                <Table.Tr key={skill.id}>
                  <Table.Td fw={600}>{skill.title}</Table.Td>
                  <Table.Td maw={360}>
                    <Text size="sm" c={skill.description ? undefined : 'dimmed'} lineClamp={2}>
                      {skill.description || t('common.none')}
                    </Text>
                  </Table.Td>
                  {(canUpdate || canDelete) && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canUpdate && (
                          <Tooltip label={t('common.update')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('hrPeople.settings.editOf', { title: skill.title })}
                              onClick={() => setEditing({ skill })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canDelete && (
                          <Tooltip label={t('confirm.remove')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('hrPeople.settings.removeOf', { title: skill.title })}
                              onClick={() => setRemoving(skill)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {editing && (
        <SkillDialog
          skill={editing.skill}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              message: t(
                editing.skill ? 'hrPeople.settings.updated' : 'hrPeople.settings.created',
                {
                  title: saved.title,
                },
              ),
            });
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        message={
          removing ? t('hrPeople.settings.removeConfirm', { title: removing.title }) : undefined
        }
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notifications.show({
                color: 'green',
                title: t('confirm.removed'),
                message: t('confirm.removedBody'),
              });
            },
          })
        }
      >
        {remove.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(remove.error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
