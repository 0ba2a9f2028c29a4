import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchDefaultPassword } from '@/components/resource/accounts';
import type { UserRecord, UserStatus } from '@/lib/models';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
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
 * The multipart body of a new user (spec §7): emailVisibility true, the server's default
 * password twice, `roles` repeated, and the avatar only when one was chosen.
 */
export function buildCreateUserFormData(input: CreateUserInput, password: string): FormData {
  const data = new FormData();
  data.append('email', input.email.trim());
  data.append('emailVisibility', 'true');
  data.append('name', input.name.trim());
  data.append('bio', input.bio);
  data.append('status', input.status);
  data.append('password', password);
  data.append('passwordConfirm', password);
  for (const role of input.roles) data.append('roles', role);
  if (input.avatar) data.append('avatar', input.avatar);
  return data;
}

/** Creates the user on the server's default password; gives the record and that password. */
export async function createUser(
  input: CreateUserInput,
): Promise<{ user: UserRecord; password: string }> {
  const password = await fetchDefaultPassword();
  const user = await pb
    .collection(USERS)
    .create<UserRecord>(buildCreateUserFormData(input, password), { expand: 'roles' });
  return { user, password };
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(USERS) }),
  });
}
