import { useRecord } from '@/lib/data/records';
import type { EmployeeRecord } from '../types';

export const EMPLOYEES = 'employees';

/** Every relation the profile and the update wizard show. */
export const EMPLOYEE_EXPAND =
  'employment_type,shift,employment_section,employment_position,qualification,project,allowances,deductions,roles';

/** One employee with its relations (the server leaves out what the account may not read). */
export function useEmployee(id: string | undefined) {
  return useRecord<EmployeeRecord>(EMPLOYEES, id, { expand: EMPLOYEE_EXPAND });
}
