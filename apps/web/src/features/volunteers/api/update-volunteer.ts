import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonFormValues } from '@/components/person/person-values';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEERS, type VolunteerRecord } from '../types';
import { volunteerBody } from './create-volunteer';

export function updateVolunteer(id: string, values: PersonFormValues): Promise<VolunteerRecord> {
  return pb.collection(VOLUNTEERS).update<VolunteerRecord>(id, volunteerBody(values));
}

export function useUpdateVolunteer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PersonFormValues) => updateVolunteer(id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEERS) }),
  });
}
