/**
 * The outbox panel, in its drawer: fetched when the top bar's outbox button first shows or is
 * pressed (./outbox-button.tsx), or ahead while online (./prefetch-for-offline.ts), so that it
 * opens offline. Its drawer, cards and lists (Mantine's Drawer brings the dialogs' focus trap and
 * scroll lock) would otherwise weigh on every signed-in page, which carries only the button.
 */
import { Alert, Badge, Button, Card, Drawer, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { declaredFieldLabel } from '@/components/resource/field-label';
import { formatDateTime } from '@/lib/format/date';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { OutboxItem } from '@/lib/offline/outbox';
import { outbox, syncOutbox } from '@/lib/offline/outbox-runtime';
import { isOffline, subscribeOffline } from '@/lib/offline/reachability';
import { useOutbox } from '@/lib/offline/use-outbox';
import { useAccount } from '@/lib/session';
import { changedMeanwhile, formatBytes, loadFixDialog, plainValue } from './outbox-item';

function useOffline(): boolean {
  return useSyncExternalStore(subscribeOffline, isOffline, () => false);
}

/** "Fix and resend", fetched when first needed (./outbox-fix-dialog.tsx). */
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
              data-testid="outbox-fix"
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
 * The outbox panel in its drawer, the side of the reader's end. Fetched by the button's press, it
 * mounts closed and opens a render later (`closed` in outbox-button.tsx), to give the focus back.
 */
export default function OutboxDrawer({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
  );
}
