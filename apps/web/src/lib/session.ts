import { useSyncExternalStore } from 'react';
import type { Permission } from '@app/schema';
import type { AuthRecord } from 'pocketbase';
import { errorStatus } from './errors';
import {
  hasAnyPermission,
  NO_PERMISSIONS,
  permissionsOfRecord,
  type PermissionSet,
} from './permissions';
import { pb } from './pocketbase';
import { shareSession, type SessionShare } from './session-share';

export type AccountCollection = 'employees' | 'users';

/** The signed-in account, as the screens see it. */
export type Account = {
  id: string;
  collection: AccountCollection;
  name: string;
  email: string;
  avatarUrl: string | null;
  /** The account is on the default password and must change it before anything else. */
  mustChangePassword: boolean;
  permissions: PermissionSet;
};

export type Session = { status: 'guest' } | { status: 'authenticated'; account: Account };

const GUEST: Session = { status: 'guest' };

function collectionOf(record: NonNullable<AuthRecord>): AccountCollection {
  return record.collectionName === 'users' ? 'users' : 'employees';
}

/** Builds the account from the auth store's record (fetched with `expand: 'roles'`). */
export function accountFromRecord(record: AuthRecord): Account | null {
  if (!record || typeof record.id !== 'string') return null;
  const avatar = typeof record.avatar === 'string' && record.avatar ? record.avatar : null;
  return {
    id: record.id,
    collection: collectionOf(record),
    name: typeof record.name === 'string' ? record.name : '',
    email: typeof record.email === 'string' ? record.email : '',
    avatarUrl: avatar ? pb.files.getURL(record, avatar, { thumb: '100x100' }) : null,
    mustChangePassword: record.mustChangePassword === true,
    permissions: permissionsOfRecord(record),
  };
}

function computeSession(): Session {
  if (!pb.authStore.token) return GUEST;
  const account = accountFromRecord(pb.authStore.record);
  return account ? { status: 'authenticated', account } : GUEST;
}

/** The same account, as the screens see it (a renewed token is not a change). */
export function sameSession(a: Session, b: Session): boolean {
  if (a.status === 'guest' || b.status === 'guest') return a.status === b.status;
  const [x, y] = [a.account, b.account];
  return (
    x.id === y.id &&
    x.collection === y.collection &&
    x.name === y.name &&
    x.email === y.email &&
    x.avatarUrl === y.avatarUrl &&
    x.mustChangePassword === y.mustChangePassword &&
    x.permissions.size === y.permissions.size &&
    [...x.permissions].every((permission) => y.permissions.has(permission))
  );
}

let snapshot: Session = computeSession();
let signedOutOnPurpose = false;
const listeners = new Set<() => void>();
const signOutHandlers = new Set<() => void>();

/** Runs `handler` whenever the user logs out (e.g. to drop cached data). */
export function onSignOut(handler: () => void): () => void {
  signOutHandlers.add(handler);
  return () => signOutHandlers.delete(handler);
}

let share: SessionShare | null = null;

pb.authStore.onChange(() => {
  // Every start renews the token and re-reads the account, most often unchanged. Keeping the
  // same snapshot then spares React a render of every screen; and if the answer comes while
  // React renders the first screen, React would otherwise start it over, in one long task.
  const next = computeSession();
  if (!sameSession(snapshot, next)) snapshot = next;
  if (snapshot.status === 'authenticated') {
    signedOutOnPurpose = false;
    share?.signedIn();
  }
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return snapshot;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function useAccount(): Account | null {
  const session = useSession();
  return session.status === 'authenticated' ? session.account : null;
}

export function usePermissions(): PermissionSet {
  const account = useAccount();
  return account?.permissions ?? NO_PERMISSIONS;
}

/** True when the account holds at least one of the permissions. */
export function useCan(...required: Permission[]): boolean {
  return hasAnyPermission(usePermissions(), required);
}

/**
 * Re-reads the signed-in record and its roles (on start and after a reload), so permissions
 * and `mustChangePassword` are current. A token the server no longer accepts ends the session;
 * a network failure keeps it.
 */
export async function refreshSession(): Promise<void> {
  const record = pb.authStore.record;
  if (!pb.authStore.token || !record) return;
  try {
    await pb.collection(record.collectionName || 'employees').authRefresh({ expand: 'roles' });
  } catch (error) {
    const status = errorStatus(error);
    if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
  }
}

function endSession(): void {
  signedOutOnPurpose = true;
  pb.authStore.clear();
  for (const handler of signOutHandlers) handler();
}

/**
 * Ends the session: clears the auth store (and its sessionStorage entry) and cached data, in
 * this tab and in the other tabs of the browser.
 */
export function signOut(): void {
  share?.signedOut();
  endSession();
}

/**
 * Shares the session with the other tabs of the browser (see `session-share.ts`). Resolves once
 * this tab knows whether it is signed in: at once when it has its own session or no tab is signed
 * in, else when an open tab answered (or did not, within a moment). Call once, before rendering.
 */
export function startSessionSharing(): Promise<boolean> {
  share ??= shareSession({
    current: () =>
      pb.authStore.isValid && pb.authStore.record
        ? { token: pb.authStore.token, record: pb.authStore.record }
        : null,
    adopt: (token, record) => pb.authStore.save(token, record),
    endedElsewhere: () => {
      if (pb.authStore.token) endSession();
    },
  });
  return share.ready;
}

/** True after the user logged out (not when the session expired): login then goes to `/`. */
export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}
