import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toApiDate } from '@/lib/format/date';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEER_HOURS, type HoursRecord } from '../types';

export type HoursInput = {
  /** `YYYY-MM-DD`. */
  date: string | null;
  hours: number | null;
  project: string | null;
  activity: string;
  note: string;
};

export function hoursBody(volunteerId: string, input: HoursInput): Record<string, unknown> {
  return {
    volunteer: volunteerId,
    date: toApiDate(input.date),
    hours: input.hours,
    project: input.project ?? '',
    activity: input.activity.trim(),
    note: input.note.trim(),
  };
}

/** Logs hours (no id) or changes an entry. */
export function saveVolunteerHours(
  volunteerId: string,
  { id, input }: { id?: string; input: HoursInput },
): Promise<HoursRecord> {
  const body = hoursBody(volunteerId, input);
  return id
    ? pb.collection(VOLUNTEER_HOURS).update<HoursRecord>(id, body)
    : pb.collection(VOLUNTEER_HOURS).create<HoursRecord>(body);
}

export function useInvalidateHours() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEER_HOURS) });
}

export function useSaveVolunteerHours(volunteerId: string) {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (args: { id?: string; input: HoursInput }) => saveVolunteerHours(volunteerId, args),
    onSuccess: invalidate,
  });
}
