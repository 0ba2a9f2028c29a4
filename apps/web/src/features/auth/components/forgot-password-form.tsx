import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailCheck, IconMail } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { rules } from '@/components/form/rules';
import { TextField } from '@/components/form/basics/text-fields';
import { useForm } from '@/components/form/basics/use-form';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { useRequestPasswordReset } from '../api/password-reset';

/** Asks for a reset link; the confirmation is the same whether or not the address exists. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    rules: {
      email: [
        rules.required(t('auth.forgot.emailInvalid')),
        rules.email(t('auth.forgot.emailInvalid')),
      ],
    },
  });

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
          {t('auth.forgot.sent', { email: form.values.email.trim() })}
        </Alert>
        <Anchor component={Link} to={paths.auth.login.getHref()} ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit((v) => void request.run(v.email))}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auth.forgot.help')}
        </Text>
        {request.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {toAppError(request.error).message}
          </Alert>
        )}
        <TextField
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          type="email"
          autoComplete="email"
          leftSection={<IconMail size={18} />}
          size="md"
          autoFocus
          {...form.field('email')}
        />
        <Button type="submit" size="lg" fullWidth loading={request.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to={paths.auth.login.getHref()} ta="center" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
