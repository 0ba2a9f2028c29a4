import type { TableSource } from '@/lib/data/table-source';

/** The employees list's request: read by the table and by its route, which sends it ahead. */
export const EMPLOYEES_TABLE = {
  collection: 'employees',
  expand: 'employment_position,employment_section,employment_type,project',
  defaultSort: '-created',
} as const satisfies TableSource;
