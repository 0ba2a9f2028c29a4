import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personBody, type PersonFormValues } from '@/components/person/person-values';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBERS, type MemberRecord } from '../types';

/** The body of a new or changed member (number and paid-until are the server's). */
export function memberBody(values: PersonFormValues): Record<string, unknown> {
  return {
    ...personBody(values),
    membership_status: values.status ?? '',
    membership_type: values.membership_type ?? '',
  };
}

/** The server names the status `membership_status`; the form calls it `status`. */
export function memberFieldErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    result[field === 'membership_status' ? 'status' : field] = message;
  }
  return result;
}

export function createMember(values: PersonFormValues): Promise<MemberRecord> {
  return pb.collection(MEMBERS).create<MemberRecord>(memberBody(values));
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBERS) }),
  });
}
