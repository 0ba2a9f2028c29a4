import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api';

/** A button that downloads a file the server makes, showing the server's refusal if any. */
export function DownloadButton({
  path,
  fileName,
  label,
  ariaLabel,
  ...rest
}: { path: string; fileName: string; label: string; ariaLabel?: string } & Omit<
  ButtonProps,
  'children'
>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={ariaLabel}
      onClick={() => {
        setBusy(true);
        downloadFile(path, fileName)
          .catch((error: Error) =>
            notifications.show({
              color: 'red',
              title: t('form.serverError'),
              message: error.message,
            }),
          )
          .finally(() => setBusy(false));
      }}
      {...rest}
    >
      {label}
    </Button>
  );
}
