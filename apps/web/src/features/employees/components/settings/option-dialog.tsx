import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rules } from '@/components/form/rules';
import { TextField } from '@/components/form/text-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { useForm } from '@/components/form/use-form';

export type OptionFormValues = { title: string; description: string };

type OptionDialogProps = {
  opened: boolean;
  title: string;
  initialValues: OptionFormValues;
  submitting: boolean;
  serverError?: string | null;
  onClose: () => void;
  onSubmit: (
    values: OptionFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void;
};

function OptionForm({
  initialValues,
  submitting,
  serverError,
  onClose,
  onSubmit,
}: Omit<OptionDialogProps, 'opened' | 'title'>) {
  const { t } = useTranslation();
  const form = useForm<OptionFormValues>({
    initialValues,
    rules: {
      title: [
        rules.required(t('employees.settings.titleInvalid')),
        rules.minLength(2, t('employees.settings.titleInvalid')),
      ],
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSubmit(
          { title: values.title.trim(), description: values.description.trim() },
          form.setServerErrors,
        ),
      )}
    >
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <TextField
          label={t('employees.settings.title')}
          required
          data-autofocus
          {...form.field('title')}
        />
        <TextareaField
          label={t('employees.settings.description')}
          minRows={2}
          {...form.field('description')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds or edits one option (title at least 2 characters, optional description). */
export function OptionDialog({ opened, title, ...rest }: OptionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={rest.submitting ? () => undefined : rest.onClose}
      title={title}
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <OptionForm {...rest} />}
    </Modal>
  );
}
