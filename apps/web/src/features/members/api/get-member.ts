import { recordQueryOptions, useRecord } from '@/lib/records';
import { MEMBERS, type MemberRecord } from '../types';

const PARAMS = { expand: 'membership_type' };

export function memberQueryOptions(id: string) {
  return recordQueryOptions<MemberRecord>(MEMBERS, id, PARAMS);
}

/** One member with its membership type. */
export function useMember(id: string | undefined) {
  return useRecord<MemberRecord>(MEMBERS, id, PARAMS);
}
