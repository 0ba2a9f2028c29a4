/**
 * Registers the service worker (public/sw.js): the app's built files are then kept by the
 * browser, so a repeat visit downloads only the page, and a page opened without a connection
 * shows the offline page instead of the browser's error. Only in a production build (the dev
 * server's files change all the time); main.tsx calls it once the first screen is shown, so that
 * it takes nothing from it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // Without it the app works as before; nothing to tell the person.
  });
}
