import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { popupOnDemand, type OpenerProps } from '@/lib/on-demand';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { useSlicedQuery } from '@/lib/sliced-query';

export type NotificationRecord = RecordModel & {
  title: string;
  body: string;
  link: string;
  read: boolean;
};

export const NOTIFICATIONS = 'notifications';
/** How many of the newest the bell lists. */
const SHOWN = 15;

/** The account's newest notifications and how many are unread (the server shows each only its own). */
function useNotifications() {
  return useSlicedQuery({
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

/** The bell's list, as the panel gets it. */
export type BellNotifications = UseQueryResult<{ items: NotificationRecord[]; unread: number }>;

// The panel (Mantine's Popover, its positioning and focus trap) comes with its first opening.
const NotificationsPanel = popupOnDemand<{ notifications: BellNotifications; unread: number }>(
  'dialog',
  () => import('./notifications-panel'),
);

/**
 * The bell in the top bar: the unread count, the newest notifications (a request waiting for the
 * account's committee, a status that moved), each opening its page and marked read when opened.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const notifications = useNotifications();
  useLiveNotifications((title) => setAnnouncement(t('topbar.notifications.arrived', { title })));
  const unread = notifications.data?.unread ?? 0;
  const button = (opener: Partial<OpenerProps>) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('topbar.notifications.label', { count: unread })}
      data-testid="notifications-bell"
      {...opener}
    >
      <IconBell size={20} />
    </ActionIcon>
  );

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
        <NotificationsPanel notifications={notifications} unread={unread} button={button} />
      </Indicator>
    </>
  );
}
