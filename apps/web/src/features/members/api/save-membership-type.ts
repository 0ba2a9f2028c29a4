import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBERS, MEMBERSHIP_TYPES, type MembershipTypeRecord } from '../types';

export type MembershipTypeInput = {
  title: string;
  fee: number | null;
  period_months: number | null;
  description: string;
};

export function saveMembershipType({
  id,
  input,
}: {
  id?: string;
  input: MembershipTypeInput;
}): Promise<MembershipTypeRecord> {
  const body = {
    title: input.title.trim(),
    fee: input.fee ?? 0,
    period_months: input.period_months,
    description: input.description.trim(),
  };
  return id
    ? pb.collection(MEMBERSHIP_TYPES).update<MembershipTypeRecord>(id, body)
    : pb.collection(MEMBERSHIP_TYPES).create<MembershipTypeRecord>(body);
}

/** Members show their type's title and fee: refresh them too. */
export function useInvalidateMembershipTypes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBERSHIP_TYPES) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBERS) }),
    ]);
}

export function useSaveMembershipType() {
  const invalidate = useInvalidateMembershipTypes();
  return useMutation({ mutationFn: saveMembershipType, onSuccess: invalidate });
}
