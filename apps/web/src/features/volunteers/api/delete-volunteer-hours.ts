import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { VOLUNTEER_HOURS } from '../types';
import { useInvalidateHours } from './save-volunteer-hours';

export function useDeleteVolunteerHours() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (id: string) => pb.collection(VOLUNTEER_HOURS).delete(id),
    onSuccess: invalidate,
  });
}
