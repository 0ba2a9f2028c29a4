import type { TableSource } from '@/lib/data/table-source';

/** The users list's request: read by the table and by its route, which sends it ahead. */
export const USERS_TABLE = { collection: 'users', expand: 'roles' } as const satisfies TableSource;
