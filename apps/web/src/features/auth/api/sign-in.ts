import { errorStatus } from '@/lib/errors';
import { pb } from '@/lib/pocketbase';
import { useAsyncAction } from '@/lib/use-async-action';

/** The auth collections, in the order the login screen tries them. */
export const AUTH_COLLECTIONS = ['employees', 'users'] as const;

export type SignInFailure = 'failed' | 'inactive';

export class SignInError extends Error {
  readonly reason: SignInFailure;
  constructor(reason: SignInFailure) {
    super(reason === 'inactive' ? 'Inactive User' : 'Failed To Login');
    this.reason = reason;
  }
}

/**
 * Signs in as an employee, or else as a user. Only a 400 from `employees` (wrong identity or
 * password) moves on to `users`; a 403 (correct password, inactive account) is "Inactive User";
 * anything else is the one generic failure.
 */
export async function signIn(identity: string, password: string): Promise<void> {
  for (const collection of AUTH_COLLECTIONS) {
    let token: string;
    try {
      ({ token } = await pb
        .collection(collection)
        .authWithPassword(identity.trim(), password, { expand: 'roles' }));
    } catch (error) {
      const status = errorStatus(error);
      if (status === 403) throw new SignInError('inactive');
      if (status === 400 && collection !== AUTH_COLLECTIONS[AUTH_COLLECTIONS.length - 1]) continue;
      throw new SignInError('failed');
    }
    // An answer whose body could not be read holds no session (lib/auth-store.ts keeps none):
    // the person is asked to try again rather than sent on to a screen that needs one.
    if (!token) throw new SignInError('failed');
    return;
  }
  throw new SignInError('failed');
}

export function useSignIn() {
  return useAsyncAction(async (identity: string, password: string) => {
    try {
      await signIn(identity, password);
    } catch (error) {
      throw error instanceof SignInError ? error : new SignInError('failed');
    }
  });
}
