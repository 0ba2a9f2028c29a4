import type { RecordModel } from 'pocketbase';
import type { PersonRecordFields } from '@/components/person/person-values';

export const MEMBERS = 'members';
export const MEMBER_DUES = 'member_dues';
export const MEMBERSHIP_TYPES = 'membership_types';

export type MembershipTypeRecord = RecordModel & {
  title: string;
  fee: number | null;
  period_months: number;
  description: string;
  created: string;
  updated: string;
};

export type MemberRecord = RecordModel &
  PersonRecordFields & {
    /** Given by the server (`M-00001`). */
    membership_number: string;
    membership_status: string;
    membership_type: string;
    /** Set by the server from the dues paid. */
    paid_until: string;
    created: string;
    updated: string;
    expand?: { membership_type?: MembershipTypeRecord };
  };

export type MemberDueRecord = RecordModel & {
  member: string;
  amount: number;
  paid_on: string;
  months: number;
  /** Set by the server: payments are laid end to end. */
  period_start: string;
  period_end: string;
  method: string;
  receipt_number: string;
  note: string;
  created: string;
};

/** `GET /api/hr/members/:id/dues-summary`. */
export type DuesSummary = {
  totalPaid: number;
  payments: number;
  lastPaidOn: string;
  paidUntil: string;
  lapsed: boolean;
};
