import { Alert, Button, Group, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { ErrorState } from '@/components/page/error-state';
import { toAppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format/date';
import { signOut } from '@/lib/session';
import { useSlicedQuery } from '@/lib/sliced-query';
import { checkBackup, useRestoreBackup, type Backup } from '../api/backups-api';
import { formatSize } from './format-size';

type RestoreDialogProps = { backup: Backup | null; onClose: () => void };

/**
 * Restoring a backup: first the dry check's result (what the backup holds, or why it cannot be
 * restored), then a confirmation that says what will be replaced. A restore signs everyone out.
 */
export function RestoreDialog({ backup, onClose }: RestoreDialogProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const key = backup?.key ?? '';
  const check = useSlicedQuery({
    queryKey: ['backups', 'check', key],
    queryFn: () => checkBackup(key),
    enabled: backup !== null,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
  const restore = useRestoreBackup();
  const close = () => {
    if (restore.isPending) return;
    setConfirming(false);
    restore.reset();
    onClose();
  };
  const report = check.data;
  // The tables that hold most, as a hint of what comes back.
  const largest = report
    ? report.tables
        .filter((table) => table.rows > 0)
        .sort((a, b) => b.rows - a.rows)
        .slice(0, 6)
    : [];

  return (
    <>
      <Modal
        opened={backup !== null && !confirming}
        onClose={close}
        title={t('backups.checkTitle', { name: key })}
        centered
        radius="lg"
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {check.isPending ? (
          <Group gap="sm" py="md" data-testid="backup-checking">
            <Loader size="sm" />
            <Text size="sm">{t('backups.checking')}</Text>
          </Group>
        ) : check.isError ? (
          <Stack>
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={20} />}
              title={t('backups.checkFailed')}
              data-testid="backup-check-failed"
            >
              {toAppError(check.error).message}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.close')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack data-testid="backup-check-ok">
            <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />}>
              {t('backups.checkOk')}
            </Alert>
            <List spacing={4} size="sm">
              <List.Item>
                {t('backups.madeAt')}: <b>{formatDateTime(report!.created)}</b>
              </List.Item>
              <List.Item>
                {t('backups.records')}: <b>{report!.rows}</b> (
                {t('backups.tables', { count: report!.tables.length })})
              </List.Item>
              <List.Item>
                {t('backups.files')}: <b>{report!.files}</b> (
                <span dir="ltr">{formatSize(report!.fileBytes)}</span>)
              </List.Item>
            </List>
            <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t('backups.records')}>
              <Table.Tbody>
                {largest.map((table) => (
                  <Table.Tr key={table.name}>
                    <Table.Td>
                      <span dir="ltr">{table.name}</span>
                    </Table.Td>
                    <Table.Td ta="end">{table.rows}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button color="red" onClick={() => setConfirming(true)}>
                {t('backups.continue')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={backup !== null && confirming}
        onCancel={() => setConfirming(false)}
        title={t('backups.confirmTitle')}
        message={t('backups.confirmMessage', {
          date: report ? formatDateTime(report.created) : '',
          records: report?.rows ?? 0,
          files: report?.files ?? 0,
        })}
        confirmLabel={t('backups.confirmLabel')}
        loading={restore.isPending}
        onConfirm={() =>
          restore.mutate(key, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('backups.restored') });
              // Every session ended with the restore, this one too.
              signOut();
            },
          })
        }
      >
        {restore.isError && <ErrorState error={restore.error} />}
      </ConfirmDialog>
    </>
  );
}
