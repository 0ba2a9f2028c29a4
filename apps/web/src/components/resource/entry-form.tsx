import { Alert, Button, Group, Stack } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useForm } from '@/components/form/use-form';
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
  /** Told while the request runs (a dialog must not close under it). */
  onPendingChange?: (pending: boolean) => void;
  /**
   * Field work: without a connection the change waits in the outbox (named by `title`), and the
   * form closes as on Cancel (or, with no Cancel, as when saved).
   */
  queueable?: boolean;
};

/**
 * Create or change one record: its fields from the declaration, their rules, and the server's
 * field errors next to the fields. Inside a dialog (EntryDialog) or a panel of a page.
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
  onPendingChange,
  queueable = false,
}: EntryFormProps<T, V>) {
  const { t, i18n } = useTranslation();
  const refreshed = alsoRefresh ?? workflowOf(collection)?.refresh;
  const direct = useSaveRecord<T>(collection, refreshed);
  const queued = useSaveOrQueue<T>(collection, refreshed);
  const save = queueable ? queued : direct;
  const specs = withWorkflow(collection, record, fields, i18n.language);
  const form = useForm<V>({ initialValues, rules: useSpecRules(collection, fields) });

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={form.onSubmit((values) => {
        onPendingChange?.(true);
        const handlers = {
          onError: (error: unknown) => form.setServerErrors(toAppError(error).fieldErrors),
          onSettled: () => onPendingChange?.(false),
        };
        if (!queueable) {
          direct.mutate(
            { id: record?.id, body: toBody(values) },
            { ...handlers, onSuccess: (saved) => onSaved(saved) },
          );
          return;
        }
        const texts = Object.fromEntries(
          fields.map((spec) => [
            spec.name,
            spec.label ?? declaredFieldLabel(t, collection, spec.name) ?? spec.name,
          ]),
        );
        queued.mutate(
          { id: record?.id, body: toBody(values), queueAs: { label: title, texts } },
          {
            ...handlers,
            onSuccess: (saved) => {
              if (!isQueued(saved)) onSaved(saved);
              else if (onCancel) onCancel();
              else onSaved(saved as unknown as T);
            },
          },
        );
      })}
    >
      <Stack gap="md">
        {specs.some((spec) => spec.props?.disabled === true) && (
          <Alert color="gray" variant="light">
            {t('workflow.fixedFields')}
          </Alert>
        )}
        {save.error && (
          <Alert color="red" variant="light" role="alert" title={t('form.serverError')}>
            {toAppError(save.error).message}
          </Alert>
        )}
        <FieldGrid collection={collection} specs={specs} form={form} />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {submitLabel ?? t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
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
