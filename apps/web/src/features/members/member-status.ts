import type { DisplayStatus } from '@/components/person/person-values';
import { parseDate } from '@/lib/format/date';

/** Active members whose dues ran out before today (the list's "Lapsed" filter). */
export const LAPSED_FILTER =
  'membership_status = "Active" && paid_until != "" && paid_until < @todayStart';

/** Active members who are not lapsed. */
export const ACTIVE_NOT_LAPSED_FILTER =
  'membership_status = "Active" && (paid_until = "" || paid_until >= @todayStart)';

/**
 * An Active member whose paid-until date is before today is "Lapsed"; the stored status stays
 * as people set it (the server computes the same in its dues summary).
 */
export function isLapsed(
  member: { membership_status: string; paid_until: string },
  now: Date = new Date(),
): boolean {
  if (member.membership_status !== 'Active') return false;
  const paidUntil = parseDate(member.paid_until);
  if (!paidUntil) return false;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return paidUntil.valueOf() < today.valueOf();
}

/** The status a list or a profile shows. */
export function memberDisplayStatus(
  member: { membership_status: string; paid_until: string },
  now?: Date,
): DisplayStatus | '' {
  if (isLapsed(member, now)) return 'Lapsed';
  const s = member.membership_status;
  return s === 'Active' || s === 'Suspended' || s === 'Resigned' ? s : '';
}
