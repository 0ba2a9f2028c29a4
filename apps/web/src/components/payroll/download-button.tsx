import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { pb } from '@/lib/pocketbase';

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

/**
 * Fetches a file the server makes (a payslip PDF, the register's CSV) with the session's token
 * and saves it under `name`. Throws the server's message when it refuses.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const res = await fetch(pb.buildURL(path), { headers: { Authorization: pb.authStore.token } });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? res.statusText);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
