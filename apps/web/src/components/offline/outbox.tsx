import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  List,
  Modal,
  NumberInput,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { RichTextField } from '@/components/form/rich-text-field';
import { TextField } from '@/components/form/basics/text-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { fieldDef } from '@/components/resource/common/declarations';
import { declaredFieldLabel } from '@/components/resource/field-label';
import { formatDateTime } from '@/lib/format/date';
import type { TFunction } from '@/lib/i18n/translator';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { OutboxItem } from '@/lib/offline/outbox';
import { outbox, syncOutbox } from '@/lib/offline/outbox-runtime';
import { isOffline, subscribeOffline } from '@/lib/offline/reachability';
import { useOutbox } from '@/lib/offline/use-outbox';
import { useAccount } from '@/lib/session';

/** `1.2 MB`, `340 KB`, `12 B` in the reader's language. */
export function formatBytes(t: TFunction, bytes: number, language: string): string {
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(language === 'ar' ? 'ar' : 'en', {
      maximumFractionDigits: digits,
    }).format(n);
  if (bytes < 1024) return t('outbox.bytes', { n: number(bytes, 0) });
  if (bytes < 1024 * 1024) return t('outbox.kilobytes', { n: number(bytes / 1024, 0) });
  return t('outbox.megabytes', { n: number(bytes / 1024 / 1024, 1) });
}

function useOffline(): boolean {
  return useSyncExternalStore(subscribeOffline, isOffline, () => false);
}

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

/** "Fix and resend": the change's text and number fields, with the server's messages. */
function FixDialog({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const { t } = useTranslation();
  const account = useAccount();
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
    await outbox.resend(`${account.collection}:${account.id}`, item.seq, changed);
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
          {fields.length === 0 && <Text size="sm">{t('outbox.nothingToEdit')}</Text>}
          {fields.map(({ name, kind }) => {
            const error = item.fieldErrors?.[name];
            const value = values[name];
            if (kind === 'editor')
              return (
                <RichTextField
                  key={name}
                  label={label(name)}
                  value={typeof value === 'string' ? value : ''}
                  onChange={set(name)}
                  onBlur={() => undefined}
                  error={error}
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
                dir="auto"
              />
            );
          })}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />}>
              {t('outbox.resend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const STATE_COLOR = { waiting: 'blue', sending: 'teal', refused: 'red' } as const;

/** What a change is about: its first short text (a subject, a beneficiary, an activity). */
function summaryOf(item: OutboxItem): string {
  for (const name of ['title', 'beneficiary', 'activity', 'note', 'statement', 'place']) {
    const value = item.body[name];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 120);
  }
  return '';
}

function OutboxEntry({
  item,
  onFix,
  onDiscard,
}: {
  item: OutboxItem;
  onFix: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  const summary = summaryOf(item);
  const fieldErrors = Object.entries(item.fieldErrors ?? {});
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={item.label}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm">
              {item.label}
            </Text>
            {summary && (
              <Text size="sm" dir="auto" truncate>
                {summary}
              </Text>
            )}
          </Stack>
          <Badge color={STATE_COLOR[item.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`outbox.state.${item.state}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('outbox.made', { time: formatDateTime(new Date(item.createdAt)) })} ·{' '}
          {formatBytes(t, item.bytes, i18n.language)}
          {item.files.length > 0 && <> · {t('outbox.files', { count: item.files.length })}</>}
        </Text>
        {item.state === 'refused' && (
          <Alert color="red" variant="light" title={t('outbox.refusedBecause')} p="xs">
            <Text size="sm">{item.reason}</Text>
            {fieldErrors.length > 0 && (
              <List size="sm" mt={4}>
                {fieldErrors.map(([name, message]) => (
                  <List.Item key={name}>
                    {(item.texts?.[name] || declaredFieldLabel(t, item.collection, name) || name) +
                      ': ' +
                      message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {item.state === 'refused' && (
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={onFix}
              aria-label={t('outbox.fixOf', { label: item.label })}
            >
              {t('outbox.fix')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onDiscard}
              aria-label={t('outbox.discardOf', { label: item.label })}
            >
              {t('outbox.discard')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The outbox's list: every change waiting or refused, oldest first. */
export function OutboxPanel() {
  const { t } = useTranslation();
  const account = useAccount();
  const { items } = useOutbox();
  const offline = useOffline();
  const [fixing, setFixing] = useState<OutboxItem | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const list = items ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">{t('outbox.help')}</Text>
      {offline && list.length > 0 && (
        <Alert color="gray" variant="light">
          {t('outbox.offline')}
        </Alert>
      )}
      {list.length === 0 ? (
        <Text c="dimmed">{t('outbox.empty')}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((item) => (
            <OutboxEntry
              key={item.seq}
              item={item}
              onFix={() => setFixing(item)}
              onDiscard={() => setDiscarding(item)}
            />
          ))}
        </Stack>
      )}
      {!offline && list.some((item) => item.state === 'waiting') && (
        <Group justify="flex-end">
          <Button leftSection={<IconSend size={16} />} onClick={syncOutbox} variant="light">
            {t('outbox.sendNow')}
          </Button>
        </Group>
      )}
      {fixing && <FixDialog item={fixing} onClose={() => setFixing(null)} />}
      <ConfirmDialog
        opened={discarding !== null}
        title={t('outbox.discardTitle')}
        message={t('outbox.discardBody', { label: discarding?.label ?? '' })}
        confirmLabel={t('outbox.discard')}
        focus="cancel"
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const item = discarding;
          setDiscarding(null);
          if (!item || !account) return;
          void outbox
            .discard(`${account.collection}:${account.id}`, item.seq)
            .then(() => notifications.show({ color: 'gray', message: t('outbox.discarded') }));
        }}
      />
    </Stack>
  );
}

/**
 * Fetches, while the connection is up, the code of what a person may use in the field without
 * one (the entry dialog and its fields, the timeline, confirmations, and whatever `more` adds),
 * so that it opens offline (the service worker keeps what was fetched). Once per page.
 */
let prefetched = false;
export function prefetchForOffline(more: readonly (() => Promise<unknown>)[] = []): void {
  if (prefetched || !navigator.onLine) return;
  prefetched = true;
  const modules = [
    () => import('@/components/resource/entry-dialog-open'),
    () => import('@/components/resource/timeline-thread'),
    () => import('@/components/confirm/confirm-dialog-open'),
    () => import('@/components/form/date-input'),
    () => import('@/components/form/choice-fields-open'),
    () => import('@/components/form/rich-text-editor'),
    ...more,
  ];
  for (const load of modules) void load().catch(() => {});
}

/**
 * The top bar's outbox: "3 waiting · 1.2 MB to send" (announced politely as it changes), opening
 * the outbox panel. Shown only while the outbox holds something.
 */
export function OutboxButton() {
  const { t, i18n } = useTranslation();
  const { items, waiting, refused, bytes } = useOutbox();
  const [opened, setOpened] = useState(false);
  const count = items?.length ?? 0;
  const size = formatBytes(t, bytes, i18n.language);
  const parts = [
    t('outbox.waiting', { count: waiting }),
    ...(refused > 0 ? [t('outbox.refused', { count: refused })] : []),
    ...(count > 0 ? [t('outbox.left', { size })] : []),
  ];
  const summary = parts.join(' · ');
  return (
    <>
      {/* Always in the page, so that a screen reader hears the count change. */}
      <VisuallyHidden role="status" aria-live="polite">
        {count > 0 ? summary : ''}
      </VisuallyHidden>
      {count > 0 && (
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={t('outbox.open', { summary })}
          aria-haspopup="dialog"
          data-testid="outbox-button"
          px={8}
          py={4}
          style={{
            borderRadius: 'var(--mantine-radius-xl)',
            border: `1px solid var(--mantine-color-${refused ? 'red' : 'blue'}-6)`,
            color: `var(--mantine-color-${refused ? 'red' : 'blue'}-8)`,
          }}
        >
          <Group gap={6} wrap="nowrap">
            <IconCloudUpload size={18} aria-hidden />
            {/* A phone's top bar has room for the number only; the label says it all. */}
            <Text size="sm" fw={600} hiddenFrom="sm" aria-hidden>
              {new Intl.NumberFormat(i18n.language === 'ar' ? 'ar' : 'en').format(count)}
            </Text>
            <Text size="sm" fw={600} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('outbox.waiting', { count: waiting })}
              {refused > 0 && ` · ${t('outbox.refused', { count: refused })}`}
            </Text>
            <Text size="xs" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {t('outbox.left', { size })}
            </Text>
          </Group>
        </UnstyledButton>
      )}
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position={i18n.language === 'ar' ? 'left' : 'right'}
        size="md"
        title={
          <Title order={2} fz="lg">
            {t('outbox.title')}
          </Title>
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <OutboxPanel />
      </Drawer>
    </>
  );
}
