/**
 * Generic record queries over the one client, used by the shared kit (data table, relation
 * picker) and by features for the plain cases. Area-specific operations live in
 * `features/<area>/api`.
 */
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ListResult, RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH } from '@/config/constants';
import { useSlicedQuery } from '../sliced-query';
import { pb } from '../pocketbase';
import { recordKeys } from './query-keys';

export type ListParams = {
  page: number;
  perPage: number;
  sort?: string;
  filter?: string;
  expand?: string;
  fields?: string;
};

export type FullListParams = Omit<ListParams, 'page' | 'perPage'>;

function clean<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
  ) as T;
}

export function recordListQueryOptions<T extends RecordModel = RecordModel>(
  collection: string,
  params: ListParams,
) {
  const { page, perPage, ...rest } = params;
  return queryOptions({
    queryKey: recordKeys.list(collection, clean(params)) as QueryKey,
    queryFn: () => pb.collection(collection).getList<T>(page, perPage, clean(rest)),
  });
}

/** One page of a collection; the previous page stays on screen while the next one loads. */
export function useRecordList<T extends RecordModel = RecordModel>(
  collection: string,
  params: ListParams,
  options: { enabled?: boolean } = {},
) {
  return useSlicedQuery<ListResult<T>>({
    ...recordListQueryOptions<T>(collection, params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Every matching record, fetched page by page in batches of 500. */
export function fetchFullList<T extends RecordModel = RecordModel>(
  collection: string,
  params: FullListParams = {},
): Promise<T[]> {
  return pb.collection(collection).getFullList<T>({ batch: FULL_LIST_BATCH, ...clean(params) });
}

export function fullListQueryOptions<T extends RecordModel = RecordModel>(
  collection: string,
  params: FullListParams = {},
) {
  return queryOptions({
    queryKey: recordKeys.full(collection, clean(params)) as QueryKey,
    queryFn: () => fetchFullList<T>(collection, params),
  });
}

export function useFullList<T extends RecordModel = RecordModel>(
  collection: string,
  params: FullListParams = {},
  options: { enabled?: boolean } = {},
) {
  return useSlicedQuery<T[]>({
    ...fullListQueryOptions<T>(collection, params),
    enabled: options.enabled ?? true,
  });
}

/** A list's count and the sums of its money fields, as the server computes them. */
export type RecordTotals = { count: number; sums: Record<string, number> };

export function recordTotalsQueryOptions(
  collection: string,
  params: { filter?: string; sum?: readonly string[] } = {},
) {
  const query = clean({ filter: params.filter, sum: params.sum?.join(',') });
  return queryOptions({
    // Under the collection's key: any change to its records refreshes the figures.
    queryKey: [...recordKeys.all(collection), 'totals', query] as QueryKey,
    queryFn: () =>
      pb.send<RecordTotals>(`/api/collections/${encodeURIComponent(collection)}/totals`, {
        query,
      }),
  });
}

/**
 * How many records a filter keeps and what their money fields add up to, summed by the server
 * (`GET /api/collections/:c/totals`) under the list's own access: a screen's figures without
 * fetching every page of the list.
 */
export function useRecordTotals(
  collection: string,
  params: { filter?: string; sum?: readonly string[] } = {},
  options: { enabled?: boolean } = {},
) {
  return useSlicedQuery<RecordTotals>({
    ...recordTotalsQueryOptions(collection, params),
    enabled: options.enabled ?? true,
  });
}

export function recordQueryOptions<T extends RecordModel = RecordModel>(
  collection: string,
  id: string,
  params: { expand?: string; fields?: string } = {},
) {
  return queryOptions({
    queryKey: recordKeys.detail(collection, id, clean(params)) as QueryKey,
    queryFn: () => pb.collection(collection).getOne<T>(id, clean(params)),
  });
}

export function useRecord<T extends RecordModel = RecordModel>(
  collection: string,
  id: string | undefined,
  params: { expand?: string; fields?: string } = {},
) {
  return useSlicedQuery<T>({
    ...recordQueryOptions<T>(collection, id ?? '', params),
    enabled: Boolean(id),
  });
}

/** Combines filter expressions with `&&`, skipping empty parts. */
export function andFilters(...parts: (string | null | undefined | false)[]): string {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (kept.length <= 1) return kept[0] ?? '';
  return kept.map((p) => `(${p})`).join(' && ');
}

/** Combines filter expressions with `||`, skipping empty parts. */
export function orFilters(...parts: (string | null | undefined | false)[]): string {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (kept.length <= 1) return kept[0] ?? '';
  return kept.map((p) => `(${p})`).join(' || ');
}

/** `a ~ "q" || b ~ "q"` with the search text safely quoted; empty when there is no text. */
export function searchFilter(fields: readonly string[], text: string): string {
  const q = text.trim();
  if (!q || fields.length === 0) return '';
  return fields.map((f) => pb.filter(`${f} ~ {:q}`, { q })).join(' || ');
}

/** `field = "value"`, safely quoted. */
export function equalsFilter(field: string, value: string): string {
  return pb.filter(`${field} = {:value}`, { value });
}

/** `id = "a" || id = "b"`, safely quoted. */
export function idsFilter(ids: readonly string[]): string {
  return ids.map((id) => pb.filter('id = {:id}', { id })).join(' || ');
}

/** Options of a relation picker: records whose display field contains the search text. */
export function useRecordSearch<T extends RecordModel = RecordModel>(
  collection: string,
  displayField: string,
  search: string,
  options: { filter?: string; limit?: number; enabled?: boolean } = {},
) {
  const filter = andFilters(options.filter, searchFilter([displayField], search));
  return useSlicedQuery({
    ...recordListQueryOptions<T>(collection, {
      page: 1,
      perPage: options.limit ?? 20,
      sort: displayField,
      filter,
    }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The records with these ids (to label the current value of a relation picker). */
export function useRecordsByIds<T extends RecordModel = RecordModel>(
  collection: string,
  ids: readonly string[],
) {
  const sorted = [...ids].sort();
  return useSlicedQuery({
    ...fullListQueryOptions<T>(collection, { filter: idsFilter(sorted) }),
    enabled: sorted.length > 0,
  });
}

/** The URL of a stored file (optionally a thumbnail), or null. */
export function fileUrl(
  record: { id: string; collectionId?: string; collectionName?: string },
  filename: string | null | undefined,
  thumb?: string,
): string | null {
  if (!filename) return null;
  const url = pb.files.getURL(record, filename, thumb ? { thumb } : {});
  return url || null;
}
