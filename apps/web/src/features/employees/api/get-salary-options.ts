import { useFullList } from '@/lib/data/records';
import type { SalaryOption } from '../types';

/** The fixed allowances defined in the salary settings (needs salary_setting.read). */
export function useAllowanceOptions(enabled = true) {
  return useFullList<SalaryOption>('allowance_options', { sort: 'title' }, { enabled });
}

/** The fixed deductions defined in the salary settings (needs salary_setting.read). */
export function useDeductionOptions(enabled = true) {
  return useFullList<SalaryOption>('deduction_options', { sort: 'title' }, { enabled });
}
