import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListResult, RecordModel } from 'pocketbase';
import { useTranslation } from '@/lib/i18n/use-translation';
import { isQueued, saveOrQueue, type Queued } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { equalsFilter, useFullList } from '@/lib/data/records';
import { useSlicedInfiniteQuery, useSlicedQuery } from '@/lib/sliced-query';

/** Refreshes everything cached about these collections. */
export function useRefreshCollections(collections: readonly string[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      collections.map((collection) =>
        queryClient.invalidateQueries({ queryKey: recordKeys.all(collection) }),
      ),
    );
}

export type SaveArgs = { id?: string; body: Record<string, unknown> | FormData };

/** A save that may wait in the outbox: what the outbox shows of it. */
export type QueueAs = {
  /** The change's name in the outbox (the form's title). */
  label: string;
  /** The labels of its fields, for "Fix and resend". */
  texts?: Record<string, string>;
  /**
   * For an update: the record's `updated` as the form showed it. A queued change is refused if
   * someone changed the record before it is sent (If-Match, docs/offline.md).
   */
  version?: string;
};

/**
 * Creates (no id) or updates a record of `collection`, then refreshes it and the collections
 * that show its values (`alsoRefresh`, e.g. the people who show an option's title).
 */
export function useSaveRecord<T extends RecordModel = RecordModel>(
  collection: string,
  alsoRefresh: readonly string[] = [],
) {
  const refresh = useRefreshCollections([collection, ...alsoRefresh]);
  return useMutation({
    mutationFn: ({ id, body }: SaveArgs) =>
      id
        ? pb.collection(collection).update<T>(id, body)
        : pb.collection(collection).create<T>(body),
    onSuccess: refresh,
  });
}

/**
 * useSaveRecord for the changes a person makes in the field (a timeline post, hours, an
 * activity's report, an expense): without a connection the change waits in the outbox
 * (lib/offline/outbox-runtime.ts) and the mutation answers `Queued` (see `isQueued`); the
 * person is told so. Photos are made smaller before they are sent or wait.
 */
export function useSaveOrQueue<T extends RecordModel = RecordModel>(
  collection: string,
  alsoRefresh: readonly string[] = [],
) {
  const { t } = useTranslation();
  const refresh = useRefreshCollections([collection, ...alsoRefresh]);
  return useMutation({
    // Runs offline too (TanStack Query would hold it until the browser is online): queueing
    // it is its work then.
    networkMode: 'always',
    mutationFn: ({ id, body, queueAs }: SaveArgs & { queueAs: QueueAs }): Promise<T | Queued> =>
      body instanceof FormData
        ? id
          ? pb.collection(collection).update<T>(id, body)
          : pb.collection(collection).create<T>(body)
        : saveOrQueue<T>({
            collection,
            recordId: id,
            version: queueAs.version,
            body,
            label: queueAs.label,
            texts: queueAs.texts,
            refresh: [...alsoRefresh],
          }),
    onSuccess: (saved) => {
      if (isQueued(saved))
        notifications.show({ color: 'blue', message: t('outbox.queued'), autoClose: 8000 });
      else return refresh();
    },
  });
}

/** Deletes a record of `collection`; the server's refusal is the mutation's error. */
export function useRemoveRecord(collection: string, alsoRefresh: readonly string[] = []) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCollections([collection, ...alsoRefresh]);
  return useMutation({
    mutationFn: (id: string) => pb.collection(collection).delete(id),
    onSuccess: (_, id) => {
      // Gone: its page must not ask for it again while the app leaves it.
      queryClient.removeQueries({ queryKey: [...recordKeys.all(collection), 'detail', id] });
      return refresh();
    },
  });
}

/** Every record of `collection` that points at one parent (a member's dues, a volunteer's hours). */
export function useChildRecords<T extends RecordModel>(
  collection: string,
  parentField: string,
  parentId: string,
  options: { sort: string; expand?: string },
) {
  return useFullList<T>(collection, { filter: equalsFilter(parentField, parentId), ...options });
}

/**
 * Figures the server sums over a parent's children (`GET path`), cached under the children's
 * key so that any change to them refreshes the figures.
 */
export function useChildSummary<S>(childCollection: string, parentId: string, path: string) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all(childCollection), 'summary', parentId],
    queryFn: () => pb.send<S>(path, {}),
  });
}

/**
 * The records that point at one parent, `perPage` at a time ("Load more"): a list too long to
 * fetch whole (an employee's tasks).
 */
export function useChildPages<T extends RecordModel>(
  collection: string,
  parentField: string,
  parentId: string,
  options: { sort: string; expand?: string; perPage: number },
) {
  const { perPage, ...query } = options;
  return useSlicedInfiniteQuery({
    queryKey: [...recordKeys.all(collection), 'pages', parentField, parentId, query.sort],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      pb.collection(collection).getList<T>(pageParam, perPage, {
        filter: equalsFilter(parentField, parentId),
        ...query,
      }),
    getNextPageParam: (last: ListResult<T>) =>
      last.page < last.totalPages ? last.page + 1 : undefined,
  });
}
