/** The table's state lives in the URL search params, so a list can be linked and reloaded. */
export type TableState = {
  page: number;
  /** `field` ascending, `-field` descending, '' for the default order. */
  sort: string;
  q: string;
  filters: Record<string, string>;
};

function name(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

export function readTableState(
  params: URLSearchParams,
  filterKeys: readonly string[],
  prefix = '',
): TableState {
  const page = Number.parseInt(params.get(name(prefix, 'page')) ?? '1', 10);
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(name(prefix, key));
    if (value) filters[key] = value;
  }
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    sort: params.get(name(prefix, 'sort')) ?? '',
    q: params.get(name(prefix, 'q')) ?? '',
    filters,
  };
}

/** A copy of `params` with the changes applied; empty values and page 1 are left out. */
export function writeTableState(
  params: URLSearchParams,
  changes: Partial<TableState>,
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | undefined) => {
    const k = name(prefix, key);
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1))
      next.delete(k);
    else next.set(k, String(value));
  };
  if ('page' in changes) set('page', changes.page);
  if ('sort' in changes) set('sort', changes.sort);
  if ('q' in changes) set('q', changes.q);
  if (changes.filters) for (const [key, value] of Object.entries(changes.filters)) set(key, value);
  return next;
}

/** Clicking a sortable header: ascending, then descending, then back to the default order. */
export function nextSort(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return '';
  return field;
}

export function sortDirection(current: string, field: string): 'ascending' | 'descending' | 'none' {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return 'none';
}
