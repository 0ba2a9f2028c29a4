/**
 * "Fix and resend" of the outbox panel (./outbox.tsx), fetched when a change is first refused
 * (the server answered, so the connection is up) or ahead while online
 * (./prefetch-for-offline.ts): its fields, a number input among them, are too heavy for every
 * page's layout and for the panel.
 */
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useEffect, useState } from 'react';
import { RichTextField } from '@/components/form/rich-text-field';
import { TextField } from '@/components/form/basics/text-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { fieldDef } from '@/components/resource/common/declarations';
import { declaredFieldLabel } from '@/components/resource/field-label';
import { toAppError } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { OutboxItem } from '@/lib/offline/outbox';
import { currentRecord, outbox, syncOutbox } from '@/lib/offline/outbox-runtime';
import { useAccount } from '@/lib/session';
import { changedMeanwhile, plainValue } from './outbox-item';

/** The field kinds "Fix and resend" offers: texts, long texts, rich texts and numbers. */
type EditKind = 'text' | 'textarea' | 'editor' | 'number';

function editKind(item: OutboxItem, name: string): EditKind | null {
  let field;
  try {
    field = fieldDef(item.collection, name);
  } catch {
    return null;
  }
  if ('readOnly' in field && field.readOnly) return null;
  if (field.type === 'editor') return 'editor';
  if (field.type === 'number') return 'number';
  if (field.type === 'text') return (field.max ?? 0) > 500 ? 'textarea' : 'text';
  return null;
}

/**
 * The record a change refused for a change made meanwhile was meant for, as it is now (its
 * `updated` is the version the change is sent against again); the reason it cannot be read.
 */
function useCurrentRecord(item: OutboxItem) {
  const { t } = useTranslation();
  const wanted = changedMeanwhile(item);
  const [record, setRecord] = useState<RecordModel | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    currentRecord(item)
      .then((found) => live && setRecord(found))
      .catch((error: unknown) => {
        if (!live) return;
        const failure = toAppError(error);
        setProblem(failure.status === 0 ? t('outbox.needsConnection') : failure.message);
      });
    return () => {
      live = false;
    };
  }, [item, wanted, t]);
  return { wanted, record, problem };
}

/**
 * "Fix and resend": the change's text and number fields, with the server's messages. For a
 * change refused because the record changed meanwhile, it shows under each field what the record
 * holds now and offers "Overwrite with my change": sent again against the record as shown.
 */
export default function FixDialog({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const { t } = useTranslation();
  const account = useAccount();
  const current = useCurrentRecord(item);
  const fields = Object.keys(item.body)
    .map((name) => ({ name, kind: editKind(item, name) }))
    .filter((f): f is { name: string; kind: EditKind } => f.kind !== null);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...item.body }));
  const label = (name: string) =>
    item.texts?.[name] || declaredFieldLabel(t, item.collection, name) || name;
  const set = (name: string) => (value: unknown) => setValues((v) => ({ ...v, [name]: value }));
  const resend = async () => {
    if (!account) return;
    const changed = Object.fromEntries(fields.map((f) => [f.name, values[f.name]]));
    const version = current.record ? String(current.record.updated) : undefined;
    await outbox.resend(`${account.collection}:${account.id}`, item.seq, changed, version);
    onClose();
    syncOutbox();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('outbox.fixTitle', { label: item.label })}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={t('outbox.fixTitle', { label: item.label })}
        onSubmit={(e) => {
          e.preventDefault();
          void resend();
        }}
      >
        <Stack gap="md">
          {item.reason && (
            <Alert color="red" variant="light" title={t('outbox.refusedBecause')}>
              {item.reason}
            </Alert>
          )}
          {current.wanted && (
            <Text size="sm" role={current.problem ? 'alert' : undefined}>
              {current.problem ??
                (current.record ? t('outbox.overwriteHelp') : t('outbox.readingCurrent'))}
            </Text>
          )}
          {fields.length === 0 && <Text size="sm">{t('outbox.nothingToEdit')}</Text>}
          {fields.map(({ name, kind }) => {
            const error = item.fieldErrors?.[name];
            const value = values[name];
            // What the record holds now, where it is not what this change sends.
            const now = current.record ? plainValue(current.record[name]) : null;
            const description =
              now === null || now === plainValue(item.body[name])
                ? undefined
                : now
                  ? t('outbox.nowOnServer', { value: now })
                  : t('outbox.nowEmpty');
            if (kind === 'editor')
              return (
                <RichTextField
                  key={name}
                  label={label(name)}
                  value={typeof value === 'string' ? value : ''}
                  onChange={set(name)}
                  onBlur={() => undefined}
                  error={error}
                  description={description}
                />
              );
            if (kind === 'number')
              return (
                <NumberInput
                  key={name}
                  label={label(name)}
                  value={typeof value === 'number' ? value : ''}
                  onChange={(n) => set(name)(typeof n === 'number' ? n : null)}
                  error={error}
                  description={description}
                />
              );
            const Field = kind === 'textarea' ? TextareaField : TextField;
            return (
              <Field
                key={name}
                label={label(name)}
                value={typeof value === 'string' ? value : ''}
                onChange={set(name)}
                error={error}
                description={description}
                dir="auto"
              />
            );
          })}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              // Sent against the record as shown: not before it is read.
              disabled={current.wanted && !current.record}
            >
              {current.wanted ? t('outbox.overwrite') : t('outbox.resend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
