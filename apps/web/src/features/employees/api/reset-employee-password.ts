import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { EMPLOYEES } from './get-employee';

/** Puts the employee back on the default password; they must choose a new one at next sign-in. */
export async function resetEmployeePassword(id: string): Promise<void> {
  await pb.send(`/api/accounts/${EMPLOYEES}/${encodeURIComponent(id)}/reset-password`, {
    method: 'POST',
  });
}

export function useResetEmployeePassword(id: string) {
  return useMutation({ mutationFn: () => resetEmployeePassword(id) });
}
