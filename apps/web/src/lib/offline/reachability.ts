/**
 * Whether the app is offline: the browser says so, or the last request found no server (a
 * phone on a network that does not reach the internet). Free of the data layer, so that the
 * route error page can ask it without pulling the query cache into the sign-in page.
 */
let unreachable = false;
const listeners = new Set<() => void>();

/** Set by the query store from each request's outcome. */
export function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

export function isOffline(): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || unreachable;
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
