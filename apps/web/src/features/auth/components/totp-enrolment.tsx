import { Alert, Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { TextField } from '@/components/form/basics/text-fields';
import { useTranslation } from '@/lib/i18n/use-translation';
import { secretInWords, type Enrolment } from '../api/second-factor';

type TotpEnrolmentProps = {
  enrolment: Enrolment;
  /** Sends the first code; rejects (with the message to show) when it is refused. */
  onConfirm: (code: string) => Promise<void>;
};

/**
 * Enrolling an authenticator app: the QR code, the same key in groups of four for typing, and
 * the first code the app shows, which confirms it. Used at sign-in and from the user menu.
 */
export function TotpEnrolment({ enrolment, onConfirm }: TotpEnrolmentProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  // The server's SVG as a picture: an <img> runs nothing inside it.
  const qrSource = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr)}`,
    [enrolment.qr],
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    setPending(true);
    setError('');
    try {
      await onConfirm(code);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('twoFactor.wrongCode'));
      setPending(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('twoFactor.scan')}</Text>
      <Image
        src={qrSource}
        alt={t('twoFactor.qrAlt')}
        w={200}
        h={200}
        mx="auto"
        bg="white"
        radius="sm"
        data-testid="totp-qr"
      />
      <Stack gap={4}>
        <Text size="sm" id="totp-key-label">
          {t('twoFactor.orKey')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            fz="md"
            py={6}
            px="sm"
            dir="ltr"
            aria-labelledby="totp-key-label"
            data-testid="totp-secret"
            style={{ wordBreak: 'break-word', flex: 1 }}
          >
            {secretInWords(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="sm"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                aria-live="polite"
              >
                {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Text size="sm">{t('twoFactor.enterFirst')}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={t('twoFactor.appCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            dir="ltr"
            size="md"
            value={code}
            onChange={setCode}
            error={error ? true : undefined}
            data-testid="totp-first-code"
          />
          <Button type="submit" loading={pending}>
            {t('twoFactor.confirm')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
