import { Alert, Button, Grid, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field';
import { RichTextField } from '@/components/form/rich-text-field';
import { employeeTasks, fieldOf } from '@app/schema';
import { textRules } from '@/components/form/rules';
import { TextField } from '@/components/form/text-fields';
import { useForm } from '@/components/form/use-form';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import type { TaskInput } from '../../api/employee-tasks';
import type { EmployeeTask } from '../../types';

export type TaskFormValues = {
  title: string;
  details: string;
  due_date: string | null;
  completion_date: string | null;
};

export const EMPTY_TASK: TaskFormValues = {
  title: '',
  details: '',
  due_date: null,
  completion_date: null,
};

export function taskValues(task: EmployeeTask): TaskFormValues {
  return {
    title: task.title,
    details: task.details ?? '',
    due_date: fromApiDate(task.due_date),
    completion_date: fromApiDate(task.completion_date),
  };
}

export function taskInput(values: TaskFormValues): TaskInput {
  return {
    title: values.title.trim(),
    details: values.details,
    due_date: toApiDate(values.due_date),
    completion_date: toApiDate(values.completion_date),
  };
}

type TaskFormProps = {
  initialValues: TaskFormValues;
  submitLabel: string;
  submitting: boolean;
  serverError?: string | null;
  onSubmit: (values: TaskFormValues, showFieldErrors: (e: Record<string, string>) => void) => void;
  onCancel?: () => void;
};

/** Subject, details, due date and completion date of a task. */
export function TaskForm({
  initialValues,
  submitLabel,
  submitting,
  serverError,
  onSubmit,
  onCancel,
}: TaskFormProps) {
  const { t } = useTranslation();
  const form = useForm<TaskFormValues>({
    initialValues,
    rules: {
      title: textRules(fieldOf(employeeTasks, 'title'), {
        required: t('employees.tasks.titleInvalid'),
        tooShort: t('employees.tasks.titleInvalid'),
        tooLong: (max) => t('form.tooLong', { max }),
      }),
      details: textRules(fieldOf(employeeTasks, 'details'), {
        tooLong: (max) => t('form.tooLong', { max }),
      }),
    },
  });
  return (
    <form
      noValidate
      aria-label={submitLabel}
      onSubmit={form.onSubmit((values) => onSubmit(values, form.setServerErrors))}
    >
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <TextField label={t('employees.tasks.subject')} required {...form.field('title')} />
        <RichTextField
          label={t('employees.tasks.details')}
          minHeight={100}
          {...form.field('details')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField label={t('employees.tasks.dueDate')} {...form.field('due_date')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField
              label={t('employees.tasks.completionDate')}
              {...form.field('completion_date')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
