/**
 * The route guard (spec §2), as a pure function the root route applies on every location.
 */
import { paths } from '@/config/paths';

/** Paths a signed-out visitor may open; a signed-in account is sent away from them. */
export const LOGGED_OUT_PATHS = [
  paths.auth.login.path,
  paths.auth.forgotPassword.path,
  '/auth/confirm-password-reset',
  paths.auth.register.path,
] as const;

/** Lower-cased, without trailing slashes (`/Auth/Login/` → `/auth/login`). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.trim().toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True for login, forgot-password, confirm-password-reset (with its token) and register. */
export function isLoggedOutRoute(pathname: string): boolean {
  const path = normalizePath(pathname);
  return LOGGED_OUT_PATHS.some(
    (p) => path === p || (p === '/auth/confirm-password-reset' && path.startsWith(`${p}/`)),
  );
}

export type GuardInput = {
  pathname: string;
  authenticated: boolean;
  /** The account is on the default password. */
  mustChangePassword?: boolean;
  /** Where a signed-out visitor was going before being sent to login. */
  from?: string | null;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Show only the forced password-change screen. */
  | { kind: 'change-password' };

function isSafeInternalPath(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !isLoggedOutRoute(value.split(/[?#]/)[0] ?? value)
  );
}

export function decideGuard({
  pathname,
  authenticated,
  mustChangePassword,
  from,
}: GuardInput): GuardDecision {
  const loggedOutRoute = isLoggedOutRoute(pathname);
  if (!authenticated) {
    return loggedOutRoute ? { kind: 'allow' } : { kind: 'redirect', to: paths.auth.login.path };
  }
  if (loggedOutRoute) {
    return { kind: 'redirect', to: isSafeInternalPath(from) ? from : paths.home.path };
  }
  return mustChangePassword ? { kind: 'change-password' } : { kind: 'allow' };
}
