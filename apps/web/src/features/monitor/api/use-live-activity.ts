import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';

const COLLECTION = 'user_activities';

/** Refreshes the monitor lists when the server announces a new audit record (realtime). */
export function useLiveActivity(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    let unsubscribe: (() => Promise<void>) | undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    pb.collection(COLLECTION)
      .subscribe('*', () => {
        // Several records often arrive together: refresh once.
        clearTimeout(timer);
        timer = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: recordKeys.lists(COLLECTION) }),
          300,
        );
      })
      .then((fn) => {
        if (cancelled) void fn();
        else unsubscribe = fn;
      })
      .catch(() => {
        // Realtime is a convenience; the list still works without it.
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      void unsubscribe?.();
    };
  }, [enabled, queryClient]);
}
