/**
 * The signed-in app's page, kept for offline use: with no connection, the service worker
 * (public/sw.js) opens it for any address instead of the offline page, and the app then shows
 * what it kept of its screens (query-store.ts). The page carries nothing of the account (the
 * server answers every signed-in browser the same page; its data comes from the API), and it is
 * dropped at sign-out. Its CSP nonce is the one of the answer it was kept from, which the kept
 * answer's own header names, so the page runs as it did then; it is only ever used offline.
 */
const SHELL = 'app-shell-v1';

/** Keeps the page at `/` and the files this page loaded. Production builds only. */
export async function keepAppShell(): Promise<void> {
  if (!import.meta.env.PROD || !('caches' in window) || !('serviceWorker' in navigator)) return;
  const cache = await caches.open(SHELL);
  await cache.add(new Request('/', { credentials: 'same-origin' }));
  // Files fetched before the worker took over (the first visit) are not in its cache yet.
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).pathname.startsWith('/assets/'));
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'keep-assets', urls });
}

/** Drops the kept page (sign-out). */
export async function dropAppShell(): Promise<void> {
  if (!('caches' in window)) return;
  await caches.delete(SHELL);
}
