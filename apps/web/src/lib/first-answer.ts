import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A query's first answer, rendered in slices. TanStack Query hands answers to React through
 * `useSyncExternalStore`, whose updates React renders in one blocking task: the part of the
 * screen that an answer fills in (a table's rows, the dashboard's figures) then holds up a slow
 * phone for a few hundred milliseconds. While the screen shows its skeleton (no data yet, or
 * none for the new question), this keeps returning that skeleton's result and lets React render
 * the answer as a transition, in slices of a few milliseconds with the browser free in between.
 * An answer that replaces data already on screen (another page, a refetch) is returned at once,
 * as before: deferring it would render the screen twice.
 */
export function useFirstAnswerInSlices<Result extends { data: unknown }>(result: Result): Result {
  const deferred = useDeferredValue(result);
  return deferred.data === undefined && result.data !== undefined ? deferred : result;
}

/** `useQuery` whose answers go through `useFirstAnswerInSlices`: what screens' data hooks use. */
export function useSlicedQuery<
  QueryFnData,
  Failure = Error,
  Data = QueryFnData,
  Key extends QueryKey = QueryKey,
>(options: UseQueryOptions<QueryFnData, Failure, Data, Key>): UseQueryResult<Data, Failure> {
  return useFirstAnswerInSlices(useQuery(options));
}
