export const VOLUNTEERS = 'volunteers';
export const VOLUNTEER_HOURS = 'volunteer_hours';
export const VOLUNTEER_SKILLS = 'volunteer_skills';

// The records, derived from the declarations (see @/lib/models).
export type {
  SkillRecord,
  VolunteerRecord,
  ProjectRecord as ProjectRef,
  VolunteerHoursRecord as HoursRecord,
} from '@/lib/models';

/** `GET /api/hr/volunteers/:id/hours-summary`. */
export type HoursSummary = {
  totalHours: number;
  entries: number;
  thisYearHours: number;
  byProject: { project: string; title: string; hours: number }[];
};
