import type { RecordModel } from 'pocketbase';
import type { PersonRecordFields } from '@/components/person/person-values';

export const VOLUNTEERS = 'volunteers';
export const VOLUNTEER_HOURS = 'volunteer_hours';
export const VOLUNTEER_SKILLS = 'volunteer_skills';

export type SkillRecord = RecordModel & {
  title: string;
  description: string;
  created: string;
  updated: string;
};

export type VolunteerRecord = RecordModel &
  PersonRecordFields & {
    status: string;
    skills: string[];
    availability: string[];
    created: string;
    updated: string;
    expand?: { skills?: SkillRecord[] };
  };

export type ProjectRef = RecordModel & { title: string };

export type HoursRecord = RecordModel & {
  volunteer: string;
  date: string;
  hours: number;
  project: string;
  activity: string;
  note: string;
  created: string;
  expand?: { project?: ProjectRef };
};

/** `GET /api/hr/volunteers/:id/hours-summary`. */
export type HoursSummary = {
  totalHours: number;
  entries: number;
  thisYearHours: number;
  byProject: { project: string; title: string; hours: number }[];
};
