import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { MEMBERSHIP_TYPES } from '../types';
import { useInvalidateMembershipTypes } from './save-membership-type';

/** Refused by the server (400, naming the members) while members still have the type. */
export function useDeleteMembershipType() {
  const invalidate = useInvalidateMembershipTypes();
  return useMutation({
    mutationFn: (id: string) => pb.collection(MEMBERSHIP_TYPES).delete(id),
    onSuccess: invalidate,
  });
}
