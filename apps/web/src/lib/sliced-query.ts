import {
  notifyManager,
  QueryObserver,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';

/** What `useSlicedQuery` accepts: `useQuery`'s options, less the error boundary it does not do. */
export type SlicedQueryOptions<
  QueryFnData,
  Failure = Error,
  Data = QueryFnData,
  Key extends QueryKey = QueryKey,
> = Omit<UseQueryOptions<QueryFnData, Failure, Data, Key>, 'throwOnError'>;

/**
 * `useQuery` whose answers React renders as transitions: what the screens' data hooks use.
 *
 * TanStack Query's own `useQuery` hands answers to React through `useSyncExternalStore`, whose
 * updates React always renders at once, in one task the browser cannot interrupt. When the
 * component that asked is a page (a list and its filters' choices, a record and its tabs), the
 * whole page renders again in that task: on a slow phone, a few hundred milliseconds in which a
 * tap or a key waits. Here the component subscribes itself and renders the answer as a
 * transition instead: React works in slices of a few milliseconds, lets the browser answer the
 * person in between, and commits once.
 *
 * The rest is `useQuery`'s (the observer, the optimistic "fetching" result before the first
 * subscription, the options set after each render, the tracking of the result's properties that
 * the component reads, so that it renders again only when one of those changes). Not supported:
 * suspense and `throwOnError`, which the app does not use.
 */
export function useSlicedQuery<
  QueryFnData,
  Failure = Error,
  Data = QueryFnData,
  Key extends QueryKey = QueryKey,
>(options: SlicedQueryOptions<QueryFnData, Failure, Data, Key>): UseQueryResult<Data, Failure> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  // As in `useQuery`: before the first subscription starts the fetch, the result already says
  // "fetching", so the first render shows the skeleton, not an empty state.
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(
    () => new QueryObserver<QueryFnData, Failure, Data, QueryFnData, Key>(client, defaulted),
  );
  const result = observer.getOptimisticResult(defaulted);
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    const unsubscribe = observer.subscribe(
      notifyManager.batchCalls(() => startTransition(renderAgain)),
    );
    // An answer that came between the render and this subscription is not missed.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);

  return defaulted.notifyOnChangeProps ? result : observer.trackResult(result);
}
