import type {
  CollectionDef,
  projectActivities,
  projectFinancialCommittees,
  projects,
  projectStaff,
  RecordOf,
} from '@app/schema';
import type { RecordModel } from 'pocketbase';

/** A record as the SDK returns it, typed from its declaration in `@app/schema`. */
type Rec<C extends CollectionDef> = RecordModel & RecordOf<C>;
type Person = RecordModel & { name: string; email?: string; employment_status?: string };

export type ProjectRecord = Rec<typeof projects> & { expand?: { manager?: Person } };

export type ActivityRecord = Rec<typeof projectActivities> & {
  expand?: { project?: ProjectRecord };
};

/** A project's or an activity's staff line (both collections share the shape). */
export type StaffRecord = Rec<typeof projectStaff> & {
  expand?: { employee?: Person; member?: Person };
};

/** A seat on a project committee (financial and purchases share the shape). */
export type CommitteeRecord = Rec<typeof projectFinancialCommittees> & {
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
