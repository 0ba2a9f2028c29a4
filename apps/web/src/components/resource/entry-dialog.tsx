import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useTranslation } from 'react-i18next';
import { useForm } from '@/components/form/use-form';
import { toAppError } from '@/lib/errors';
import { FieldGrid, useSpecRules, type FieldSpec } from './field-widget';
import { useSaveRecord } from './use-records';

export type EntryDialogProps<T extends RecordModel, V extends Record<string, unknown>> = {
  collection: string;
  alsoRefresh?: readonly string[];
  /** The record to change; a new one when null. */
  record: T | null;
  title: string;
  fields: readonly FieldSpec<V>[];
  initialValues: V;
  /** The request body of the values (trimmed texts, API dates, the parent's id). */
  toBody: (values: V) => Record<string, unknown>;
  size?: 'md' | 'lg';
  onClose: () => void;
  onSaved: (saved: T) => void;
};

/**
 * Create or change one record in a dialog (an option, a payment, an hours entry): its fields
 * from the declaration, their rules, and the server's field errors next to the fields.
 * Mounted open; the parent unmounts it to close.
 */
export function EntryDialog<T extends RecordModel, V extends Record<string, unknown>>({
  collection,
  alsoRefresh,
  record,
  title,
  fields,
  initialValues,
  toBody,
  size = 'md',
  onClose,
  onSaved,
}: EntryDialogProps<T, V>) {
  const { t } = useTranslation();
  const save = useSaveRecord<T>(collection, alsoRefresh);
  const form = useForm<V>({ initialValues, rules: useSpecRules(collection, fields) });

  return (
    <Modal
      opened
      onClose={save.isPending ? () => undefined : onClose}
      title={title}
      centered
      radius="lg"
      size={size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: record?.id, body: toBody(values) },
            {
              onSuccess: (saved) => onSaved(saved),
              onError: (error) => form.setServerErrors(toAppError(error).fieldErrors),
            },
          ),
        )}
      >
        <Stack gap="md">
          {save.error && (
            <Alert color="red" variant="light" role="alert" title={t('form.serverError')}>
              {toAppError(save.error).message}
            </Alert>
          )}
          <FieldGrid collection={collection} specs={fields} form={form} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
