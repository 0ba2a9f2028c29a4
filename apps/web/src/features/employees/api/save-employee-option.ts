import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import type { EmployeeOption, EmployeeOptionKind } from '../types';
import { EMPLOYEE_OPTIONS } from './get-employee-options';
import { EMPLOYEES } from './get-employee';

export type EmployeeOptionInput = { kind: EmployeeOptionKind; title: string; description: string };

function useInvalidateOptions() {
  const queryClient = useQueryClient();
  // Employees show option titles: refresh them too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(EMPLOYEE_OPTIONS) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all(EMPLOYEES) }),
    ]);
}

/** Creates an option, or updates it when an id is given. */
export function useSaveEmployeeOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: ({ id, ...input }: EmployeeOptionInput & { id?: string }) =>
      id
        ? pb.collection(EMPLOYEE_OPTIONS).update<EmployeeOption>(id, input)
        : pb.collection(EMPLOYEE_OPTIONS).create<EmployeeOption>(input),
    onSuccess: invalidate,
  });
}

/** Deleting an option still used by employees is refused (400, naming them). */
export function useDeleteEmployeeOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: (id: string) => pb.collection(EMPLOYEE_OPTIONS).delete(id),
    onSuccess: invalidate,
  });
}
