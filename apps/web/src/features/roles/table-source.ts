import type { TableSource } from '@/lib/data/table-source';

/** The roles list's request: read by the table and by its route, which sends it ahead. */
export const ROLES_TABLE = { collection: 'roles' } as const satisfies TableSource;
