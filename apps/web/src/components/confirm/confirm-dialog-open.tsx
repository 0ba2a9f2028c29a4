import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

export type ConfirmDialogProps = {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Defaults to "Confirm Remove". */
  title?: string;
  /** Defaults to "You can't undo this operation". */
  message?: ReactNode;
  /** Defaults to "Remove". */
  confirmLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** The button that has the focus when the dialog opens (default: confirm). */
  focus?: 'confirm' | 'cancel';
  /** Red confirm button (destructive action). */
  danger?: boolean;
  loading?: boolean;
  /** Shown under the message, e.g. the server's refusal. */
  children?: ReactNode;
};

/** The dialog itself, fetched the first time one opens (confirm-dialog.tsx). */
export default function OpenConfirmDialog({
  opened,
  onCancel,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel,
  focus = 'confirm',
  danger = true,
  loading = false,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onCancel}
      title={title ?? t('confirm.removeTitle')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color={danger ? 'red' : 'brand'} variant="light" size={36} radius="xl">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Text size="sm" pt={6}>
            {message ?? t('confirm.cannotUndo')}
          </Text>
        </Group>
        {children}
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            onClick={onCancel}
            disabled={loading}
            data-autofocus={focus === 'cancel' || undefined}
          >
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={loading}
            data-autofocus={focus === 'confirm' || undefined}
          >
            {confirmLabel ?? t('confirm.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
