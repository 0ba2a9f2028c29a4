import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding, varyOnEncoding, type Encoding } from './compression';
import { CSP_NONCE_PLACEHOLDER, newCspNonce, webAppPolicy } from './security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A private back office: no search engine should index any of it. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** The suffix of the build's precompressed copies (apps/web/build/precompress.ts). */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Which precompressed copies exist beside a file, looked up once per file. */
function variantsOf(cache: Map<string, Encoding[]>, file: string): Encoding[] {
  let found = cache.get(file);
  if (!found) {
    found = (['br', 'gzip'] as const).filter((encoding) => existsSync(file + SUFFIX[encoding]));
    cache.set(file, found);
  }
  return found;
}

const NOT_FOUND = { data: {}, message: "The requested resource wasn't found.", status: 404 };

/**
 * The cookie the web app sets while one of the browser's tabs is signed in (its
 * `back-office-session-open` flag, lib/session-share.ts). Such a browser is sent the app
 * (`index.html`); any other, the guest pages (`guest.html`: sign-in, forgotten password, its
 * reset link), which carry none of the app's code and open the app once signed in.
 */
const SESSION_OPEN_COOKIE = /(?:^|;\s*)back-office-session-open=1(?:;|$)/;

/**
 * The cookie the web app keeps with the interface language (lib/i18n): a signed-in page then
 * announces that language's texts with the layout's files, instead of the app asking for them
 * once its code runs (a round trip more on a slow line). Without it, the page names no texts.
 */
const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
const LANGUAGE_COOKIE = new RegExp(
  `(?:^|;\\s*)back-office-language=(${LANGUAGES.join('|')})(?:;|$)`,
);

/**
 * The build's list of what a signed-in visit needs next (apps/web/build/sign-in-preload.ts,
 * `app-files.json`), by group: `*` for every signed-in page (the app's layout), an address (`/`,
 * `/hr/employees`, …) for that screen's own files, `texts-en` / `texts-ar` for every area's
 * texts in one language.
 */
type AppFiles = { groups: Record<string, Array<{ rel: string; href: string }>> };
const LAYOUT_GROUP = '*';
const TEXTS_GROUP_PREFIX = 'texts-';

/**
 * Where index.html takes the links of the groups its address and language need: a comment the
 * build leaves in the page (apps/web/index.html). The only thing the server writes into a built
 * page besides the CSP nonce (CSP_NONCE_PLACEHOLDER).
 */
export const PRELOADS_PLACEHOLDER = '<!--app-preloads-->';

/** A group's links as HTML (a nonce for each, as Vite writes its own). */
function linksOf(files: AppFiles, names: readonly string[]): string {
  return names
    .flatMap((name) => files.groups[name] ?? [])
    .map(({ rel, href }) =>
      rel === 'preload'
        ? `<link rel="preload" as="style" crossorigin href="${href}" nonce="${CSP_NONCE_PLACEHOLDER}">`
        : `<link rel="modulepreload" crossorigin href="${href}" nonce="${CSP_NONCE_PLACEHOLDER}">`,
    )
    .join('');
}

/**
 * The signed-in page in each form it is sent in, built once: with the layout's links, those of
 * the language's texts when the browser told it (its cookie), and those of the screen at an
 * address with a group of its own.
 */
export function signedInPages(indexHtml: string, files: AppFiles) {
  const addresses = Object.keys(files.groups).filter((name) => name.startsWith('/'));
  const page = (names: string[]) =>
    indexHtml.replace(PRELOADS_PLACEHOLDER, () => linksOf(files, [LAYOUT_GROUP, ...names]));
  const forLanguage = (texts: string[]) => ({
    anywhere: page(texts),
    at: new Map(addresses.map((path) => [path, page([path, ...texts])])),
  });
  return {
    unknown: forLanguage([]),
    byLanguage: new Map(
      LANGUAGES.map((language) => [language, forLanguage([`${TEXTS_GROUP_PREFIX}${language}`])]),
    ),
  };
}

/**
 * Beside the built pages: the hashes of the guest page's inline script, which the build wrote
 * into it so that the sign-in form shows with the page's own bytes
 * (apps/web/build/guest-first-bytes.ts); the policy allows that script and no other.
 */
const GUEST_PAGE_FILE = 'guest-page.json';

function scriptHashesOf(dist: string): string[] {
  const path = join(dist, GUEST_PAGE_FILE);
  if (!existsSync(path)) return [];
  const { scriptHashes } = JSON.parse(readFileSync(path, 'utf8')) as { scriptHashes?: unknown };
  return Array.isArray(scriptHashes)
    ? scriptHashes.filter((hash): hash is string => /^sha256-[A-Za-z0-9+/]+=*$/.test(String(hash)))
    : [];
}

/** The built pages, answered with their nonce filled in rather than as files. */
const PAGES = new Set(['index.html', 'guest.html']);

/** The pages of a build, read once (see webPlugin). */
function readPages(dist: string) {
  const index = join(dist, 'index.html');
  const guest = join(dist, 'guest.html');
  if (!existsSync(index)) return null;
  const filesPath = join(dist, 'app-files.json');
  const files: AppFiles = existsSync(filesPath)
    ? (JSON.parse(readFileSync(filesPath, 'utf8')) as AppFiles)
    : { groups: {} };
  const indexHtml = readFileSync(index, 'utf8');
  // A build without the guest entry (an older one) sends everyone the app.
  const guestHtml = existsSync(guest) ? readFileSync(guest, 'utf8') : null;
  return {
    guest: guestHtml && { html: guestHtml, scriptHashes: scriptHashesOf(dist) },
    signedIn: signedInPages(indexHtml, files),
  };
}

function cacheControlOf(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path === '/favicon.svg') return 'public, max-age=86400';
  return 'no-cache';
}

export function defaultWebDist(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
}

/**
 * Serves the built web app at every path outside /api (its files, and at any other address one
 * of its two pages, whose router answers), and the API's JSON 404 for unknown /api paths.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { distDir?: string }) => {
    const dist = options.distDir ?? defaultWebDist();
    let pages = readPages(dist);
    const variants = new Map<string, Encoding[]>();

    // Answered by the server itself (not the app's HTML, whatever the build holds).
    app.get('/robots.txt', async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=86400').type(TYPES['.txt']).send(ROBOTS_TXT),
    );

    app.setNotFoundHandler(async (request, reply) => {
      const path = decodeURIComponent(request.url.split('?')[0]);
      if (
        path === '/api' ||
        path.startsWith('/api/') ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return reply.code(404).send(NOT_FOUND);
      }
      const file = normalize(join(dist, path));
      // The two pages are answered below, with their nonce filled in; any other file as it is
      // (the offline page too: the service worker keeps it for when the server is out of reach).
      if (file.startsWith(dist + '/') && extname(file) && !PAGES.has(file.slice(dist.length + 1))) {
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) {
          // Vite's hashed assets never change; the icon may wait a day; the rest (the service
          // worker, the offline page) must always be fresh.
          reply.header('Cache-Control', cacheControlOf(path));
          reply
            .header('Content-Security-Policy', webAppPolicy())
            .type(TYPES[extname(file)] ?? 'application/octet-stream');
          const available = variantsOf(variants, file);
          if (available.length === 0) return reply.send(await readFile(file));
          // The build's brotli or gzip copy, whichever the browser takes (brotli first).
          reply.header('Vary', varyOnEncoding(reply.getHeader('vary')));
          const encoding = negotiateEncoding(request.headers['accept-encoding'], available);
          if (!encoding) return reply.send(await readFile(file));
          return reply
            .header('Content-Encoding', encoding)
            .send(await readFile(file + SUFFIX[encoding]));
        }
      }
      pages ??= readPages(dist);
      if (!pages) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build -w @app/web`.');
      }
      // A fresh nonce per answer for the style tags the app injects (see webAppPolicy).
      const nonce = newCspNonce();
      const cookie = request.headers.cookie ?? '';
      const language = LANGUAGE_COOKIE.exec(cookie)?.[1] as Language | undefined;
      const signedIn =
        (language && pages.signedIn.byLanguage.get(language)) || pages.signedIn.unknown;
      const page =
        SESSION_OPEN_COOKIE.test(cookie) || !pages.guest
          ? { html: signedIn.at.get(path) ?? signedIn.anywhere, scriptHashes: [] }
          : pages.guest;
      const html = page.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
      reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', webAppPolicy(nonce, page.scriptHashes))
        .header('Vary', `${varyOnEncoding(reply.getHeader('vary'))}, Cookie`)
        .type(TYPES['.html']);
      // The page differs per answer (its nonce): compressed here, quickly (brotli at 5: the guest
      // page, about 100 KB with its form and styles, in about 2.5 ms on 2026-11-29).
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding || html.length < 1024) return reply.send(html);
      return reply
        .header('Content-Encoding', encoding)
        .send(
          encoding === 'br'
            ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(html),
        );
    });
  },
  { name: 'web' },
);
