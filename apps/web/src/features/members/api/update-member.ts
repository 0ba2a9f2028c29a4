import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonFormValues } from '@/components/person/person-values';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBER_DUES, MEMBERS, type MemberRecord } from '../types';
import { memberBody } from './create-member';

export function updateMember(id: string, values: PersonFormValues): Promise<MemberRecord> {
  return pb.collection(MEMBERS).update<MemberRecord>(id, memberBody(values));
}

export function useUpdateMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PersonFormValues) => updateMember(id, values),
    // The status decides whether the member is lapsed: refresh the dues summary too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBERS) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBER_DUES) }),
      ]),
  });
}
