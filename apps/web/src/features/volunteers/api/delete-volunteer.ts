import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEER_HOURS, VOLUNTEERS } from '../types';

/** Removes a volunteer; the server removes the logged hours with it. */
export function useDeleteVolunteer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pb.collection(VOLUNTEERS).delete(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordKeys.detail(VOLUNTEERS, id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.lists(VOLUNTEERS) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEER_HOURS) }),
      ]);
    },
  });
}
