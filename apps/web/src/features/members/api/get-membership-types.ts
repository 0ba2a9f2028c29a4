import { useFullList } from '@/lib/data/records';
import { MEMBERSHIP_TYPES, type MembershipTypeRecord } from '../types';

/** Every membership type, by title (any signed-in account may read them). */
export function useMembershipTypes() {
  return useFullList<MembershipTypeRecord>(MEMBERSHIP_TYPES, { sort: 'title' });
}
