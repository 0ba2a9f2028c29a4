import type { RecordModel } from 'pocketbase';

type Person = RecordModel & { name: string; email?: string; employment_status?: string };

export type ProjectRecord = RecordModel & {
  title: string;
  code: string;
  place: string;
  starting_date: string;
  end_date: string;
  status: string;
  manager: string;
  details: string;
  objectives: string;
  targeted_groups: string;
  context_dependant_topics: string;
  narrative_report: string;
  expand?: { manager?: Person };
};

export type ActivityRecord = RecordModel & {
  project: string;
  title: string;
  place: string;
  starting_date: string;
  end_date: string;
  audience_count: number;
  description: string;
  participants: string;
  partners: string;
  challenges: string;
  how_challenges_faced: string;
  success_stories: string;
  lessons: string;
  recommendations: string;
  expand?: { project?: ProjectRecord };
};

export type StaffRecord = RecordModel & {
  type: 'employee' | 'member';
  employee: string;
  member: string;
  position: string;
  description: string;
  expand?: { employee?: Person; member?: Person };
};

export type CommitteeRecord = RecordModel & {
  project: string;
  employee: string;
  can_create: boolean;
  can_update_status: boolean;
  expand?: { employee?: Person };
};

/** Days from start to end, both counted (a one-day workshop lasts 1 day), as the old app. */
export function durationDays(start: string, end: string): number | null {
  if (!start || !end) return null;
  const a = Date.parse(start.slice(0, 10));
  const b = Date.parse(end.slice(0, 10));
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.abs(Math.round((b - a) / 86_400_000)) + 1;
}

/** The colour of each project status. */
export const PROJECT_STATUS_COLORS = {
  Planned: 'blue',
  Active: 'green',
  Closed: 'gray',
  Cancelled: 'red',
} as const;
