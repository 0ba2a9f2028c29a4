/**
 * The route guard (spec §2), as a pure function the root route applies on every location. A
 * signed-out visitor is sent to `/auth/login?redirect=<where they were going>` and, once signed
 * in, on there. The guest page (app/guest/early/show.ts) does the same as it is read.
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

/** The sign-in page's query parameter naming where a signed-out visitor was going. */
export const REDIRECT_PARAM = 'redirect';

const PROBE_ORIGIN = 'http://back-office.invalid';

/**
 * `value` as an address of this app to go to after signing in, or null. Only a path of this
 * origin: read as the browser would read it, so `//host`, `/\host` or a tab in front of a
 * slash cannot lead elsewhere; and never a signed-out page or `/auth`, which would loop.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = normalizePath(url.pathname);
  if (isLoggedOutRoute(path) || path === paths.auth.root.path) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where `?redirect=` in a query string says to go after signing in, if it is safe. */
export function returnPathOf(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(REDIRECT_PARAM));
}

/** The sign-in page for a visitor who was going to `here` (kept as `?redirect=`, unless home). */
export function signInPathFor(here: string | null | undefined): string {
  const back = safeReturnPath(here);
  if (!back || back === paths.home.path) return paths.auth.login.path;
  // Slashes stay readable (`?redirect=/hr/employees`); the rest is encoded.
  const value = encodeURIComponent(back).replace(/%2F/g, '/');
  return `${paths.auth.login.path}?${REDIRECT_PARAM}=${value}`;
}

export type GuardInput = {
  pathname: string;
  authenticated: boolean;
  /** The account is on the default password. */
  mustChangePassword?: boolean;
  /** Where a signed-out visitor was going before being sent to login (`?redirect=`). */
  from?: string | null;
  /** The address a signed-out visitor asked for (path, query, hash), kept for after signing in. */
  here?: string | null;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Show only the forced password-change screen. */
  | { kind: 'change-password' };

export function decideGuard({
  pathname,
  authenticated,
  mustChangePassword,
  from,
  here,
}: GuardInput): GuardDecision {
  const loggedOutRoute = isLoggedOutRoute(pathname);
  if (!authenticated) {
    return loggedOutRoute ? { kind: 'allow' } : { kind: 'redirect', to: signInPathFor(here) };
  }
  if (loggedOutRoute) {
    return { kind: 'redirect', to: safeReturnPath(from) ?? paths.home.path };
  }
  return mustChangePassword ? { kind: 'change-password' } : { kind: 'allow' };
}
