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
import type { RecordModel } from 'pocketbase';
import type { RoleRecord } from '@/lib/models';

export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export type Sex = (typeof SEXES)[number];
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type EmployeeOptionKind = (typeof EMPLOYEE_OPTION_KINDS)[number];

export type EmployeeOption = RecordModel & {
  kind: EmployeeOptionKind;
  title: string;
  description: string;
};

export type SalaryOption = RecordModel & {
  title: string;
  amount: number;
  description: string;
};

export type ProjectSummary = RecordModel & {
  title: string;
  place: string;
  starting_date: string;
  end_date: string;
};

export type EmployeeRecord = RecordModel & {
  name: string;
  email?: string;
  avatar: string;
  sex: Sex | '';
  birth_date: string;
  marital_status: MaritalStatus | '';
  number_of_children: number;
  address: string;
  phone_numbers: string[] | null;
  employment_type: string;
  shift: string;
  project: string;
  employment_section: string;
  employment_position: string;
  qualification: string;
  specialization: string;
  starting_date: string;
  employment_status: EmploymentStatus | '';
  job_description: string;
  /** Present only for accounts holding employees.read_salary (or on one's own record). */
  basic_salary?: number;
  allowances?: string[];
  deductions?: string[];
  /** Present only for accounts holding employees.read_auth (or on one's own record). */
  roles?: string[];
  created: string;
  updated: string;
  expand?: {
    employment_type?: EmployeeOption;
    shift?: EmployeeOption;
    employment_section?: EmployeeOption;
    employment_position?: EmployeeOption;
    qualification?: EmployeeOption;
    project?: ProjectSummary;
    allowances?: SalaryOption[];
    deductions?: SalaryOption[];
    roles?: RoleRecord[];
  };
};

export type EmployeeTask = RecordModel & {
  employee: string;
  title: string;
  details: string;
  due_date: string;
  completion_date: string;
  created: string;
  updated: string;
};
