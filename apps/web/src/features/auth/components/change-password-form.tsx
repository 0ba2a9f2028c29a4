import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { rules } from '@/components/form/rules';
import { PasswordField } from '@/components/form/basics/text-fields';
import { useForm } from '@/components/form/basics/use-form';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import { toAppError } from '@/lib/errors';
import { useChangeOwnPassword } from '../api/change-password';

type ChangePasswordFormProps = {
  onDone?: () => void;
  onCancel?: () => void;
  submitLabel?: string;
};

/** Current password, new password (min 8) and its confirmation. */
export function ChangePasswordForm({ onDone, onCancel, submitLabel }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangeOwnPassword();
  const min = t('auth.password.min', { min: MIN_PASSWORD_LENGTH });
  const form = useForm({
    initialValues: { oldPassword: '', password: '', passwordConfirm: '' },
    rules: {
      oldPassword: [rules.required(t('auth.password.currentRequired'))],
      password: [
        rules.required(min),
        rules.minLength(MIN_PASSWORD_LENGTH, min),
        (value, values) => (value !== values.oldPassword ? true : t('auth.password.sameAsOld')),
      ],
      passwordConfirm: [
        rules.required(t('auth.password.mismatch')),
        rules.sameAs('password', t('auth.password.mismatch')),
      ],
    },
  });

  const error = change.isError ? toAppError(change.error) : null;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        const outcome = await change.run(values);
        if (outcome.ok) {
          form.reset();
          onDone?.();
        } else {
          form.setServerErrors(toAppError(outcome.error).fieldErrors);
        }
      })}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error.message}
          </Alert>
        )}
        <PasswordField
          label={t('auth.password.current')}
          autoComplete="current-password"
          showLabel={t('auth.showPassword')}
          {...form.field('oldPassword')}
        />
        <PasswordField
          label={t('auth.password.new')}
          autoComplete="new-password"
          showLabel={t('auth.showPassword')}
          {...form.field('password')}
        />
        <PasswordField
          label={t('auth.password.confirm')}
          autoComplete="new-password"
          showLabel={t('auth.showPassword')}
          {...form.field('passwordConfirm')}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={change.isPending}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={change.isPending}>
            {submitLabel ?? t('auth.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
