/*
 * The web app's service worker (registered by src/lib/service-worker.ts).
 *
 * - The app's built files (/assets/, named by their content, never changed) are answered from
 *   this worker's cache once fetched: a repeat visit downloads only the page itself.
 * - A page (a navigation) always comes from the server, so it is never stale. When the server
 *   cannot be reached, a signed-in app's page kept by the app itself (src/lib/offline/app-shell.ts,
 *   cache SHELL) opens instead, and the app shows what it kept of its screens; without one, the
 *   offline page says so instead of the browser's error.
 * - Nothing under /api/ is touched: data is always live.
 */
const VERSION = 1;
const ASSETS = `assets-v${VERSION}`;
const OFFLINE = `offline-v${VERSION}`;
/** Written and emptied by the app (src/lib/offline/app-shell.ts); this worker only reads it. */
const SHELL = 'app-shell-v1';
const OFFLINE_FILES = ['/offline.html', '/offline.css', '/favicon.svg'];
/** Files kept at most; the oldest go first (old builds' files are never asked for again). */
const MAX_ASSETS = 400;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n !== ASSETS && n !== OFFLINE && n !== SHELL)
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
  }
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    // The app's page serves every address: its router opens the screen asked for.
    const shell = await caches.match('/', { cacheName: SHELL });
    if (shell) return shell;
    const offline = await caches.match('/offline.html', { cacheName: OFFLINE });
    return offline ?? Response.error();
  }
}

// The app sends the files its page loaded before this worker controlled it (src/lib/offline/
// app-shell.ts), so that the page kept for offline use finds all of them here.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep-assets' || !Array.isArray(data.urls)) return;
  const wanted = data.urls
    .map((url) => new URL(String(url), self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'));
  event.waitUntil(
    Promise.all(
      wanted.slice(0, 200).map((url) => fromCacheOrNetwork(new Request(url)).catch(() => {})),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromCacheOrNetwork(request));
  else if (OFFLINE_FILES.includes(url.pathname))
    event.respondWith(
      fetch(request).catch(() => caches.match(url.pathname, { cacheName: OFFLINE })),
    );
});
