import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  List,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { declaredFieldLabel } from '@/components/resource/field-label';
import { formatDateTime } from '@/lib/format/date';
import type { TFunction } from '@/lib/i18n/translator';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { OutboxItem } from '@/lib/offline/outbox';
import { outbox, syncOutbox } from '@/lib/offline/outbox-runtime';
import { isOffline, subscribeOffline } from '@/lib/offline/reachability';
import { useOutbox } from '@/lib/offline/use-outbox';
import { useAccount } from '@/lib/session';
import { changedMeanwhile, plainValue } from './outbox-item';

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

/** "Fix and resend", fetched when first needed (./outbox-fix-dialog.tsx). */
const loadFixDialog = () => import('./outbox-fix-dialog');
const FixDialog = lazy(loadFixDialog);

const STATE_COLOR = { waiting: 'blue', sending: 'teal', refused: 'red' } as const;

/**
 * What a change is about: its first short text (a subject, a beneficiary, an activity), or the
 * start of a text with no subject (a timeline reply).
 */
function summaryOf(item: OutboxItem): string {
  // 'post' before 'activity': a reply's `activity` is the activity's id, not a name.
  for (const name of ['title', 'post', 'beneficiary', 'activity', 'note', 'statement', 'place']) {
    const value = plainValue(item.body[name]);
    if (value) return value.slice(0, 120);
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
            {changedMeanwhile(item) && (
              <Text size="sm" mt={4}>
                {t('outbox.changedMeanwhile')}
              </Text>
            )}
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
      {fixing && (
        <Suspense fallback={null}>
          <FixDialog item={fixing} onClose={() => setFixing(null)} />
        </Suspense>
      )}
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
    loadFixDialog,
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
  const anyRefused = refused > 0;
  // A refusal came from the server, so the connection is up: fetch "Fix and resend" now, for
  // the moment the person opens it, perhaps offline.
  useEffect(() => {
    if (anyRefused) void loadFixDialog().catch(() => {});
  }, [anyRefused]);
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
