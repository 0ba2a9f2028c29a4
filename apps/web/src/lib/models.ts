/**
 * Record shapes the screens read, derived from the collection declarations in `@app/schema`
 * (`RecordOf`): a field added, renamed or given new select values there changes these types.
 * Only what the declarations cannot say is written here: the `expand` of each screen's query.
 */
import {
  fieldOf,
  users as usersCollection,
  type allowanceOptions,
  type employeeOptions,
  type employees,
  type employeeTasks,
  type memberDues,
  type members,
  type membershipTypes,
  type projects,
  type RecordOf,
  type roles,
  type userActivities,
  type users,
  type volunteerHours,
  type volunteers,
  type volunteerSkills,
} from '@app/schema';
import type { RecordModel } from 'pocketbase';

/** A record as the SDK returns it, typed from its declaration. */
type Rec<C extends Parameters<typeof fieldOf>[0]> = RecordModel & RecordOf<C>;

/** `ACTIVE` | `SUSPENDED`, from the users declaration. */
export const USER_STATUSES = fieldOf(usersCollection, 'status').values;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A missing status is read as SUSPENDED (spec §3). */
export function userStatusOf(value: unknown): UserStatus {
  return value === 'ACTIVE' ? 'ACTIVE' : 'SUSPENDED';
}

export type RoleRecord = Rec<typeof roles>;

export type UserRecord = Rec<typeof users> & { expand?: { roles?: RoleRecord[] } };

export type ActivityRecord = Rec<typeof userActivities>;

export type ProjectRecord = Rec<typeof projects>;

export type EmployeeOptionRecord = Rec<typeof employeeOptions>;
/** Allowances and deductions share one declaration shape. */
export type SalaryOptionRecord = Rec<typeof allowanceOptions>;

export type EmployeeRecord = Rec<typeof employees> & {
  expand?: {
    employment_type?: EmployeeOptionRecord;
    shift?: EmployeeOptionRecord;
    employment_section?: EmployeeOptionRecord;
    employment_position?: EmployeeOptionRecord;
    qualification?: EmployeeOptionRecord;
    project?: ProjectRecord;
    allowances?: SalaryOptionRecord[];
    deductions?: SalaryOptionRecord[];
    roles?: RoleRecord[];
  };
};

export type EmployeeTaskRecord = Rec<typeof employeeTasks>;

export type MembershipTypeRecord = Rec<typeof membershipTypes>;

export type MemberRecord = Rec<typeof members> & {
  expand?: { membership_type?: MembershipTypeRecord };
};

export type MemberDueRecord = Rec<typeof memberDues>;

export type SkillRecord = Rec<typeof volunteerSkills>;

export type VolunteerRecord = Rec<typeof volunteers> & { expand?: { skills?: SkillRecord[] } };

export type VolunteerHoursRecord = Rec<typeof volunteerHours> & {
  expand?: { project?: ProjectRecord };
};
