import { pb } from '@/lib/pocketbase';
import { useAsyncAction } from '@/lib/use-async-action';

export type ChangePasswordInput = {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
};

/**
 * Changes the signed-in account's password. The change invalidates the current token, so the
 * account signs in again with the new password at once and the session goes on. The change is
 * sent with `pb.send` rather than the SDK's `update`, which would store the changed record (no
 * longer on the default password) with the old token: the app would open its screens with a
 * token the server no longer accepts (two 401s) before the new one arrived. The session changes
 * once, with the new token and record together.
 */
export async function changeOwnPassword(input: ChangePasswordInput): Promise<void> {
  const record = pb.authStore.record;
  if (!record) throw new Error('Not signed in.');
  const collection = record.collectionName || 'employees';
  const identity = typeof record.email === 'string' ? record.email : '';
  await pb.send(
    `/api/collections/${encodeURIComponent(collection)}/records/${encodeURIComponent(record.id)}`,
    {
      method: 'PATCH',
      body: input,
    },
  );
  try {
    await pb.collection(collection).authWithPassword(identity, input.password, { expand: 'roles' });
  } catch (error) {
    // The password did change; without a valid token the account must sign in again.
    pb.authStore.clear();
    throw error;
  }
}

export function useChangeOwnPassword() {
  return useAsyncAction(changeOwnPassword);
}
