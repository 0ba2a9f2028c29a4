import { collectionId } from '@app/schema';
import { errorStatus } from '@/lib/errors';
import { pb } from '@/lib/pocketbase';
import { useAsyncAction } from '@/lib/use-async-action';
import { AUTH_COLLECTIONS } from './sign-in';

type AuthCollection = (typeof AUTH_COLLECTIONS)[number];

/**
 * Asks both auth collections to send a reset link. The server answers 204 whether or not the
 * address exists, and so does this: the screen shows the same confirmation either way.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const results = await Promise.allSettled(
    AUTH_COLLECTIONS.map((c) => pb.collection(c).requestPasswordReset(email.trim())),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure && results.every((r) => r.status === 'rejected')) throw failure.reason;
}

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Which auth collection a reset token was issued for (its `collectionId` claim), if known. */
export function collectionOfToken(token: string): AuthCollection | null {
  const id = decodeJwtPayload(token)?.collectionId;
  if (typeof id !== 'string') return null;
  return AUTH_COLLECTIONS.find((c) => collectionId('auth', c) === id || c === id) ?? null;
}

/** Sets the new password with the token from the email link. */
export async function confirmPasswordReset(
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<void> {
  const known = collectionOfToken(token);
  const candidates = known ? [known] : AUTH_COLLECTIONS;
  let lastError: unknown;
  for (const collection of candidates) {
    try {
      await pb.collection(collection).confirmPasswordReset(token, password, passwordConfirm);
      return;
    } catch (error) {
      lastError = error;
      if (errorStatus(error) !== 400) break;
    }
  }
  throw lastError;
}

export function useRequestPasswordReset() {
  return useAsyncAction(requestPasswordReset);
}

export function useConfirmPasswordReset() {
  return useAsyncAction(confirmPasswordReset);
}
