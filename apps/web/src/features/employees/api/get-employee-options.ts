import { useMemo } from 'react';
import { EMPLOYEE_OPTION_KINDS } from '@app/schema';
import { useFullList } from '@/lib/data/records';
import type { EmployeeOption, EmployeeOptionKind } from '../types';

export const EMPLOYEE_OPTIONS = 'employee_options';

export type OptionsByKind = Record<EmployeeOptionKind, EmployeeOption[]>;

/** Groups the options by kind, each sorted by title. */
export function groupOptions(options: readonly EmployeeOption[]): OptionsByKind {
  const grouped = Object.fromEntries(
    EMPLOYEE_OPTION_KINDS.map((k) => [k, []]),
  ) as unknown as OptionsByKind;
  for (const option of options) grouped[option.kind]?.push(option);
  for (const kind of EMPLOYEE_OPTION_KINDS) {
    grouped[kind].sort((a, b) => a.title.localeCompare(b.title));
  }
  return grouped;
}

/** Every employee option (sections, positions, types, shifts, qualifications, leave types). */
export function useEmployeeOptions() {
  const query = useFullList<EmployeeOption>(EMPLOYEE_OPTIONS, { sort: 'title' });
  const byKind = useMemo(() => groupOptions(query.data ?? []), [query.data]);
  return { ...query, byKind };
}
