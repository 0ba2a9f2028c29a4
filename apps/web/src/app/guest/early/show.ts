/**
 * What the guest page does before anything else: the address, the session check and the
 * sign-in form that came with the page. The build inlines this module into `guest.html`
 * (build/guest-first-bytes.ts, from ./inline.ts), right after the form's templates, so that on
 * a slow line the form is shown and usable with the page's own bytes, before any file of the
 * app arrives. The guest entry (./main.ts) calls it again: where the inline copy did not run
 * (a page without it, as in development, or a policy that refused it), the entry does the work.
 */
import { SESSION_STORAGE_KEY } from '@/config/constants';
import { paths } from '@/config/paths';
import { cookieFlag } from '@/lib/session-share';
import { holdStaticSignIn } from '@/lib/static-sign-in';
import { isLoggedOutRoute, normalizePath, signInPathFor } from '../../guard';

/** Set on `<html>` by the first call: `shown` (the page goes on) or `leaving` (it reloads). */
const STARTED = 'data-guest-page';

/** Whether this tab can keep a session the app will find (sessionStorage, which it reads). */
function storage(): 'none' | 'empty' | 'session' {
  try {
    if (window.sessionStorage.getItem(SESSION_STORAGE_KEY)) return 'session';
    window.sessionStorage.setItem(`${SESSION_STORAGE_KEY}-probe`, '1');
    window.sessionStorage.removeItem(`${SESSION_STORAGE_KEY}-probe`);
    return 'empty';
  } catch {
    return 'none';
  }
}

function firstStart(): boolean {
  // Any address but the guest pages asks to sign in first: it becomes the sign-in page's,
  // keeping where the person was going (`?redirect=`, as the app's guard does), in place.
  const { pathname, search, hash } = window.location;
  if (!isLoggedOutRoute(pathname))
    window.history.replaceState(window.history.state, '', signInPathFor(pathname + search + hash));
  // This tab holds a session (its flag cookie was lost), or it cannot keep one: the app serves
  // it (the server sends the app to a browser with the flag), and there signs in by itself
  // where storage is refused. Only when the cookie could be set, or the page would come back.
  if (storage() !== 'empty') {
    cookieFlag.set(true);
    if (cookieFlag.isSet()) {
      window.location.reload();
      return false;
    }
  }
  if (normalizePath(window.location.pathname) === paths.auth.login.path) holdStaticSignIn();
  return true;
}

/** Starts the guest page once, however often it is called; false when the page reloads. */
export function startGuestPage(): boolean {
  const html = document.documentElement;
  const started = html.getAttribute(STARTED);
  if (started) return started === 'shown';
  const goesOn = firstStart();
  html.setAttribute(STARTED, goesOn ? 'shown' : 'leaving');
  return goesOn;
}
