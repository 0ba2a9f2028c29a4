import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';

/** Puts an account back on the default password; it must change it at its next sign-in. */
export async function resetAccountPassword(
  collection: 'users' | 'employees',
  id: string,
): Promise<void> {
  await pb.send(
    `/api/accounts/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/reset-password`,
    {
      method: 'POST',
    },
  );
}

export function useResetUserPassword(id: string) {
  return useMutation({ mutationFn: () => resetAccountPassword('users', id) });
}
