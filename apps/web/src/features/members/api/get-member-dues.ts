import { equalsFilter, useFullList } from '@/lib/records';
import { MEMBER_DUES, type MemberDueRecord } from '../types';

/** Every payment of a member, latest first. */
export function useMemberDues(memberId: string) {
  return useFullList<MemberDueRecord>(MEMBER_DUES, {
    filter: equalsFilter('member', memberId),
    sort: '-paid_on,-created',
  });
}
