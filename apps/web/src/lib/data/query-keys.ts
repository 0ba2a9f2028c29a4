/**
 * Query keys of records: `['records', collection, ...]`, so that a change to a collection
 * invalidates everything about it with the `['records', collection]` prefix.
 */
export const recordKeys = {
  all: (collection: string) => ['records', collection] as const,
  lists: (collection: string) => ['records', collection, 'list'] as const,
  list: (collection: string, params: object) => ['records', collection, 'list', params] as const,
  full: (collection: string, params: object) => ['records', collection, 'full', params] as const,
  detail: (collection: string, id: string, params: object = {}) =>
    ['records', collection, 'detail', id, params] as const,
};
