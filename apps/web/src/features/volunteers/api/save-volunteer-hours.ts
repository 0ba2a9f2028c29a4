import { toApiDate } from '@/lib/format/date';

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
