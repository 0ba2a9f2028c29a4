/**
 * Record shapes of the employees area, following `employees`, `employee_options`,
 * `employee_tasks`, `allowance_options` and `deduction_options` in `@app/schema`.
 */
import type {
  EMPLOYEE_OPTION_KINDS,
  EMPLOYMENT_STATUSES,
  MARITAL_STATUSES,
  SEXES,
} from '@app/schema';

export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export type Sex = (typeof SEXES)[number];
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type EmployeeOptionKind = (typeof EMPLOYEE_OPTION_KINDS)[number];

// The records, derived from the declarations (see @/lib/models).
export type {
  EmployeeOptionRecord as EmployeeOption,
  SalaryOptionRecord as SalaryOption,
  ProjectRecord as ProjectSummary,
  EmployeeRecord,
  EmployeeTaskRecord as EmployeeTask,
} from '@/lib/models';
