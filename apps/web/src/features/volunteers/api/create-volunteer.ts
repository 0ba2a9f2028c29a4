import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personBody, type PersonFormValues } from '@/components/person/person-values';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEERS, type VolunteerRecord } from '../types';

/** The body of a new or changed volunteer. */
export function volunteerBody(values: PersonFormValues): Record<string, unknown> {
  return {
    ...personBody(values),
    status: values.status ?? '',
    skills: values.skills,
    availability: values.availability,
  };
}

export function createVolunteer(values: PersonFormValues): Promise<VolunteerRecord> {
  return pb.collection(VOLUNTEERS).create<VolunteerRecord>(volunteerBody(values));
}

export function useCreateVolunteer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVolunteer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEERS) }),
  });
}
