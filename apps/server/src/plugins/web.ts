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
 * `back-office-session-open` flag, lib/session-share.ts). Such a browser opens the app, not the
 * sign-in form, so its page goes without the form's markup (`#sign-in-static`, written by the
 * build's prerender-sign-in.ts), which a signed-in person never needs (figures in bench/README.md).
 */
const SESSION_OPEN_COOKIE = /(?:^|;\s*)back-office-session-open=1(?:;|$)/;

const SIGN_IN_BLOCK = /<div id="sign-in-static" hidden>[\s\S]*?<\/div>(?=<div id="root">)/;

const SIGN_IN_SCRIPT = /<script [^>]*src="\/assets\/sign-in-early-[^"]+"[^>]*><\/script>/;

/**
 * The page without the sign-in form's markup and its early script (what a browser with a
 * session open is sent).
 */
export function withoutSignInForm(html: string): string {
  return html.replace(SIGN_IN_BLOCK, '').replace(SIGN_IN_SCRIPT, '');
}

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
 * The build writes the links to what a visit needs next in inert templates named by address
 * (apps/web/build/sign-in-preload.ts): `*` for every signed-in page (the app's layout), `/`,
 * `/hr/employees` and the like for a screen's own files, and `guest` for the sign-in page's own
 * files. A page gets the links of the templates named in `open`; every other template goes.
 */
const PRELOAD_TEMPLATE = /<template data-preload="([^"]+)">([\s\S]*?)<\/template>\s*/g;
const LAYOUT_TEMPLATE = '*';
const GUEST_TEMPLATE = 'guest';
/** `texts-en`, `texts-ar`: every area's texts in one language (loaded by the app's layout). */
const TEXTS_TEMPLATE_PREFIX = 'texts-';
const TEXTS_TEMPLATE = new RegExp(`^${TEXTS_TEMPLATE_PREFIX}(${LANGUAGES.join('|')})$`);

export function withPreloads(html: string, open: readonly string[]): string {
  return html.replace(PRELOAD_TEMPLATE, (_all, name: string, links: string) =>
    open.includes(name) ? links : '',
  );
}

const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
const SIGN_IN_PATH = '/auth/login';
/** Where a guest who signs in on the sign-in page usually goes next: the dashboard. */
const HOME_PATH = '/';

/**
 * A guest's page at `path`. Its sign-in form signs in by itself (the web app's
 * public/sign-in-early.js), so the app's code is not loaded with it, which matters most on a slow
 * line (figures in bench/README.md). The code waits in inert templates for the early script:
 * `app-code`, the app's entry and the files it imports, started once the person has signed in
 * (or at once on a page the form does not serve, such as the password reset); `app-sign-in`,
 * the app's own sign-in screen, needed only where the app takes the form over; `app-ahead`, the
 * layout's files, those of the screen `next` (the one at `path`; from the sign-in page, the
 * dashboard's, or that of the address in its `?redirect=`) and, in a template per language,
 * every area's texts.
 * The script fetches `app-code` and `app-ahead` ahead (without running them) once the page has
 * loaded, so that the app opens quickly once signed in.
 */
export function guestPage(
  html: string,
  path: string | null,
  next = path === SIGN_IN_PATH ? HOME_PATH : path,
): string {
  const templates = new Map<string, string>();
  const page = html.replace(PRELOAD_TEMPLATE, (_all, name: string, links: string) => {
    templates.set(name, links.trim());
    return '';
  });
  const entry = page.match(ENTRY_SCRIPT)?.[0];
  // A page without the form (a build without its prerender) loads the app as built.
  if (!entry || !page.includes('id="sign-in-static"')) return withPreloads(html, [GUEST_TEMPLATE]);
  const preloads = (page.match(MODULE_PRELOAD) ?? []).map((link) => link.trim());
  const screen = templates.get(next ?? '') ?? '';
  // The texts in each language, for the script to pick the one the form shows.
  const texts = [...templates]
    .map(([name, links]) => [TEXTS_TEMPLATE.exec(name)?.[1], links] as const)
    .filter(([language]) => language)
    .map(([language, links]) => `<template data-language="${language}">${links}</template>`);
  const code = `<template id="app-code">${entry}${preloads.join('')}</template>`;
  const signInScreen = `<template id="app-sign-in">${templates.get(GUEST_TEMPLATE) ?? ''}</template>`;
  const ahead = `<template id="app-ahead">${templates.get(LAYOUT_TEMPLATE) ?? ''}${screen}${texts.join('')}</template>`;
  return page
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${code}${signInScreen}${ahead}</head>`);
}

/**
 * The page's forms: a guest's and a signed-in browser's, at any address and at each address
 * with a template of its own. Built once, when the page is read.
 */
function pageVariants(indexHtml: string) {
  const signedIn = withoutSignInForm(indexHtml);
  const addresses = [...indexHtml.matchAll(PRELOAD_TEMPLATE)]
    .map((match) => match[1]!)
    .filter(
      (name) => name !== LAYOUT_TEMPLATE && name !== GUEST_TEMPLATE && !TEXTS_TEMPLATE.test(name),
    );
  return {
    guest: guestPage(indexHtml, null),
    guestAt: new Map(
      [SIGN_IN_PATH, ...addresses].map((path) => [path, guestPage(indexHtml, path)]),
    ),
    /** The sign-in page of a guest who was going to one of those addresses (`?redirect=`). */
    signInBefore: new Map(
      addresses.map((path) => [path, guestPage(indexHtml, SIGN_IN_PATH, path)]),
    ),
    signedIn: signedInPages(signedIn, addresses, []),
    /** The same, with the texts of a language the browser is known to use. */
    signedInIn: new Map(
      LANGUAGES.map((language) => [
        language,
        signedInPages(signedIn, addresses, [`${TEXTS_TEMPLATE_PREFIX}${language}`]),
      ]),
    ),
  };
}

/** A signed-in browser's page: anywhere, and at each address with a template of its own. */
function signedInPages(html: string, addresses: readonly string[], texts: readonly string[]) {
  return {
    anywhere: withPreloads(html, [LAYOUT_TEMPLATE, ...texts]),
    at: new Map(
      addresses.map((path) => [path, withPreloads(html, [LAYOUT_TEMPLATE, path, ...texts])]),
    ),
  };
}

/**
 * The path in the sign-in page's `?redirect=` (where the guest was going), to fetch that screen's
 * files ahead; '' for none. Only looked up among the build's addresses, never written out.
 */
function redirectPathOf(url: string): string {
  const base = 'http://back-office.invalid';
  try {
    const value = new URL(url, base).searchParams.get('redirect') ?? '';
    const target = new URL(value, base);
    return value.startsWith('/') && target.origin === base ? target.pathname : '';
  } catch {
    return '';
  }
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
 * Serves the built web app at every path outside /api (falling back to index.html so the
 * client router can answer), and the API's JSON 404 for unknown /api paths.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { distDir?: string }) => {
    const dist = options.distDir ?? defaultWebDist();
    const indexPath = join(dist, 'index.html');
    const readIndex = () =>
      existsSync(indexPath) ? pageVariants(readFileSync(indexPath, 'utf8')) : null;
    let pages = readIndex();
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
      // index.html itself is answered below, with its nonce filled in.
      if (file.startsWith(dist + '/') && extname(file) && file !== indexPath) {
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
      pages ??= readIndex();
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
      const signedIn = (language && pages.signedInIn.get(language)) || pages.signedIn;
      // The sign-in page fetches ahead the screen of its `?redirect=`, where the guest goes next.
      const next =
        path === SIGN_IN_PATH ? pages.signInBefore.get(redirectPathOf(request.url)) : undefined;
      const page = !SESSION_OPEN_COOKIE.test(cookie)
        ? (next ?? pages.guestAt.get(path) ?? pages.guest)
        : (signedIn.at.get(path) ?? signedIn.anywhere);
      const html = page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
      reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', webAppPolicy(nonce))
        .header('Vary', `${varyOnEncoding(reply.getHeader('vary'))}, Cookie`)
        .type(TYPES['.html']);
      // The page is a couple of KB and differs per answer (its nonce): compressed here, quickly.
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
