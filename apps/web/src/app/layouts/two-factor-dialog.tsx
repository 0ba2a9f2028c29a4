import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { PasswordField, TextField } from '@/components/form/basics/text-fields';
import {
  twoFactorApi,
  type Enrolment,
  type TwoFactorStatus,
} from '@/features/auth/api/second-factor';
import { RecoveryCodes } from '@/features/auth/components/recovery-codes';
import { TotpEnrolment } from '@/features/auth/components/totp-enrolment';
import { errorStatus, toAppError } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n/use-translation';

type TwoFactorDialogProps = { opened: boolean; onClose: () => void };

/**
 * The user menu's "Two-step sign-in": set up an authenticator app (QR code, key, first code,
 * then the recovery codes once), or remove it with the password and a code. Loaded on its first
 * opening (the layout).
 */
export default function TwoFactorDialog({ opened, onClose }: TwoFactorDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('twoFactor.title')}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <TwoFactorPanel />}
    </Modal>
  );
}

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'removing' };

function TwoFactorPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  const load = useCallback(() => {
    twoFactorApi.status().then(setStatus, (e) => setError(toAppError(e).message));
  }, []);
  useEffect(load, [load]);

  const begin = async () => {
    setBusy(true);
    setError('');
    try {
      setView({ kind: 'enrolling', enrolment: await twoFactorApi.begin() });
    } catch (e) {
      setError(toAppError(e).message);
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'enrolling')
    return (
      <TotpEnrolment
        enrolment={view.enrolment}
        onConfirm={async (code) => {
          try {
            const { recoveryCodes } = await twoFactorApi.confirm(code);
            setView({ kind: 'codes', codes: recoveryCodes });
          } catch (e) {
            throw new Error(
              errorStatus(e) === 429 ? t('twoFactor.tooMany') : t('twoFactor.wrongCode'),
            );
          }
        }}
      />
    );

  if (view.kind === 'codes')
    return (
      <RecoveryCodes
        codes={view.codes}
        onDone={() => {
          setNotice(t('twoFactor.enrolled'));
          setView({ kind: 'status' });
          load();
        }}
      />
    );

  if (!status)
    return error ? (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    ) : (
      <Loader size="sm" aria-label={t('common.loading')} />
    );

  return (
    <Stack gap="md">
      {notice && (
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <Text size="sm">{t('twoFactor.intro')}</Text>
      <Text fw={600} data-testid="two-factor-state">
        {status.enrolled ? t('twoFactor.on') : t('twoFactor.off')}
      </Text>
      {status.enrolled && (
        <Text size="sm">{t('twoFactor.codesLeft', { count: status.recoveryCodesLeft })}</Text>
      )}
      {status.required && (
        <Text size="sm" c="dimmed">
          {t('twoFactor.requiredNote')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!status.enrolled ? (
        <Button onClick={() => void begin()} loading={busy} data-testid="two-factor-set-up">
          {t('twoFactor.setUp')}
        </Button>
      ) : view.kind === 'removing' ? (
        <RemoveForm
          onRemoved={() => {
            setNotice(t('twoFactor.removed'));
            setView({ kind: 'status' });
            load();
          }}
        />
      ) : (
        <Button variant="default" color="red" onClick={() => setView({ kind: 'removing' })}>
          {t('twoFactor.remove')}
        </Button>
      )}
    </Stack>
  );
}

/** Removing the app: the password and a code, both. */
function RemoveForm({ onRemoved }: { onRemoved: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) return setError(t('twoFactor.codeRequired'));
    setBusy(true);
    setError('');
    try {
      await twoFactorApi.remove(password, code);
      onRemoved();
    } catch (e) {
      const failure = toAppError(e);
      setError(
        errorStatus(e) === 429
          ? t('twoFactor.tooMany')
          : (failure.fieldErrors.password ?? t('twoFactor.wrongCode')),
      );
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.removeHelp')}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField
          label={t('twoFactor.password')}
          autoComplete="current-password"
          showLabel={t('auth.showPassword')}
          value={password}
          onChange={setPassword}
        />
        <TextField
          label={t('twoFactor.codeOrRecovery')}
          autoComplete="one-time-code"
          dir="ltr"
          value={code}
          onChange={setCode}
        />
        <Button type="submit" color="red" loading={busy}>
          {t('twoFactor.remove')}
        </Button>
      </Stack>
    </form>
  );
}
