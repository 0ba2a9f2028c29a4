import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { useSlicedQuery } from '@/lib/sliced-query';

export type AccountCollection = 'users' | 'employees';

/** Puts an account back on the default password; it must change it at its next sign-in. */
export async function resetAccountPassword(
  collection: AccountCollection,
  id: string,
): Promise<void> {
  await pb.send(
    `/api/accounts/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/reset-password`,
    { method: 'POST' },
  );
}

/** Removes an account's authenticator app (two-step sign-in); the person is told by email. */
export async function resetTwoFactor(collection: AccountCollection, id: string): Promise<void> {
  await pb.send(
    `/api/two-factor/reset/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`,
    { method: 'POST' },
  );
}

export function useResetAccountPassword(collection: AccountCollection, id: string) {
  return useMutation({ mutationFn: () => resetAccountPassword(collection, id) });
}

/**
 * The password the server gives new accounts (`GET /api/accounts/default-password`, for an
 * account that may create users or employees). The web app keeps no copy of its own.
 */
export async function fetchDefaultPassword(): Promise<string> {
  const body = await pb.send<{ password?: unknown }>('/api/accounts/default-password', {});
  if (typeof body.password !== 'string' || body.password === '') {
    throw new Error('The server gave no default password.');
  }
  return body.password;
}

export function useDefaultPassword(enabled = true) {
  return useSlicedQuery({
    queryKey: ['accounts', 'default-password'],
    queryFn: fetchDefaultPassword,
    enabled,
    staleTime: Infinity,
  });
}
