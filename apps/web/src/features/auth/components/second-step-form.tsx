import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '@/components/form/basics/text-fields';
import { useTranslation } from '@/lib/i18n/use-translation';
import {
  CodeError,
  emailCode,
  enrolAtSignIn,
  keepSession,
  proveSecondFactor,
  type AuthAnswer,
  type Enrolment,
  type SecondStep,
} from '../api/second-factor';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

type Mode = 'app' | 'recovery' | 'email';

/**
 * The sign-in's second step, after a correct password: a code from the authenticator app, a
 * recovery code, or a code sent by email; or, for an account with neither app nor mail, enrolling
 * an app now. Keeping the session (the guard then moves on) is the last thing it does.
 */
export function SecondStepForm({ step, onBack }: { step: SecondStep; onBack: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(step.totp ? 'app' : 'email');
  const [code, setCode] = useState('');
  const [otpId, setOtpId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);
  const [sending, setSending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The new step is announced and focused: the form it replaced had the focus.
  useEffect(() => {
    if (!step.enrol) headingRef.current?.focus();
  }, [step.enrol]);

  const messageOf = (failure: unknown) => {
    if (failure instanceof CodeError && failure.reason === 'expired') setExpired(true);
    if (failure instanceof CodeError && failure.reason === 'tooMany') return t('twoFactor.tooMany');
    if (failure instanceof CodeError && failure.reason === 'expired')
      return t('auth.secondStep.expired');
    return t('twoFactor.wrongCode');
  };

  if (step.enrol) return <EnrolAtSignIn step={step} onBack={onBack} messageOf={messageOf} />;

  const switchTo = (next: Mode) => {
    setMode(next);
    setCode('');
    setError('');
    // After React has drawn the field of the new mode.
    setTimeout(() => codeRef.current?.focus(), 0);
  };

  const sendEmail = async () => {
    setSending(true);
    setError('');
    try {
      setOtpId(await emailCode(step));
      setMode('email');
      setCode('');
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch {
      setError(t('auth.secondStep.emailFailed'));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('twoFactor.codeRequired'));
      codeRef.current?.focus();
      return;
    }
    setPending(true);
    setError('');
    try {
      keepSession(await proveSecondFactor(step, code, mode === 'email' ? otpId! : undefined));
    } catch (failure) {
      setError(messageOf(failure));
      setPending(false);
      codeRef.current?.focus();
    }
  };

  const help =
    mode === 'app'
      ? t('auth.secondStep.appHelp')
      : mode === 'recovery'
        ? t('auth.secondStep.recoveryHelp')
        : otpId
          ? t('auth.secondStep.emailSent', { email: step.identity })
          : t('auth.secondStep.emailHelp', { email: step.identity });
  const showCodeField = mode !== 'email' || otpId !== null;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="second-step-title">
      <Stack gap="md">
        <Title
          order={2}
          fz="lg"
          id="second-step-title"
          ref={headingRef}
          tabIndex={-1}
          style={{ display: 'flex', alignItems: 'center', gap: 8 }}
        >
          <IconShieldLock size={22} aria-hidden />
          {t('auth.secondStep.title')}
        </Title>
        <Text size="sm" aria-live="polite" data-testid="second-step-help">
          {help}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="second-step-error">
            {error}
          </Alert>
        )}
        {expired ? (
          <Button onClick={onBack}>{t('auth.backToLogin')}</Button>
        ) : (
          <>
            {showCodeField && (
              <TextField
                ref={codeRef}
                key={mode}
                label={
                  mode === 'app'
                    ? t('twoFactor.appCode')
                    : mode === 'recovery'
                      ? t('auth.secondStep.recoveryCode')
                      : t('auth.secondStep.emailCode')
                }
                autoComplete={mode === 'recovery' ? 'off' : 'one-time-code'}
                inputMode={mode === 'recovery' ? 'text' : 'numeric'}
                autoCapitalize="off"
                spellCheck={false}
                dir="ltr"
                size="md"
                autoFocus
                value={code}
                onChange={setCode}
                error={error ? true : undefined}
                data-testid="second-step-code"
              />
            )}
            {showCodeField ? (
              <Button type="submit" size="lg" fullWidth loading={pending}>
                {t('auth.secondStep.submit')}
              </Button>
            ) : (
              <Button size="lg" fullWidth loading={sending} onClick={() => void sendEmail()}>
                {t('auth.secondStep.emailMe')}
              </Button>
            )}
            <Stack gap={6} align="flex-start">
              {step.totp && mode !== 'recovery' && (
                <Anchor component="button" type="button" onClick={() => switchTo('recovery')}>
                  {t('auth.secondStep.useRecovery')}
                </Anchor>
              )}
              {step.totp && mode !== 'app' && (
                <Anchor component="button" type="button" onClick={() => switchTo('app')}>
                  {t('auth.secondStep.useApp')}
                </Anchor>
              )}
              {step.otp && (mode !== 'email' || otpId) && (
                <Anchor
                  component="button"
                  type="button"
                  disabled={sending}
                  onClick={() => void sendEmail()}
                >
                  {otpId ? t('auth.secondStep.emailAgain') : t('auth.secondStep.emailMe')}
                </Anchor>
              )}
              <Anchor component="button" type="button" onClick={onBack}>
                {t('auth.backToLogin')}
              </Anchor>
            </Stack>
          </>
        )}
      </Stack>
    </form>
  );
}

/** An account with neither app nor mail enrols an app now, then sees its recovery codes. */
function EnrolAtSignIn({
  step,
  onBack,
  messageOf,
}: {
  step: SecondStep;
  onBack: () => void;
  messageOf: (failure: unknown) => string;
}) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<AuthAnswer | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    enrolAtSignIn(step.mfaId).then(
      (answer) => live && setEnrolment(answer),
      () => live && setFailed(true),
    );
    headingRef.current?.focus();
    return () => {
      live = false;
    };
  }, [step.mfaId]);

  if (done?.meta?.recoveryCodes)
    return <RecoveryCodes codes={done.meta.recoveryCodes} onDone={() => keepSession(done)} />;

  return (
    <Stack gap="md">
      <Title order={2} fz="lg" ref={headingRef} tabIndex={-1}>
        {t('auth.secondStep.enrolTitle')}
      </Title>
      <Text size="sm">{t('auth.secondStep.enrolHelp')}</Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {t('auth.secondStep.expired')}
        </Alert>
      ) : enrolment ? (
        <TotpEnrolment
          enrolment={enrolment}
          onConfirm={async (code) => {
            let answer: AuthAnswer;
            try {
              answer = await proveSecondFactor(step, code);
            } catch (failure) {
              throw new Error(messageOf(failure));
            }
            if (answer.meta?.recoveryCodes) setDone(answer);
            else keepSession(answer);
          }}
        />
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
      <Anchor component="button" type="button" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
