import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBER_DUES, MEMBERS } from '../types';

/** Removes a member; the server removes the member's dues with it. */
export function useDeleteMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pb.collection(MEMBERS).delete(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordKeys.detail(MEMBERS, id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.lists(MEMBERS) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBER_DUES) }),
      ]);
    },
  });
}
