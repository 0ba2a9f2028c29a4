import { Alert, Modal } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useFocusBackOnUnmount } from '@/lib/focus-back';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FormShell, guardedSubmit } from '@/components/form/form-shell';
import { useUnsavedDialog } from '@/components/form/unsaved-changes';
import { useForm } from '@/components/form/basics/use-form';
import { fieldEditableNow, inLanguage, reachableStates, workflowOf } from '@/lib/workflow';
import { toAppError } from '@/lib/errors';
import { isQueued } from '@/lib/offline/outbox-runtime';
import { declaredFieldLabel } from './field-label';
import { FieldGrid, useSpecRules, type FieldSpec } from './field-widget';
import { useSaveOrQueue, useSaveRecord } from './use-records';

export type EntryFormProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  alsoRefresh?: readonly string[];
  /** The record to change; a new one when null. */
  record: T | null;
  /** The form's accessible name. */
  title: string;
  fields: readonly FieldSpec<V>[];
  initialValues: V;
  /** The request body of the values (trimmed texts, API dates, the parent's id). */
  toBody: (values: V) => Record<string, unknown>;
  /** Default "Save". */
  submitLabel?: string;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  onSaved: (saved: T) => void;
  /**
   * The form in a dialog of this size (EntryDialog): closing it with changes asks first, and it
   * stays open while its request runs.
   */
  dialog?: { size: 'md' | 'lg'; onClose: () => void };
  /**
   * Field work: without a connection the change waits in the outbox (named by `title`), and the
   * form closes as on Cancel (or, with no Cancel, as when saved).
   */
  queueable?: boolean;
};

const stayOpen = () => undefined;

/**
 * Create or change one record: its fields from the declaration, their rules, and the server's
 * field errors next to the fields, in the form shell every form has (FormShell: the refusal,
 * Cancel and Save, the unsaved-changes guard). In a dialog (EntryDialog) or a panel of a page.
 */
export function EntryForm<T extends RecordModel, V extends Record<string, unknown>>({
  collection,
  alsoRefresh,
  record,
  title,
  fields,
  initialValues,
  toBody,
  submitLabel,
  onCancel,
  onSaved,
  dialog,
  queueable = false,
}: EntryFormProps<T, V>) {
  const { t, i18n } = useTranslation();
  const refreshed = alsoRefresh ?? workflowOf(collection)?.refresh;
  const direct = useSaveRecord<T>(collection, refreshed);
  const queued = useSaveOrQueue<T>(collection, refreshed);
  const save = queueable ? queued : direct;
  const specs = withWorkflow(collection, record, fields, i18n.language);
  const form = useForm<V>({ initialValues, rules: useSpecRules(collection, fields) });
  const guard = useUnsavedDialog(form.dirty, save.isPending, dialog?.onClose ?? stayOpen);
  // The dialog is mounted open and unmounted to close.
  useFocusBackOnUnmount(dialog !== undefined);

  const shell = (
    <FormShell
      label={title}
      onSubmit={guardedSubmit(form, guard, (values, showFieldErrors) => {
        const onError = (error: unknown) => showFieldErrors(toAppError(error).fieldErrors);
        if (!queueable) {
          direct.mutate(
            { id: record?.id, body: toBody(values) },
            { onSuccess: (saved) => onSaved(saved), onError },
          );
          return;
        }
        // What the outbox shows of a waiting change: its fields' labels.
        const texts = Object.fromEntries(
          fields.map((spec) => [
            spec.name,
            spec.label ?? declaredFieldLabel(t, collection, spec.name) ?? spec.name,
          ]),
        );
        queued.mutate(
          {
            id: record?.id,
            body: toBody(values),
            queueAs: { label: title, texts, version: record?.updated },
          },
          {
            onSuccess: (saved) => {
              if (!isQueued(saved)) onSaved(saved);
              else if (onCancel) onCancel();
              else onSaved(saved as unknown as T);
            },
            onError,
          },
        );
      })}
      guard={guard}
      serverError={save.error ? toAppError(save.error).message : null}
      invalid={form.status === 'invalid'}
      submitting={save.isPending}
      onCancel={onCancel}
      submitLabel={submitLabel}
      gap="md"
      notice={
        specs.some((spec) => spec.props?.disabled === true) && (
          <Alert color="gray" variant="light">
            {t('workflow.fixedFields')}
          </Alert>
        )
      }
    >
      <FieldGrid collection={collection} specs={specs} form={form} />
    </FormShell>
  );
  if (!dialog) return shell;
  return (
    <Modal
      opened
      onClose={save.isPending ? stayOpen : guard.close}
      title={title}
      centered
      radius="lg"
      size={dialog.size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {shell}
    </Modal>
  );
}

/**
 * The form's fields as the collection's workflow allows them for this record: its state offers
 * only the states its moves lead to (in the declared words), and what its state fixes (an
 * approved expense's amount and vault) is shown but cannot change.
 */
function withWorkflow<V>(
  collection: string,
  record: RecordModel | null,
  fields: readonly FieldSpec<V>[],
  language: string,
): readonly FieldSpec<V>[] {
  const flow = workflowOf(collection);
  if (!flow) return fields;
  return fields.map((spec) => {
    if (spec.name === flow.field)
      return {
        ...spec,
        values: reachableStates(flow, record),
        optionLabel: (state: string) =>
          flow.states[state] ? inLanguage(flow.states[state].label, language) : state,
      };
    if (record && !fieldEditableNow(flow, record, spec.name))
      return { ...spec, props: { ...spec.props, disabled: true } };
    return spec;
  });
}
