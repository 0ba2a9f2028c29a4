import type { TableSource } from '@/lib/data/table-source';

/** The members list's request: read by the table and by its route, which sends it ahead. */
export const MEMBERS_TABLE = {
  collection: 'members',
  expand: 'membership_type',
  defaultSort: '-created',
} as const satisfies TableSource;
