import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleRecord } from '@/lib/models';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { useFullList, useRecord } from '@/lib/data/records';

export const ROLES = 'roles';

export type RoleInput = { title: string; description: string; permissions: string[] };

/** Every role, newest first (all pages, batches of 500 — spec §7). */
export function useRoles() {
  return useFullList<RoleRecord>(ROLES, { sort: '-created' });
}

export function useRole(id: string | undefined) {
  return useRecord<RoleRecord>(ROLES, id);
}

function useInvalidateRoles() {
  const queryClient = useQueryClient();
  // Users and employees show role titles: refresh them too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(ROLES) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all('users') }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all('employees') }),
    ]);
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: RoleInput) => pb.collection(ROLES).create<RoleRecord>(input),
    onSuccess: invalidate,
  });
}

export function useUpdateRole(id: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: RoleInput) => pb.collection(ROLES).update<RoleRecord>(id, input),
    onSuccess: invalidate,
  });
}
