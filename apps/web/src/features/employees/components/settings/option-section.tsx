import {
  ActionIcon,
  Alert,
  Badge,
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
import { toAppError } from '@/lib/errors';
import { useDeleteEmployeeOption, useSaveEmployeeOption } from '../../api/save-employee-option';
import type { EmployeeOption, EmployeeOptionKind } from '../../types';
import { OptionDialog } from './option-dialog';

type OptionSectionProps = {
  kind: EmployeeOptionKind;
  options: EmployeeOption[];
  loading: boolean;
  can: { create: boolean; update: boolean; remove: boolean };
};

/** One kind of option: its table, and add / edit / delete with dialogs. */
export function OptionSection({ kind, options, loading, can }: OptionSectionProps) {
  const { t } = useTranslation();
  const save = useSaveEmployeeOption();
  const remove = useDeleteEmployeeOption();
  const [editing, setEditing] = useState<EmployeeOption | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmployeeOption | null>(null);
  const heading = t(`employees.settings.kind_${kind}`);
  const headingId = `options-${kind}`;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="lg" id={headingId}>
              {heading}
            </Title>
            <Badge variant="light" color="gray" tt="none">
              {options.length}
            </Badge>
          </Group>
          {can.create && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              aria-label={t('employees.settings.add', { kind: heading })}
              onClick={() => {
                save.reset();
                setEditing('new');
              }}
            >
              {t('employees.settings.addShort')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`employees.settings.help_${kind}`)}
        </Text>
        {loading ? (
          <Skeleton height={80} radius="md" />
        ) : options.length === 0 ? (
          <Text size="sm" c="dimmed" fs="italic">
            {t('employees.settings.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing="xs" aria-labelledby={headingId} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('employees.settings.title')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('employees.settings.description')}</Table.Th>
                  {(can.update || can.remove) && (
                    <Table.Th w={96} ta="end">
                      {t('common.actions')}
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {options.map((option) => (
                  <Table.Tr key={option.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {option.title}
                      </Text>
                      {option.description && (
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {option.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="dimmed">
                        {option.description}
                      </Text>
                    </Table.Td>
                    {(can.update || can.remove) && (
                      <Table.Td>
                        <Group gap={2} justify="flex-end" wrap="nowrap">
                          {can.update && (
                            <Tooltip label={t('employees.settings.edit')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('employees.settings.editOption', {
                                  title: option.title,
                                })}
                                onClick={() => {
                                  save.reset();
                                  setEditing(option);
                                }}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          {can.remove && (
                            <Tooltip label={t('confirm.remove')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('employees.settings.deleteOption', {
                                  title: option.title,
                                })}
                                onClick={() => {
                                  remove.reset();
                                  setDeleting(option);
                                }}
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
      </Stack>

      <OptionDialog
        opened={editing !== null}
        title={
          editing === 'new'
            ? t('employees.settings.add', { kind: heading })
            : t('employees.settings.editTitle', { title: editing?.title ?? '' })
        }
        initialValues={
          editing && editing !== 'new'
            ? { title: editing.title, description: editing.description ?? '' }
            : { title: '', description: '' }
        }
        submitting={save.isPending}
        serverError={save.error ? toAppError(save.error).message : null}
        onClose={() => setEditing(null)}
        onSubmit={(values, showFieldErrors) =>
          save.mutate(
            { ...values, kind, id: editing && editing !== 'new' ? editing.id : undefined },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message:
                    editing === 'new'
                      ? t('employees.settings.created', { title: values.title })
                      : t('employees.settings.updated', { title: values.title }),
                });
                setEditing(null);
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            },
          )
        }
      />

      <ConfirmDialog
        opened={deleting !== null}
        onCancel={() => setDeleting(null)}
        message={t('employees.settings.deleteConfirm', { title: deleting?.title ?? '' })}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
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
