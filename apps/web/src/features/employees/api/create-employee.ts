import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import type { EmployeeRecord } from '../types';
import type { EmployeeBody } from '../utils/employee-form';
import { EMPLOYEES } from './get-employee';

/** Creates an employee; a body holding the avatar File goes as multipart (the SDK decides). */
export function createEmployee(body: EmployeeBody): Promise<EmployeeRecord> {
  return pb.collection(EMPLOYEES).create<EmployeeRecord>(body);
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(EMPLOYEES) }),
  });
}
