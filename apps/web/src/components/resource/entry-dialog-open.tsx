import { Modal } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { EntryForm, type EntryFormProps } from './entry-form';

export type EntryDialogProps<T extends RecordModel, V extends Record<string, unknown>> = Omit<
  EntryFormProps<T, V>,
  'onCancel' | 'onPendingChange' | 'submitLabel'
> & {
  size?: 'md' | 'lg';
  onClose: () => void;
};

/** The dialog itself, fetched the first time one opens (entry-dialog.tsx). */
export default function OpenEntryDialog<T extends RecordModel, V extends Record<string, unknown>>({
  size = 'md',
  onClose,
  ...form
}: EntryDialogProps<T, V>) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      opened
      onClose={pending ? () => undefined : onClose}
      title={form.title}
      centered
      radius="lg"
      size={size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <EntryForm<T, V> {...form} onCancel={onClose} onPendingChange={setPending} />
    </Modal>
  );
}
