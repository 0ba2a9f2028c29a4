import { Paper, Stack } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { fieldOf, roles } from '@app/schema';
import { rules, textRules } from '@/components/form/rules';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/basics/text-fields';
import { FormShell, guardedSubmit } from '@/components/form/form-shell';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { useForm } from '@/components/form/basics/use-form';
import { PermissionPicker } from './permission-picker';

export type RoleFormValues = { title: string; description: string; permissions: string[] };

type RoleFormProps = {
  initialValues: RoleFormValues;
  submitting: boolean;
  serverError?: string | null;
  onSubmit: (
    values: RoleFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void;
  onCancel: () => void;
  submitLabel: string;
};

/** Title (required), description, and at least one permission. */
export function RoleForm({
  initialValues,
  submitting,
  serverError,
  onSubmit,
  onCancel,
  submitLabel,
}: RoleFormProps) {
  const { t } = useTranslation();
  const tooLong = (max: number) => t('form.tooLong', { max });
  const form = useForm<RoleFormValues>({
    initialValues,
    rules: {
      // Lengths as the roles declaration states them.
      title: textRules(fieldOf(roles, 'title'), {
        required: t('roles.form.titleRequired'),
        tooLong,
      }),
      description: textRules(fieldOf(roles, 'description'), { tooLong }),
      permissions: [rules.minItems(1, t('roles.form.permissionsRequired'))],
    },
  });

  const guard = useUnsavedChanges(form.dirty, submitting);
  return (
    <FormShell
      label={submitLabel}
      onSubmit={guardedSubmit(form, guard, onSubmit)}
      guard={guard}
      serverError={serverError}
      invalid={form.status === 'invalid'}
      submitting={submitting}
      onCancel={onCancel}
      submitLabel={submitLabel}
    >
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <TextField
            label={t(fieldLabelKey('roles', 'title'))}
            required
            autoComplete="off"
            {...form.field('title')}
          />
          <TextareaField
            label={t(fieldLabelKey('roles', 'description'))}
            dir={form.values.description ? 'auto' : undefined}
            {...form.field('description')}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <PermissionPicker
          value={form.values.permissions}
          onChange={(v) => form.setValue('permissions', v)}
          error={form.errors.permissions}
        />
      </Paper>
    </FormShell>
  );
}
