import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { MEMBER_DUES } from '../types';
import { useInvalidateDues } from './save-member-due';

export function useDeleteMemberDue() {
  const invalidate = useInvalidateDues();
  return useMutation({
    mutationFn: (id: string) => pb.collection(MEMBER_DUES).delete(id),
    onSuccess: invalidate,
  });
}
