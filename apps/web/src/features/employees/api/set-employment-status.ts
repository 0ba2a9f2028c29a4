import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import type { EmployeeRecord, EmploymentStatus } from '../types';
import { EMPLOYEES } from './get-employee';

/** Suspends or activates an employee (only `employment_status` is sent). */
export function useSetEmploymentStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: EmploymentStatus) =>
      pb.collection(EMPLOYEES).update<EmployeeRecord>(id, { employment_status: status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(EMPLOYEES) }),
  });
}
