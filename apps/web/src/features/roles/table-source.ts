import type { TableSource } from '@/components/data-table/table-source';

/** The roles list's request: read by the table and by its route, which sends it ahead. */
export const ROLES_TABLE = { collection: 'roles' } as const satisfies TableSource;
