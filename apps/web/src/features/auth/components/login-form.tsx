import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n/use-translation';
import { rules } from '@/components/form/rules';
import { PasswordField, TextField } from '@/components/form/basics/text-fields';
import { useForm } from '@/components/form/basics/use-form';
import { paths } from '@/config/paths';
import { takeOverStaticSignIn } from '@/lib/static-sign-in';
import { SignInError, useSignIn, type SignInFailure } from '../api/sign-in';
import type { SecondStep } from '../api/second-factor';
import { SecondStepForm } from './second-step-form';

/** Why signing in failed. */
export function SignInAlert({ reason }: { reason: SignInFailure }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid="login-error"
    >
      {reason === 'inactive' ? t('auth.login.inactive') : t('auth.login.failed')}
    </Alert>
  );
}

/**
 * Email and password; tries employees, then users. Any failure is "Failed To Login", except a
 * correct password on an inactive account ("Inactive User"). The guard moves a signed-in
 * account on to where it was going.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { identity: '', password: '' },
    rules: {
      identity: [rules.required(t('auth.login.identityRequired'))],
      password: [rules.required(t('auth.login.passwordRequired'))],
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  // After a correct password, when the account must also prove a second factor.
  const [step, setStep] = useState<SecondStep | null>(null);

  const run = async (identity: string, password: string) => {
    const outcome = await signIn.run(identity, password);
    if (outcome.ok && outcome.data) setStep(outcome.data);
  };

  // The form the guest page showed while this code loaded (lib/static-sign-in.ts): take what was
  // typed, the focus, and the press of "Log In". In a layout effect, so the two forms never exist side by side on screen.
  useLayoutEffect(() => {
    const held = takeOverStaticSignIn();
    if (!held) return;
    // A language chosen on the early form after this code had read the stored one.
    if (held.language !== currentLanguage()) void setLanguage(held.language);
    // Only what changes: a state set here renders the form again within this task, which on a
    // slow phone blocks the page for longer, and a form nobody has typed into yet is as it was.
    if (held.identity || held.password)
      form.setValues({ identity: held.identity, password: held.password });
    if (held.passwordVisible) setPasswordVisible(true);
    const input = (name: string) =>
      formRef.current?.querySelector<HTMLInputElement>(`input[autocomplete="${name}"]`);
    if (held.submitted) void run(held.identity, held.password);
    else if (held.focused === 'password') input('current-password')?.focus();
    else if (held.focused === 'toggle')
      formRef.current
        ?.querySelector<HTMLButtonElement>('.mantine-PasswordInput-visibilityToggle')
        ?.focus();
    else input('username')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form first appears
  }, []);

  if (step)
    return (
      <SecondStepForm
        step={step}
        onBack={() => {
          setStep(null);
          signIn.reset();
          form.setValues({ identity: step.identity, password: '' });
        }}
      />
    );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit((values) => void run(values.identity, values.password))}
      aria-label={t('auth.login.title')}
    >
      <Stack gap="md">
        {signIn.isError && (
          <SignInAlert
            reason={signIn.error instanceof SignInError ? signIn.error.reason : ('failed' as const)}
          />
        )}
        <Text fw={600} size="sm" c="dimmed" tt="uppercase">
          {t('auth.login.account')}
        </Text>
        <TextField
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          leftSection={<IconMail size={18} />}
          size="md"
          autoFocus
          {...form.field('identity')}
        />
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text component="label" htmlFor="login-password" fw={500} fz="md">
              {t('auth.login.password')}
            </Text>
            <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <PasswordField
            id="login-password"
            placeholder={t('auth.login.passwordPlaceholder')}
            autoComplete="current-password"
            leftSection={<IconLock size={18} />}
            size="md"
            showLabel={t('auth.showPassword')}
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            {...form.field('password')}
          />
        </Stack>
        <Button type="submit" size="lg" fullWidth loading={signIn.isPending} mt="xs">
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
