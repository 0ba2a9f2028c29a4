import type { RoleRecord } from '@/lib/models';
import { useFullList } from '@/lib/data/records';

/**
 * Every role, to pick an account's roles from (./role-cards.tsx shows them). A module of its own:
 * the employee form reads the roles from its first step, and imported from role-cards.tsx it took
 * the cards and Mantine's Checkbox along, which only its account step shows.
 */
export function useRoleOptions(enabled = true) {
  return useFullList<RoleRecord>('roles', { sort: 'title' }, { enabled });
}
