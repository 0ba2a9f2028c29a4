import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';

/** `GET /api/activity-monitor/:id/names`: related record id → its name, as the reader may see. */
export type RelatedNames = Record<string, string>;

/**
 * The names of the records an entry's relations point to (an advance's employee and vault).
 * Until they arrive, or when the reader may not see them, the details show the stored ids.
 */
export function useRelatedNames(activityId: string | null, collection: string | undefined) {
  return useSlicedQuery({
    queryKey: ['monitor', 'names', activityId],
    queryFn: () =>
      pb
        .send<{ names: RelatedNames }>(
          `/api/activity-monitor/${encodeURIComponent(activityId ?? '')}/names`,
          {},
        )
        .then((answer) => answer.names),
    // Sign-ins and backups concern no collection, so nothing to name.
    enabled: !!activityId && !!collection,
    staleTime: 5 * 60_000,
  });
}
