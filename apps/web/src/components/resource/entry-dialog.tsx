import type { RecordModel } from 'pocketbase';
import type { ComponentType } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { EntryDialogProps } from './entry-dialog-open';
import type { EntryFormProps } from './entry-form';

export type { EntryDialogProps, EntryFormProps };

type AnyRecord = Record<string, unknown>;

// A record's form (its fields' widgets, Mantine's selects and their positioning, the date and
// rich-text fields) and the dialog around it come when the person first adds or changes a child
// record: a record's page otherwise downloads them all (about 60 KB gzip) to show its tabs.
const OpenEntryDialog = onDemand(() => import('./entry-dialog-open')) as ComponentType<
  EntryDialogProps<RecordModel, AnyRecord> & { when: boolean }
>;
const OpenEntryForm = onDemand(() =>
  import('./entry-form').then((module) => ({ default: module.EntryForm })),
) as ComponentType<EntryFormProps<RecordModel, AnyRecord> & { when: boolean }>;

/**
 * An EntryForm in a dialog (an option, a payment, an hours entry, a task). Mounted open; the
 * parent unmounts it to close. It stays open while its request runs.
 */
export function EntryDialog<T extends RecordModel, V extends AnyRecord>(
  props: EntryDialogProps<T, V>,
) {
  return (
    <OpenEntryDialog {...(props as unknown as EntryDialogProps<RecordModel, AnyRecord>)} when />
  );
}

/**
 * An EntryForm in a panel of a page (a collapsed "Add …" section), fetched the first time
 * `when` holds (the panel opens), then kept.
 */
export function EntryFormOnDemand<T extends RecordModel, V extends AnyRecord>(
  props: EntryFormProps<T, V> & { when: boolean },
) {
  return (
    <OpenEntryForm
      {...(props as unknown as EntryFormProps<RecordModel, AnyRecord> & { when: boolean })}
    />
  );
}
