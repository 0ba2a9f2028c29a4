import { Grid, Paper, Stack } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FormAvatarPicker } from '@/components/form/avatar-picker';
import { fieldOf, users } from '@app/schema';
import { rules, textRules } from '@/components/form/rules';
import { SelectField } from '@/components/form/select-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/basics/text-fields';
import { FormShell, guardedSubmit } from '@/components/form/form-shell';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { useForm } from '@/components/form/basics/use-form';
import { USER_STATUSES, type UserStatus } from '@/lib/models';
import { RoleCards } from '@/components/resource/role-cards';
import { useRoleOptions } from '@/components/resource/role-options';

export type UserFormValues = {
  email: string;
  name: string;
  bio: string;
  status: UserStatus | null;
  roles: string[];
  avatar: File | null;
  /** The stored avatar is to be removed. */
  removeAvatar: boolean;
};

type UserFormProps = {
  mode: 'create' | 'update';
  initialValues: UserFormValues;
  /** URL of the stored avatar (update). */
  currentAvatarUrl?: string | null;
  /** The account may change status and roles (users.update); own-profile edits may not. */
  canManage: boolean;
  submitting: boolean;
  /** The server's message, shown above the form; the input is kept. */
  serverError?: string | null;
  /** Saves; `showFieldErrors` puts the server's field messages under the fields. */
  onSubmit: (
    values: UserFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void;
  onCancel: () => void;
  submitLabel: string;
};

/** Create or edit a user (spec §5: email, name and status required, at least one role). */
export function UserForm({
  mode,
  initialValues,
  currentAvatarUrl,
  canManage,
  submitting,
  serverError,
  onSubmit,
  onCancel,
  submitLabel,
}: UserFormProps) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const form = useForm<UserFormValues>({
    initialValues,
    rules: {
      name: textRules(fieldOf(users, 'name'), {
        required: t('users.form.nameRequired'),
        tooLong: (max) => t('form.tooLong', { max }),
      }),
      email:
        mode === 'create'
          ? [
              rules.required(t('users.form.emailInvalid')),
              rules.email(t('users.form.emailInvalid')),
            ]
          : [],
      status: canManage ? [rules.required(t('users.form.statusRequired'))] : [],
      roles: canManage ? [rules.minItems(1, t('users.form.rolesRequired'))] : [],
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
          <FormAvatarPicker form={form} currentUrl={currentAvatarUrl} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                label={t(fieldLabelKey('users', 'name'))}
                required
                autoComplete="off"
                {...form.field('name')}
                error={form.errors.name}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                label={t('users.columns.email')}
                type="email"
                required={mode === 'create'}
                readOnly={mode === 'update'}
                variant={mode === 'update' ? 'filled' : 'default'}
                autoComplete="off"
                {...form.field('email')}
                error={form.errors.email}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField
                label={t(fieldLabelKey('users', 'bio'))}
                dir={form.values.bio ? 'auto' : undefined}
                placeholder={t('users.form.bioPlaceholder')}
                {...form.field('bio')}
                error={form.errors.bio}
              />
            </Grid.Col>
            {canManage && (
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SelectField
                  label={t(fieldLabelKey('users', 'status'))}
                  required
                  data={USER_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
                  {...form.field('status')}
                  onChange={(v) => form.setValue('status', v as UserStatus | null)}
                  error={form.errors.status}
                />
              </Grid.Col>
            )}
          </Grid>
        </Stack>
      </Paper>
      {canManage && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <RoleCards
            texts={{
              label: 'users.form.roles',
              selected: 'users.form.rolesSelected',
              none: 'users.form.noRoles',
            }}
            roles={roles.data ?? []}
            loading={roles.isPending}
            value={form.values.roles}
            onChange={(v) => form.setValue('roles', v)}
            error={form.errors.roles}
          />
        </Paper>
      )}
    </FormShell>
  );
}
