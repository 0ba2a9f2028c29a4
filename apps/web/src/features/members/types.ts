export const MEMBERS = 'members';
export const MEMBER_DUES = 'member_dues';
export const MEMBERSHIP_TYPES = 'membership_types';

// The records, derived from the declarations (see @/lib/models).
export type { MembershipTypeRecord, MemberRecord, MemberDueRecord } from '@/lib/models';

/** `GET /api/hr/members/:id/dues-summary`. */
export type DuesSummary = {
  totalPaid: number;
  payments: number;
  lastPaidOn: string;
  paidUntil: string;
  lapsed: boolean;
};
