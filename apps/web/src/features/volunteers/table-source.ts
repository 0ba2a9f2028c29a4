import type { TableSource } from '@/lib/data/table-source';

/** The volunteers list's request: read by the table and by its route, which sends it ahead. */
export const VOLUNTEERS_TABLE = {
  collection: 'volunteers',
  expand: 'skills',
  defaultSort: '-created',
} as const satisfies TableSource;
