import type { RecordModel } from 'pocketbase';
import { EntryForm, type EntryFormProps } from './entry-form';

export type EntryDialogProps<T extends RecordModel, V extends Record<string, unknown>> = Omit<
  EntryFormProps<T, V>,
  'onCancel' | 'dialog' | 'submitLabel'
> & {
  size?: 'md' | 'lg';
  onClose: () => void;
};

/**
 * The dialog itself, fetched the first time one opens (entry-dialog.tsx): the form draws it, as
 * the form knows whether there are changes to ask about before it closes. Cancel discards.
 */
export default function OpenEntryDialog<T extends RecordModel, V extends Record<string, unknown>>({
  size = 'md',
  onClose,
  ...form
}: EntryDialogProps<T, V>) {
  return <EntryForm<T, V> {...form} onCancel={onClose} dialog={{ size, onClose }} />;
}
