import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { formatRelative } from '@/lib/format/date';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';

type NotificationRecord = RecordModel & {
  title: string;
  body: string;
  link: string;
  read: boolean;
};

const NOTIFICATIONS = 'notifications';
/** How many of the newest the bell lists. */
const SHOWN = 15;

/** The account's newest notifications and how many are unread (the server shows each only its own). */
function useNotifications() {
  return useQuery({
    queryKey: [...recordKeys.lists(NOTIFICATIONS), 'bell'],
    queryFn: async () => {
      const [newest, unread] = await Promise.all([
        pb.collection(NOTIFICATIONS).getList<NotificationRecord>(1, SHOWN, { sort: '-created' }),
        pb.collection(NOTIFICATIONS).getList(1, 1, { filter: 'read = false', skipTotal: false }),
      ]);
      return { items: newest.items, unread: unread.totalItems };
    },
    refetchInterval: 120_000,
  });
}

/** New notifications arrive over realtime; the bell refreshes and announces them. */
function useLiveNotifications(onArrive: (title: string) => void) {
  const queryClient = useQueryClient();
  // The latest callback, without subscribing again on every render.
  const arrive = useRef(onArrive);
  useEffect(() => {
    arrive.current = onArrive;
  });
  useEffect(() => {
    let unsubscribe: (() => Promise<void>) | undefined;
    let cancelled = false;
    pb.collection(NOTIFICATIONS)
      .subscribe<NotificationRecord>('*', (event) => {
        void queryClient.invalidateQueries({ queryKey: recordKeys.lists(NOTIFICATIONS) });
        if (event.action === 'create') arrive.current(event.record.title);
      })
      .then((fn) => {
        if (cancelled) void fn();
        else unsubscribe = fn;
      })
      .catch(() => {
        // Realtime is a convenience: the bell still refreshes on its own.
      });
    return () => {
      cancelled = true;
      void unsubscribe?.();
    };
  }, [queryClient]);
}

/**
 * The bell in the top bar: the unread count, the newest notifications (a request waiting for the
 * account's committee, a status that moved), each opening its page and marked read when opened.
 */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const notifications = useNotifications();
  useLiveNotifications((title) => setAnnouncement(t('topbar.notifications.arrived', { title })));
  const unread = notifications.data?.unread ?? 0;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: recordKeys.lists(NOTIFICATIONS) });

  const open = async (n: NotificationRecord) => {
    setOpened(false);
    if (!n.read)
      await pb
        .collection(NOTIFICATIONS)
        .update(n.id, { read: true })
        .catch(() => {});
    void refresh();
    if (n.link.startsWith('/')) void navigate(n.link);
  };
  const markAll = async () => {
    setBusy(true);
    try {
      const unreadItems = await pb
        .collection(NOTIFICATIONS)
        .getFullList<NotificationRecord>({ filter: 'read = false', batch: 200 });
      for (const n of unreadItems) await pb.collection(NOTIFICATIONS).update(n.id, { read: true });
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : unread}
        size={16}
        color="red"
        offset={4}
      >
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          width={340}
          shadow="md"
          withinPortal
          trapFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setOpened((o) => !o)}
              aria-label={t('topbar.notifications.label', { count: unread })}
              data-testid="notifications-bell"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs" aria-label={t('topbar.notifications.title')} role="dialog">
            <Group justify="space-between" px={4} mb={6}>
              <Text fw={700} size="sm">
                {t('topbar.notifications.title')}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconChecks size={14} />}
                disabled={unread === 0}
                loading={busy}
                onClick={() => void markAll()}
              >
                {t('topbar.notifications.markAll')}
              </Button>
            </Group>
            {notifications.isError ? (
              <Text size="sm" c="red" px={4} role="alert">
                {t('topbar.notifications.failed')}
              </Text>
            ) : !notifications.data ? (
              <Text size="sm" px={4}>
                {t('common.loading')}
              </Text>
            ) : notifications.data.items.length === 0 ? (
              <Text size="sm" px={4} py="sm">
                {t('topbar.notifications.empty')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={360}>
                <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {notifications.data.items.map((n) => (
                    <li key={n.id}>
                      <UnstyledButton
                        onClick={() => void open(n)}
                        w="100%"
                        p={8}
                        style={{
                          borderRadius: 8,
                          background: n.read ? undefined : 'var(--mantine-color-brand-light)',
                        }}
                        data-testid="notification"
                      >
                        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                          <Text
                            size="sm"
                            fw={n.read ? 400 : 700}
                            style={{ unicodeBidi: 'plaintext' }}
                          >
                            {n.title}
                          </Text>
                          {!n.read && (
                            <Badge size="xs" variant="filled" color="brand">
                              {t('topbar.notifications.new')}
                            </Badge>
                          )}
                        </Group>
                        {n.body && (
                          <Text size="xs" c="gray.7" style={{ unicodeBidi: 'plaintext' }}>
                            {n.body}
                          </Text>
                        )}
                        <Text size="xs" c="gray.7">
                          {formatRelative(n.created, { locale: i18n.language })}
                        </Text>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Popover.Dropdown>
        </Popover>
      </Indicator>
    </>
  );
}
