import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { Tooltip } from '@/components/tooltip/tooltip';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { todayInput } from '@/components/person/person-values';
import { ChildRecordsTab, type ItemActions } from '@/components/resource/child-records-tab';
import type { FieldSpec } from '@/components/resource/field-widget';
import { useSaveRecord } from '@/components/resource/use-records';
import { formatDate, fromApiDate, toApiDate } from '@/lib/format/date';
import { toAppError } from '@/lib/errors';
import { EMPLOYEE_TASKS, TASK_SORT, TASKS_PER_PAGE } from '../../api/employee-tasks';
import type { EmployeeRecord, EmployeeTask } from '../../types';
import { RichTextView } from '@/components/resource/rich-text-view';
import { InfoItem } from './info-item';

type TaskValues = {
  title: string;
  details: string;
  due_date: string | null;
  completion_date: string | null;
};

function isOverdue(task: EmployeeTask): boolean {
  if (task.completion_date || !task.due_date) return false;
  return task.due_date.slice(0, 10) < todayInput();
}

/** A task as a card: a tick box that completes it, its dates, and its buttons. */
function TaskCard({
  task,
  actions,
  onView,
}: {
  task: EmployeeTask;
  actions: ItemActions;
  onView: () => void;
}) {
  const canManage = Boolean(actions.edit);
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
                  onClick={actions.edit}
                  aria-label={t('employees.tasks.editTask', { title: task.title })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('confirm.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={actions.remove}
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

/**
 * The Tasks tab: the kit's child-record tab in its card layout (ten at a time), adding in a
 * folding panel; the card, with its tick box, and the read-only view are the tab's own.
 */
export function TasksTab({
  employee,
  canManage,
}: {
  employee: EmployeeRecord;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<EmployeeTask | null>(null);
  const fields: FieldSpec<TaskValues>[] = [
    {
      name: 'title',
      message: t('employees.tasks.titleInvalid'),
    },
    { name: 'details', props: { minHeight: 100 } },
    { name: 'due_date', half: true },
    { name: 'completion_date', half: true },
  ];

  return (
    <>
      <ChildRecordsTab<EmployeeTask, TaskValues>
        collection={EMPLOYEE_TASKS}
        parent={employee}
        canEdit={canManage}
        sort={TASK_SORT}
        texts={{ prefix: 'employees.tasks', add: 'add', added: 'created' }}
        addInline
        cards={{
          perPage: TASKS_PER_PAGE,
          renderItem: (task, actions) => (
            <TaskCard task={task} actions={actions} onView={() => setViewing(task)} />
          ),
        }}
        dialog={{
          fields,
          size: 'lg',
          initialValues: (task) => ({
            title: task?.title ?? '',
            details: task?.details ?? '',
            due_date: fromApiDate(task?.due_date),
            completion_date: fromApiDate(task?.completion_date),
          }),
          toBody: (values) => ({
            title: values.title.trim(),
            details: values.details,
            due_date: toApiDate(values.due_date),
            completion_date: toApiDate(values.completion_date),
          }),
        }}
        removeMessage={(task) => t('employees.tasks.deleteConfirm', { title: task.title })}
      />
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
            <InfoItem label={t('fields.employee_tasks.title')}>{viewing.title}</InfoItem>
            <SimpleGrid cols={2}>
              <InfoItem label={t('fields.employee_tasks.due_date')}>
                {formatDate(viewing.due_date)}
              </InfoItem>
              <InfoItem label={t('fields.employee_tasks.completion_date')}>
                {formatDate(viewing.completion_date)}
              </InfoItem>
            </SimpleGrid>
            <InfoItem label={t('fields.employee_tasks.details')}>
              <RichTextView html={viewing.details} empty={t('common.none')} />
            </InfoItem>
          </Stack>
        )}
      </Modal>
    </>
  );
}
