import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';

/** The ten recovery codes, shown once, with ways to keep them; `onDone` when they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Title order={2} fz="lg" tabIndex={-1} data-autofocus>
        {t('twoFactor.codesTitle')}
      </Title>
      <Alert color="yellow" variant="light">
        {t('twoFactor.codesHelp')}
      </Alert>
      <SimpleGrid
        component="ol"
        cols={2}
        spacing="xs"
        aria-label={t('twoFactor.codesList')}
        dir="ltr"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" fz="md">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              aria-live="polite"
            >
              {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          {t('twoFactor.downloadCodes')}
        </Button>
      </Group>
      <Button onClick={onDone}>{t('twoFactor.codesSaved')}</Button>
    </Stack>
  );
}
