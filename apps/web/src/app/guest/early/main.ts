/**
 * The guest pages' entry (`guest.html`, the web build's second entry; the signed-in app is
 * `index.html` and src/app/start/main.tsx). The server sends this page to a browser where no tab is signed
 * in, at any address. This file is small and runs first: the sign-in form that came with the
 * page (rendered at build time, build/prerender-sign-in.ts) is shown and usable at once, while
 * React and the form's code (./start) arrive; they are the app's own components and its one
 * `signIn` (features/auth/api/sign-in.ts).
 */
import '../../styles/core-styles';
import '../../styles/global.css';
import { SESSION_STORAGE_KEY } from '@/config/constants';
import { paths } from '@/config/paths';
import { cookieFlag } from '@/lib/session-share';
import { holdStaticSignIn, storedLanguage } from '@/lib/static-sign-in';
import { isLoggedOutRoute, normalizePath, signInPathFor } from '../../guard';

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

function start(): void {
  // Any address but the guest pages asks to sign in first: it becomes the sign-in page's,
  // keeping where the person was going (`?redirect=`, as the app's guard does), in place.
  const { pathname, search, hash } = window.location;
  if (!isLoggedOutRoute(pathname))
    window.history.replaceState(window.history.state, '', signInPathFor(pathname + search + hash));
  // This tab holds a session (its flag cookie was lost), or it cannot keep one: the app serves
  // it (the server sends the app to a browser with the flag), and there signs in by itself
  // where storage is refused. Only when the cookie could be set, or the page would come back.
  const kept = storage();
  if (kept !== 'empty') {
    cookieFlag.set(true);
    if (cookieFlag.isSet()) {
      window.location.reload();
      return;
    }
  }
  // The form's code first, before the early form is shown (which takes this task a while):
  // on a slow line every moment the line is unused delays signing in. With it, the sign-in
  // screen's texts in the stored language, rather than once ./start has run and registers them:
  // a round trip less, which also held back the page's load event, and with it the app's files
  // (fetchAppAhead).
  void import('../start');
  if (storedLanguage() === 'ar') {
    void import('@/lib/texts/ar');
    void import('../../areas/auth/ar');
  } else void import('../../areas/auth/en');
  if (normalizePath(window.location.pathname) === paths.auth.login.path) holdStaticSignIn();
}

start();
