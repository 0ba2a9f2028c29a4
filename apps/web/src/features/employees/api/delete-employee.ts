import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { EMPLOYEES } from './get-employee';

/**
 * Deletes an employee (its tasks go with it). The server refuses with a 400 naming the records
 * that still depend on the employee.
 */
export function useDeleteEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pb.collection(EMPLOYEES).delete(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordKeys.detail(EMPLOYEES, id) });
      return queryClient.invalidateQueries({ queryKey: recordKeys.all(EMPLOYEES) });
    },
  });
}
