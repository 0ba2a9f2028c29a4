import {
  InfiniteQueryObserver,
  notifyManager,
  QueryObserver,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';
import { inOwnTask } from './own-task';

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
  return useObservedInTransitions(options as QueryObserverOptions, QueryObserver) as UseQueryResult<
    Data,
    Failure
  >;
}

/** `useInfiniteQuery` ("Load more") whose answers React renders as transitions, as above. */
export function useSlicedInfiniteQuery<
  QueryFnData,
  Failure = Error,
  Data = InfiniteData<QueryFnData>,
  Key extends QueryKey = QueryKey,
  PageParam = unknown,
>(
  options: Omit<
    UseInfiniteQueryOptions<QueryFnData, Failure, Data, Key, PageParam>,
    'throwOnError'
  >,
): UseInfiniteQueryResult<Data, Failure> {
  return useObservedInTransitions(
    options as QueryObserverOptions,
    InfiniteQueryObserver as typeof QueryObserver,
  ) as UseInfiniteQueryResult<Data, Failure>;
}

/** The shared part: TanStack's observer, with the component's own transition subscription. */
function useObservedInTransitions(
  options: QueryObserverOptions,
  Observer: typeof QueryObserver,
): QueryObserverResult {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  // As in `useQuery`: before the first subscription starts the fetch, the result already says
  // "fetching", so the first render shows the skeleton, not an empty state.
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new Observer(client, defaulted));
  const result = observer.getOptimisticResult(defaulted);
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    // Subscribing starts the request, which costs a few milliseconds (the client builds it, the
    // browser opens it). A screen asks several questions at once, and React mounts them all in
    // one task: each subscribes in a task of its own instead (lib/own-task.ts).
    let unsubscribe: (() => void) | undefined;
    const cancel = inOwnTask(() => {
      unsubscribe = observer.subscribe(
        notifyManager.batchCalls(() => startTransition(renderAgain)),
      );
      // An answer that came between the render and this subscription is not missed.
      observer.updateResult();
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [observer]);

  return defaulted.notifyOnChangeProps ? result : observer.trackResult(result);
}
