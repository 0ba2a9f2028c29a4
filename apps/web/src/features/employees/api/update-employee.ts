import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { refreshSession } from '@/lib/session';
import type { EmployeeRecord } from '../types';
import type { EmployeeBody } from '../utils/employee-form';
import { EMPLOYEES } from './get-employee';

/**
 * Saves changes to an employee. On one's own record the session is refreshed (name, avatar,
 * roles); a changed password invalidates the token, so the account signs in again with it.
 */
export async function updateEmployee(id: string, body: EmployeeBody): Promise<EmployeeRecord> {
  const saved = await pb.collection(EMPLOYEES).update<EmployeeRecord>(id, body);
  const me = pb.authStore.record;
  if (me && me.collectionName === EMPLOYEES && me.id === id) {
    if (typeof body.password === 'string' && body.password) {
      const email = typeof me.email === 'string' ? me.email : (saved.email ?? '');
      try {
        await pb.collection(EMPLOYEES).authWithPassword(email, body.password, { expand: 'roles' });
      } catch {
        // The password did change; without a valid token the account signs in again.
        pb.authStore.clear();
      }
    } else {
      await refreshSession();
    }
  }
  return saved;
}

export function useUpdateEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeBody) => updateEmployee(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(EMPLOYEES) }),
  });
}
