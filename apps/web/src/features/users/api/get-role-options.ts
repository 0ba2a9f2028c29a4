import { useFullList } from '@/lib/records';
import type { RoleRecord } from '@/lib/models';

/** Every role, to pick a user's roles from. */
export function useRoleOptions() {
  return useFullList<RoleRecord>('roles', { sort: 'title' });
}
