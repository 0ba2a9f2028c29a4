import { ActionIcon, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Tooltip } from '@/components/tooltip/tooltip';
import { notifications } from '@mantine/notifications';
import {
  IconDatabasePlus,
  IconDownload,
  IconRestore,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { PlainTable } from '@/components/data-table/plain-table';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { PageLoader } from '@/components/page/page-loader';
import { toAppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format/date';
import {
  downloadBackup,
  useBackups,
  useCreateBackup,
  useDeleteBackup,
  useUploadBackup,
  type Backup,
} from '../api/backups-api';
import { formatSize } from './format-size';
import { RestoreDialog } from './restore-dialog';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The backups screen: make, upload, list (name, size, date), download, restore (dry check
 * first) and delete. `canManage` (settings.update) shows everything but listing and download.
 */
export function BackupsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const backups = useBackups();
  const create = useCreateBackup();
  const upload = useUploadBackup();
  const remove = useDeleteBackup();
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const busy = create.isPending || upload.isPending;

  const fail = (error: unknown) =>
    notifications.show({ color: 'red', message: toAppError(error).message });
  const download = (key: string) => void downloadBackup(key).catch(fail);

  const toolbar = canManage && (
    <Stack gap="xs" p="sm">
      <Group gap="xs">
        <Button
          leftSection={<IconDatabasePlus size={18} />}
          loading={create.isPending}
          disabled={busy}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'green', message: t('backups.made') }),
              onError: fail,
            })
          }
        >
          {t('backups.make')}
        </Button>
        <FileButton
          accept=".zip,application/zip"
          onChange={(file) =>
            file &&
            upload.mutate(file, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  message: t('backups.uploaded', { name: file.name }),
                }),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  message: toAppError(error).fieldErrors.file ?? toAppError(error).message,
                }),
            })
          }
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={18} />}
              loading={upload.isPending}
              disabled={busy}
            >
              {t('backups.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {busy && (
        <Stack gap={4} data-testid="backup-progress">
          <Text size="sm" c="dimmed">
            {create.isPending ? t('backups.making') : t('backups.uploading')}
          </Text>
          <Progress value={100} animated striped aria-label={t('backups.making')} />
        </Stack>
      )}
    </Stack>
  );

  let body;
  if (backups.isPending) body = <PageLoader />;
  else if (backups.isError)
    body = (
      <Stack p="sm">
        <ErrorState error={backups.error} onRetry={() => void backups.refetch()} />
      </Stack>
    );
  else if (backups.data.length === 0)
    body = (
      <EmptyState
        title={t('backups.empty')}
        description={canManage ? t('backups.emptyHint') : undefined}
      />
    );
  else
    body = (
      <PlainTable<Backup>
        caption={t('pages.backups')}
        rows={backups.data}
        rowKey={(backup) => backup.key}
        rowProps={(backup) => ({ 'data-testid': `backup-${backup.key}` })}
        minWidth={340}
        columns={[
          {
            key: 'name',
            header: t('backups.name'),
            // Takes the width the others leave; a long name is cut.
            td: { style: { maxWidth: 0, width: '100%' } },
            render: (backup) => (
              <>
                <Text size="sm" fw={600} truncate dir="ltr" ta="start">
                  {backup.key}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {formatDateTime(backup.modified)}
                </Text>
              </>
            ),
          },
          {
            key: 'size',
            header: t('backups.size'),
            th: { style: NO_WRAP },
            render: (backup) => (
              <Text size="sm" style={NO_WRAP}>
                <span dir="ltr">{formatSize(backup.size)}</span>
              </Text>
            ),
          },
          {
            key: 'date',
            header: t('backups.date'),
            visibleFrom: 'sm',
            th: { style: NO_WRAP },
            render: (backup) => (
              <Text size="sm" style={NO_WRAP}>
                {formatDateTime(backup.modified)}
              </Text>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            th: { style: NO_WRAP },
            render: (backup) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('backups.download')}>
                  <ActionIcon
                    variant="light"
                    aria-label={t('backups.downloadNamed', { name: backup.key })}
                    onClick={() => download(backup.key)}
                  >
                    <IconDownload size={16} />
                  </ActionIcon>
                </Tooltip>
                {canManage && (
                  <Tooltip label={t('backups.restore')}>
                    <ActionIcon
                      variant="light"
                      color="orange"
                      aria-label={t('backups.restoreNamed', { name: backup.key })}
                      onClick={() => setRestoring(backup)}
                    >
                      <IconRestore size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {canManage && (
                  <Tooltip label={t('backups.delete')}>
                    <ActionIcon
                      variant="light"
                      color="red"
                      aria-label={t('backups.deleteNamed', { name: backup.key })}
                      onClick={() => setDeleting(backup)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          },
        ]}
      />
    );

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('backups.intro')}
      </Text>
      <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }}>
        {toolbar}
        {body}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('backups.scheduleHint')}
      </Text>
      <ConfirmDialog
        opened={deleting !== null}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        title={t('backups.deleteTitle')}
        message={t('backups.deleteMessage', { name: deleting?.key ?? '' })}
        confirmLabel={t('backups.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.key, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: t('backups.deleted', { name: deleting.key }),
              });
              setDeleting(null);
            },
          })
        }
      >
        {remove.isError && <ErrorState error={remove.error} />}
      </ConfirmDialog>
      <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />
    </Stack>
  );
}
