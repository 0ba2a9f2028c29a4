import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toApiDate } from '@/lib/format/date';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBER_DUES, MEMBERS, type MemberDueRecord } from '../types';

export type DueInput = {
  amount: number | null;
  /** `YYYY-MM-DD`. */
  paid_on: string | null;
  months: number | null;
  method: string | null;
  receipt_number: string;
  note: string;
};

export function dueBody(memberId: string, input: DueInput): Record<string, unknown> {
  return {
    member: memberId,
    amount: input.amount,
    paid_on: toApiDate(input.paid_on),
    months: input.months,
    method: input.method ?? '',
    receipt_number: input.receipt_number.trim(),
    note: input.note.trim(),
  };
}

/** Adds a payment (no id) or changes one; the server re-chains the periods and paid-until. */
export function saveMemberDue(
  memberId: string,
  { id, input }: { id?: string; input: DueInput },
): Promise<MemberDueRecord> {
  const body = dueBody(memberId, input);
  return id
    ? pb.collection(MEMBER_DUES).update<MemberDueRecord>(id, body)
    : pb.collection(MEMBER_DUES).create<MemberDueRecord>(body);
}

/** Refreshes the payments, the summary and the member (its paid-until moved). */
export function useInvalidateDues() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBER_DUES) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBERS) }),
    ]);
}

export function useSaveMemberDue(memberId: string) {
  const invalidate = useInvalidateDues();
  return useMutation({
    mutationFn: (args: { id?: string; input: DueInput }) => saveMemberDue(memberId, args),
    onSuccess: invalidate,
  });
}
