import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord, UserStatus } from '@/lib/models';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { USERS } from './get-user';

export type UpdateUserInput = {
  name?: string;
  bio?: string;
  status?: UserStatus;
  roles?: string[];
  /** A new image, or null to remove the current one; undefined leaves it. */
  avatar?: File | null;
};

export function updateUser(id: string, input: UpdateUserInput): Promise<UserRecord> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) body[key] = value;
  return pb.collection(USERS).update<UserRecord>(id, body, { expand: 'roles' });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(USERS) }),
  });
}
