import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { rules } from '@/components/form/rules';
import { PasswordField } from '@/components/form/basics/text-fields';
import { useForm } from '@/components/form/basics/use-form';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { useConfirmPasswordReset } from '../api/password-reset';

/** Sets a new password with the token of the reset link. */
export function ConfirmPasswordResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { password: '', passwordConfirm: '' },
    rules: {
      password: [
        rules.required(t('auth.password.min', { min: MIN_PASSWORD_LENGTH })),
        rules.minLength(MIN_PASSWORD_LENGTH, t('auth.password.min', { min: MIN_PASSWORD_LENGTH })),
      ],
      passwordConfirm: [
        rules.required(t('auth.password.mismatch')),
        rules.sameAs('password', t('auth.password.mismatch')),
      ],
    },
  });

  if (confirm.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {t('auth.reset.done')}
        </Alert>
        <Button component={Link} to={paths.auth.login.getHref()} size="lg" fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    );
  }

  const error = confirm.isError ? toAppError(confirm.error) : null;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        const outcome = await confirm.run(token, v.password, v.passwordConfirm);
        if (!outcome.ok) form.setServerErrors(toAppError(outcome.error).fieldErrors);
      })}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error.fieldErrors.token ? t('auth.reset.invalidToken') : error.message}
          </Alert>
        )}
        <PasswordField
          label={t('auth.password.new')}
          autoComplete="new-password"
          size="md"
          autoFocus
          showLabel={t('auth.showPassword')}
          {...form.field('password')}
        />
        <PasswordField
          label={t('auth.password.confirm')}
          autoComplete="new-password"
          size="md"
          showLabel={t('auth.showPassword')}
          {...form.field('passwordConfirm')}
        />
        <Button type="submit" size="lg" fullWidth loading={confirm.isPending}>
          {t('auth.reset.submit')}
        </Button>
        <Anchor component={Link} to={paths.auth.login.getHref()} ta="center" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
