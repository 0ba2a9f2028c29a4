import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PASSWORD } from '@/config/constants';
import type { UserRecord, UserStatus } from '@/lib/models';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { USERS } from './get-user';

export type CreateUserInput = {
  email: string;
  name: string;
  bio: string;
  status: UserStatus;
  roles: string[];
  avatar: File | null;
};

/**
 * The multipart body of a new user (spec §7): emailVisibility true, the default password twice,
 * `roles` repeated, and the avatar only when one was chosen.
 */
export function buildCreateUserFormData(input: CreateUserInput): FormData {
  const data = new FormData();
  data.append('email', input.email.trim());
  data.append('emailVisibility', 'true');
  data.append('name', input.name.trim());
  data.append('bio', input.bio);
  data.append('status', input.status);
  data.append('password', DEFAULT_PASSWORD);
  data.append('passwordConfirm', DEFAULT_PASSWORD);
  for (const role of input.roles) data.append('roles', role);
  if (input.avatar) data.append('avatar', input.avatar);
  return data;
}

export function createUser(input: CreateUserInput): Promise<UserRecord> {
  return pb
    .collection(USERS)
    .create<UserRecord>(buildCreateUserFormData(input), { expand: 'roles' });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(USERS) }),
  });
}
