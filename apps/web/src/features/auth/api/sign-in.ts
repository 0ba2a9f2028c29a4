import type { AuthRecord } from 'pocketbase';
import { errorStatus } from '@/lib/errors';
import { pb } from '@/lib/pocketbase';
import { useAsyncAction } from '@/lib/use-async-action';
import { secondStepOf, type SecondStep } from './second-factor';

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

/** The server's sign-in for this form: employees first, then users, in one request. */
export const SIGN_IN_PATH = '/api/sign-in';

/** The 401 of an account that must prove a second factor: PocketBase's body `{mfaId}`. */
function mfaIdOf(error: unknown): string | null {
  if (errorStatus(error) !== 401) return null;
  const mfaId = (error as { response?: { mfaId?: unknown } }).response?.mfaId;
  return typeof mfaId === 'string' && mfaId ? mfaId : null;
}

/**
 * Signs in as an employee, or else as a user, with one request (the server tries `employees`
 * then `users`), so that a user's sign-in makes no failing request first. A 403 (correct
 * password, inactive account) is "Inactive User"; anything else is the one generic failure.
 * An account that must use two factors gets its second step back (nothing is kept yet).
 */
export async function signIn(identity: string, password: string): Promise<SecondStep | null> {
  let auth: { token?: unknown; record?: AuthRecord };
  try {
    auth = await pb.send(SIGN_IN_PATH, {
      method: 'POST',
      query: { expand: 'roles' },
      body: { identity: identity.trim(), password },
    });
  } catch (error) {
    const mfaId = mfaIdOf(error);
    if (mfaId) {
      try {
        return await secondStepOf(mfaId, identity.trim());
      } catch {
        throw new SignInError('failed');
      }
    }
    throw new SignInError(errorStatus(error) === 403 ? 'inactive' : 'failed');
  }
  // An answer whose body could not be read holds no session (lib/auth-store.ts keeps none):
  // the person is asked to try again rather than sent on to a screen that needs one.
  if (typeof auth?.token !== 'string' || !auth.token || !auth.record?.id)
    throw new SignInError('failed');
  pb.authStore.save(auth.token, auth.record);
  return null;
}

export function useSignIn() {
  return useAsyncAction(async (identity: string, password: string) => {
    try {
      return await signIn(identity, password);
    } catch (error) {
      throw error instanceof SignInError ? error : new SignInError('failed');
    }
  });
}
