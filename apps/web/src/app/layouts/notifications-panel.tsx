import { Badge, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatRelative } from '@/lib/format/date';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useOpenedOnArrival, type PopupProps } from '@/lib/on-demand';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import {
  NOTIFICATIONS,
  type BellNotifications,
  type NotificationRecord,
} from './notifications-bell';

type NotificationsPanelProps = PopupProps & { notifications: BellNotifications; unread: number };

/** The bell's panel, fetched on its first opening (notifications-bell.tsx). */
export default function NotificationsPanel({
  notifications,
  unread,
  button,
}: NotificationsPanelProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { target, opened, setOpened } = useOpenedOnArrival();
  const [busy, setBusy] = useState(false);
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
        {button({ ref: target, onClick: () => setOpened((o) => !o) })}
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
          // The browser's own scrolling, as the sidebar's: Mantine's ScrollArea would add
          // about 5 KB to every signed-in page for this one list.
          <div className="bell-scroll">
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
                      <Text size="sm" fw={n.read ? 400 : 700} style={{ unicodeBidi: 'plaintext' }}>
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
          </div>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
