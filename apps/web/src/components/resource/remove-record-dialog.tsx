import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { toAppError } from '@/lib/errors';
import { useRemoveRecord } from './use-records';

type RemoveRecordDialogProps<T extends { id: string }> = {
  collection: string;
  alsoRefresh?: readonly string[];
  /** The record to remove; the dialog is closed while null. */
  record: T | null;
  message: (record: T) => ReactNode;
  onClose: () => void;
  /** After the server removed it (e.g. leave the record's page). */
  onRemoved?: () => void;
  /** A test id on the server's refusal. */
  errorTestId?: string;
};

/** "Confirm Remove" of one record, showing the server's refusal (still used by…) in place. */
export function RemoveRecordDialog<T extends { id: string }>({
  collection,
  alsoRefresh,
  record,
  message,
  onClose,
  onRemoved,
  errorTestId,
}: RemoveRecordDialogProps<T>) {
  const { t } = useTranslation();
  const remove = useRemoveRecord(collection, alsoRefresh);
  return (
    <ConfirmDialog
      opened={record !== null}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      message={record ? message(record) : undefined}
      loading={remove.isPending}
      onConfirm={() =>
        record &&
        remove.mutate(record.id, {
          onSuccess: () => {
            onClose();
            notifications.show({
              color: 'green',
              title: t('confirm.removed'),
              message: t('confirm.removedBody'),
            });
            onRemoved?.();
          },
        })
      }
    >
      {remove.error && (
        <Alert color="red" variant="light" role="alert" data-testid={errorTestId}>
          {toAppError(remove.error).message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
