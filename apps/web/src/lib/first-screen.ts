import { removeStaticSignIn } from './static-sign-in';

/**
 * When the first screen is on display (the root route says so), work that can wait starts: the
 * service worker's registration, the rest of the app's code and texts. Before that, on a slow
 * line, it would compete with what the person is waiting to see.
 */
let shown = false;
const waiting: Array<() => void> = [];

/** Called by the root route once a screen, not a loader or a redirect, is displayed. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  // The guest page's early sign-in form, if the first screen is not the sign-in page; the
  // sign-in page has taken it over already (LoginForm).
  removeStaticSignIn();
  for (const task of waiting.splice(0)) task();
}

/** Runs `task` when the browser is idle after the first screen is shown. */
export function afterFirstScreen(task: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => task()) : task();
  if (shown) idle();
  else waiting.push(idle);
}
