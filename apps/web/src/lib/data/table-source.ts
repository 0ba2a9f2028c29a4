import { PAGE_SIZE } from '@/config/constants';
import { queryClient } from '@/lib/data/query-client';
import { andFilters, recordListQueryOptions, type ListParams } from '@/lib/data/records';
import { readTableState } from './table-state';

/**
 * What a table lists, apart from the person's search, filters and page: its collection and the
 * parts of the request that never change. A list screen declares it once, in a small module of
 * its feature, and both the table and the route (which requests the first page early) read it.
 */
export type TableSource = {
  collection: string;
  /** Always applied (e.g. a monitor page's categories). */
  baseFilter?: string;
  expand?: string;
  fields?: string;
  /** The order when no column is sorted, e.g. `-created`. */
  defaultSort?: string;
  perPage?: number;
};

/** The request for one page of a table: its source, then the page, order and filters chosen. */
export function tableListParams(
  source: TableSource,
  chosen: { page: number; sort: string },
  ...filters: string[]
): ListParams {
  return {
    page: chosen.page,
    perPage: source.perPage ?? PAGE_SIZE,
    sort: chosen.sort || source.defaultSort || '-created',
    filter: andFilters(source.baseFilter, ...filters),
    expand: source.expand,
    fields: source.fields,
  };
}

/** Only an address with a page and an order, and nothing else, can be told without the screen. */
const PREDICTABLE_PARAMS = new Set(['page', 'sort']);

/**
 * Requests the page a table will show at this address, while the screen's code is still on its
 * way: on a slow line the two round trips then overlap instead of following each other. The
 * request is the table's own (same query key), so the table finds it in flight or done. An
 * address with a search or a filter is left to the table, which alone knows what they mean.
 */
export function prefetchTablePage(source: TableSource, search: URLSearchParams): void {
  for (const key of search.keys()) if (!PREDICTABLE_PARAMS.has(key)) return;
  const state = readTableState(search, []);
  void queryClient.prefetchQuery(
    recordListQueryOptions(source.collection, tableListParams(source, state)),
  );
}
