import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatDateTime } from '@/lib/format/date';
import { useTranslation } from '@/lib/i18n/use-translation';
import { keptQuery } from '@/lib/offline/query-store';
import { isOffline, subscribeOffline } from '@/lib/offline/reachability';

/** Online; offline with a part of the screen never kept; offline with no record on the screen. */
const ONLINE = -1;
const NOTHING_KEPT = -2;
const NO_RECORDS = 0;

/**
 * What the screen shows while offline: `ONLINE`, or the time of its oldest answer on display
 * (ms), or why there is none.
 */
function offlineState(client: QueryClient): number {
  if (!isOffline()) return ONLINE;
  let oldest = Infinity;
  let waiting = false;
  for (const query of client.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || !keptQuery(query.queryKey)) continue;
    if (query.state.data === undefined) waiting = true;
    else oldest = Math.min(oldest, query.state.dataUpdatedAt);
  }
  // A part of the screen that has nothing kept says more than the time of the others.
  if (waiting) return NOTHING_KEPT;
  return oldest === Infinity ? NO_RECORDS : oldest;
}

/**
 * The banner over every signed-in screen while there is no connection: "Offline: shown as of
 * <time>" (the oldest answer on the screen), or that (some of) this screen was never kept.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => {
      const stopCache = client.getQueryCache().subscribe(listener);
      const stopOffline = subscribeOffline(listener);
      return () => {
        stopCache();
        stopOffline();
      };
    },
    [client],
  );
  const state = useSyncExternalStore(subscribe, () => offlineState(client));
  if (state === ONLINE) return null;
  // The time is kept whole and left to right (an Arabic line would break it at its dash).
  const text =
    state === NOTHING_KEPT ? (
      t('offline.nothingKept')
    ) : state === NO_RECORDS ? (
      t('offline.noConnection')
    ) : (
      <>
        {t('offline.shownAsOf')}{' '}
        <time dateTime={new Date(state).toISOString()} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(state)}
        </time>
      </>
    );
  return (
    <Alert
      role="status"
      color="orange"
      variant="light"
      mb="md"
      icon={<IconCloudOff size={20} aria-hidden="true" />}
      data-testid="offline-banner"
    >
      {text}
    </Alert>
  );
}
