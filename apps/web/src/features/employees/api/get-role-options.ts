import type { RoleRecord } from '@/lib/models';
import { useFullList } from '@/lib/records';

/** Every role, to pick an employee's roles from. */
export function useRoleOptions(enabled = true) {
  return useFullList<RoleRecord>('roles', { sort: 'title' }, { enabled });
}
