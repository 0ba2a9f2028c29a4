import type { TableSource } from '@/components/data-table/table-source';

/** The volunteers list's request: read by the table and by its route, which sends it ahead. */
export const VOLUNTEERS_TABLE = {
  collection: 'volunteers',
  expand: 'skills',
  defaultSort: '-created',
} as const satisfies TableSource;
