import type { PersonKind } from '@/components/person/person-kind';
import { memberDisplayStatus } from './member-status';
import { MEMBER_DUES, type MemberRecord } from './types';

/** Members among the kinds of person: what each of their screens reads. */
export const membersKind: PersonKind<MemberRecord> = {
  collection: 'members',
  one: 'member',
  expand: 'membership_type',
  // The status decides whether the member is lapsed: the dues summary follows it.
  alsoRefresh: [MEMBER_DUES],
  status: memberDisplayStatus,
};
