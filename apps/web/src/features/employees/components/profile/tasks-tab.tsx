import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/page/empty-state';
import { todayInput } from '@/components/person/person-values';
import { ErrorState } from '@/components/page/error-state';
import { formatDate, toApiDate } from '@/lib/format/date';
import { toAppError } from '@/lib/errors';
import { RemoveRecordDialog } from '@/components/resource/remove-record-dialog';
import { useSaveRecord } from '@/components/resource/use-records';
import { EMPLOYEE_TASKS, useEmployeeTasks } from '../../api/employee-tasks';
import type { EmployeeTask } from '../../types';
import { RichTextView } from '../rich-text-view';
import { InfoItem } from './info-item';
import { EMPTY_TASK, TaskForm, taskInput, taskValues } from './task-form';

function isOverdue(task: EmployeeTask): boolean {
  if (task.completion_date || !task.due_date) return false;
  return task.due_date.slice(0, 10) < todayInput();
}

function TaskCard({
  task,
  canManage,
  onView,
  onEdit,
  onDelete,
}: {
  task: EmployeeTask;
  canManage: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const update = useSaveRecord<EmployeeTask>(EMPLOYEE_TASKS);
  const done = Boolean(task.completion_date);
  const overdue = isOverdue(task);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={done ? 'var(--mantine-color-green-light)' : undefined}
      aria-label={task.title}
      component="article"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" miw={0}>
          <Checkbox
            mt={2}
            color="green"
            checked={done}
            disabled={!canManage || update.isPending}
            aria-label={
              done
                ? t('employees.tasks.markOpen', { title: task.title })
                : t('employees.tasks.markDone', { title: task.title })
            }
            onChange={(e) =>
              update.mutate(
                {
                  id: task.id,
                  body: { completion_date: e.currentTarget.checked ? toApiDate(todayInput()) : '' },
                },
                {
                  onError: (error) =>
                    notifications.show({ color: 'red', message: toAppError(error).message }),
                },
              )
            }
          />
          <Stack gap={2} miw={0}>
            <Text
              fw={600}
              size="sm"
              td={done ? 'line-through' : undefined}
              c={done ? 'dimmed' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {task.title}
            </Text>
            <Group gap={6}>
              {task.due_date && (
                <Badge size="sm" variant="light" color={overdue ? 'red' : 'gray'} tt="none">
                  {t('employees.tasks.due', { date: formatDate(task.due_date) })}
                </Badge>
              )}
              {done && (
                <Badge size="sm" variant="light" color="green" tt="none">
                  {t('employees.tasks.completedOn', { date: formatDate(task.completion_date) })}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('employees.tasks.view')}>
            <ActionIcon
              variant="subtle"
              onClick={onView}
              aria-label={t('employees.tasks.viewTask', { title: task.title })}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {canManage && (
            <>
              <Tooltip label={t('employees.tasks.edit')}>
                <ActionIcon
                  variant="subtle"
                  onClick={onEdit}
                  aria-label={t('employees.tasks.editTask', { title: task.title })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('confirm.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onDelete}
                  aria-label={t('employees.tasks.deleteTask', { title: task.title })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The Tasks tab: a create panel and the employee's tasks, ten at a time. */
export function TasksTab({ employeeId, canManage }: { employeeId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const tasks = useEmployeeTasks(employeeId);
  const create = useSaveRecord<EmployeeTask>(EMPLOYEE_TASKS);
  const update = useSaveRecord<EmployeeTask>(EMPLOYEE_TASKS);
  const [createKey, setCreateKey] = useState(0);
  const [panel, setPanel] = useState<string | null>(null);
  const [viewing, setViewing] = useState<EmployeeTask | null>(null);
  const [editing, setEditing] = useState<EmployeeTask | null>(null);
  const [deleting, setDeleting] = useState<EmployeeTask | null>(null);

  const pages = tasks.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.totalItems ?? 0;
  const remaining = Math.max(0, total - items.length);

  return (
    <Stack gap="lg">
      {canManage && (
        <Accordion variant="separated" radius="lg" value={panel} onChange={setPanel}>
          <Accordion.Item value="create">
            <Accordion.Control icon={<IconPlus size={18} />}>
              <Text fw={600}>{t('employees.tasks.create')}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <TaskForm
                key={createKey}
                initialValues={EMPTY_TASK}
                submitLabel={t('employees.tasks.add')}
                submitting={create.isPending}
                serverError={create.error ? toAppError(create.error).message : null}
                onSubmit={(values, showFieldErrors) =>
                  create.mutate(
                    { body: { ...taskInput(values), employee: employeeId } },
                    {
                      onSuccess: () => {
                        notifications.show({
                          color: 'green',
                          message: t('employees.tasks.created'),
                        });
                        create.reset();
                        setCreateKey((k) => k + 1);
                      },
                      onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
                    },
                  )
                }
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="md">
              {t('employees.tasks.title')}
            </Title>
            {total > 0 && (
              <Text size="sm" c="dimmed">
                {t('employees.tasks.count', { count: total })}
              </Text>
            )}
          </Group>
          {tasks.isPending ? (
            <Stack gap="xs">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={56} radius="md" />
              ))}
            </Stack>
          ) : tasks.isError ? (
            <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState title={t('employees.tasks.empty')} />
          ) : (
            <Stack gap="xs">
              {items.map((task) => (
                <TaskCard
                  key={task.id}
                  task={task}
                  canManage={canManage}
                  onView={() => setViewing(task)}
                  onEdit={() => {
                    update.reset();
                    setEditing(task);
                  }}
                  onDelete={() => setDeleting(task)}
                />
              ))}
              <Group justify="center" mt="xs">
                {tasks.hasNextPage ? (
                  <Button
                    variant="light"
                    onClick={() => void tasks.fetchNextPage()}
                    loading={tasks.isFetchingNextPage}
                  >
                    {t('employees.tasks.loadMore', { count: remaining })}
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('employees.tasks.thatsAll')}
                  </Text>
                )}
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>

      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('employees.tasks.taskData')}
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {viewing && (
          <Stack gap="md">
            <InfoItem label={t('employees.tasks.subject')}>{viewing.title}</InfoItem>
            <SimpleGrid cols={2}>
              <InfoItem label={t('employees.tasks.dueDate')}>
                {formatDate(viewing.due_date)}
              </InfoItem>
              <InfoItem label={t('employees.tasks.completionDate')}>
                {formatDate(viewing.completion_date)}
              </InfoItem>
            </SimpleGrid>
            <InfoItem label={t('employees.tasks.details')}>
              <RichTextView html={viewing.details} />
            </InfoItem>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('employees.tasks.editTitle')}
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing && (
          <TaskForm
            key={editing.id}
            initialValues={taskValues(editing)}
            submitLabel={t('common.save')}
            submitting={update.isPending}
            serverError={update.error ? toAppError(update.error).message : null}
            onCancel={() => setEditing(null)}
            onSubmit={(values, showFieldErrors) =>
              update.mutate(
                { id: editing.id, body: taskInput(values) },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('employees.tasks.updated') });
                    setEditing(null);
                  },
                  onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
                },
              )
            }
          />
        )}
      </Modal>

      <RemoveRecordDialog<EmployeeTask>
        collection={EMPLOYEE_TASKS}
        record={deleting}
        message={(task) => t('employees.tasks.deleteConfirm', { title: task.title })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
