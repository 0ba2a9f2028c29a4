/**
 * Compression (issue 13, point 4): the build's brotli/gzip copies of the app's files served by
 * content negotiation with long-lived caching for hashed assets, index.html compressed per
 * answer (its nonce differs) and never cached, and API JSON above 1 KB compressed on the fly.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/plugins/compression';
import { startTestApp, type TestApp } from '../helpers/test-app';

const APP_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const INDEX_HTML = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="__CSP_NONCE__">
<script defer fetchpriority="high" src="/assets/sign-in-early-0a1b2c3d4e.js"></script><script type="module" crossorigin src="/assets/app-Ab12.js" nonce="__CSP_NONCE__"></script>
<link rel="modulepreload" crossorigin href="/assets/react-Mn34.js" nonce="__CSP_NONCE__">
<template data-preload="guest"><link rel="modulepreload" crossorigin href="/assets/login-Kl12.js" nonce="__CSP_NONCE__"></template>
<template data-preload="*"><link rel="modulepreload" crossorigin href="/assets/layout-Ef56.js" nonce="__CSP_NONCE__"></template>
<template data-preload="/"><link rel="modulepreload" crossorigin href="/assets/dashboard-Gh78.js" nonce="__CSP_NONCE__"></template>
<template data-preload="/hr/employees"><link rel="modulepreload" crossorigin href="/assets/employees-list-Ij90.js" nonce="__CSP_NONCE__"></template>
<template data-preload="texts-en"><link rel="modulepreload" crossorigin href="/assets/en-Op12.js" nonce="__CSP_NONCE__"></template>
<template data-preload="texts-ar"><link rel="modulepreload" crossorigin href="/assets/ar-Qr34.js" nonce="__CSP_NONCE__"></template>
</head><body><div id="sign-in-static" hidden><template id="sign-in-en"><form><button>Log In</button></form></template></div><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bo-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  // What the build writes (apps/web/build/precompress.ts): the file and its two copies.
  writeFileSync(join(dist, 'assets', 'app-Ab12.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'app-Ab12.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(dist, 'assets', 'app-Ab12.js.gz'), gzipSync(APP_JS));
  // A small file the build left uncompressed.
  writeFileSync(join(dist, 'assets', 'tiny-Cd34.css'), 'a{color:red}');
  // Files of public/, under fixed names.
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  t = await startTestApp({ webDist: dist });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['x-gzip', 'gzip'],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('only offers what exists', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('the built assets', () => {
  it('sends the brotli copy to a browser that takes it, cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/app-Ab12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await t.app.inject({
      url: '/assets/app-Ab12.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const plain = await t.app.inject({ url: '/assets/app-Ab12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
    expect(plain.body).toBe(APP_JS);
  });

  it('sends a file without copies as it is', async () => {
    const res = await t.app.inject({
      url: '/assets/tiny-Cd34.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{color:red}');
  });

  it('compresses index.html per answer, with its own nonce, never cached', async () => {
    const res = await t.app.inject({ url: '/hr/employees', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    const html = brotliDecompressSync(res.rawPayload).toString();
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__CSP_NONCE__');
  });
});

describe('files under fixed names', () => {
  it('keeps the icon a day and asks for the service worker every time', async () => {
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});

describe('the page and the sign-in form that comes with it', () => {
  const page = async (cookie?: string, url = '/') => {
    const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['vary']).toMatch(/Cookie/);
    return res.body;
  };

  it('carries the form to a browser with no session open', async () => {
    expect(await page()).toContain('<div id="sign-in-static" hidden><template id="sign-in-en">');
    expect(await page('back-office-session-open=')).toContain('id="sign-in-static"');
  });

  it('leaves the form out for a browser whose tabs hold a session, and keeps the app', async () => {
    for (const cookie of ['back-office-session-open=1', 'lang=ar; back-office-session-open=1']) {
      const html = await page(cookie);
      expect(html).not.toContain('sign-in-static');
      expect(html).not.toContain('Log In');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('/assets/app-Ab12.js');
    }
  });
});

describe("the links to a signed-in visit's files", () => {
  const page = async (url: string, cookie?: string) =>
    (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).body;
  const SESSION = 'back-office-session-open=1';

  it("wait, with the app's code, in inert templates of a guest's page", async () => {
    /** The inert template `id` of the page, and the page without it. */
    const split = (html: string, id: string) => {
      // (app-ahead holds templates of its own: it ends where the head does.)
      const match = new RegExp(
        `<template id="${id}">([\\s\\S]*?)</template>(?=<template id="app-|</head>)`,
      ).exec(html);
      expect(match, id).not.toBeNull();
      return { inside: match![1]!, outside: html.replace(match![0], '') };
    };
    const expectedAhead: Record<string, string[]> = {
      '/auth/login': ['layout-Ef56', 'dashboard-Gh78'],
      // Where the guest was going comes next, rather than the dashboard.
      '/auth/login?redirect=/hr/employees': ['layout-Ef56', 'employees-list-Ij90'],
      '/auth/login?redirect=/hr/employees%3Fpage%3D2': ['layout-Ef56', 'employees-list-Ij90'],
      '/auth/login?redirect=//evil.example/hr/employees': ['layout-Ef56', 'dashboard-Gh78'],
      '/auth/login?redirect=/nowhere': ['layout-Ef56', 'dashboard-Gh78'],
      '/': ['layout-Ef56', 'dashboard-Gh78'],
      '/hr/employees': ['layout-Ef56', 'employees-list-Ij90'],
      '/finance/vaults': ['layout-Ef56'],
    };
    for (const [url, ahead] of Object.entries(expectedAhead)) {
      const html = await page(url);
      expect(html).not.toContain('data-preload');
      expect(html).toContain('<script defer fetchpriority="high" src="/assets/sign-in-early-');
      // The sign-in form works without the app (public/sign-in-early.js signs in): nothing of
      // the app's is fetched with the page.
      const code = split(html, 'app-code');
      const signInScreen = split(code.outside, 'app-sign-in');
      const rest = split(signInScreen.outside, 'app-ahead');
      expect(rest.outside).not.toContain('modulepreload');
      expect(rest.outside).not.toContain('type="module"');
      // What starts the app once signed in: the entry and its imports.
      expect(code.inside).toMatch(
        /^<script type="module" crossorigin src="\/assets\/app-Ab12\.js" nonce="[^"_]+"><\/script>/,
      );
      expect(code.inside).toContain('react-Mn34');
      // The app's own sign-in screen apart: the early form signs in without it.
      expect(code.inside).not.toContain('login-Kl12');
      expect(signInScreen.inside).toContain('login-Kl12');
      // What is fetched ahead while the person types: the layout's and the next screen's.
      for (const file of ['layout-Ef56', 'dashboard-Gh78', 'employees-list-Ij90'])
        expect(rest.inside.includes(file), `${url} ${file}`).toBe(ahead.includes(file));
      // And every area's texts, in a template per language for the script to choose.
      expect(rest.inside).toMatch(
        /<template data-language="en"><link [^>]*en-Op12\.js[^>]*><\/template>/,
      );
      expect(rest.inside).toMatch(
        /<template data-language="ar"><link [^>]*ar-Qr34\.js[^>]*><\/template>/,
      );
    }
  });

  it("are opened for a browser with a session: the layout's everywhere, a screen's at its address", async () => {
    const home = await page('/', SESSION);
    expect(home).not.toContain('data-preload');
    // The sign-in page's own files and its early script are a guest's only.
    expect(home).not.toContain('login-Kl12');
    expect(home).not.toContain('sign-in-early');
    expect(home).toContain('src="/assets/app-Ab12.js"');
    expect(home).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/layout-Ef56\.js" nonce="[^"_]+">/,
    );
    expect(home).toContain('href="/assets/dashboard-Gh78.js"');
    expect(home).not.toContain('employees-list-Ij90');
    const list = await page('/hr/employees?page=2', SESSION);
    expect(list).not.toContain('data-preload');
    expect(list).toContain('href="/assets/layout-Ef56.js"');
    expect(list).toContain('href="/assets/employees-list-Ij90.js"');
    expect(list).not.toContain('dashboard-Gh78');
    // Any other address: the layout's alone.
    for (const url of ['/hr/employees/new', '/finance/vaults', '/hr/employees/']) {
      const other = await page(url, SESSION);
      expect(other).not.toContain('data-preload');
      expect(other).toContain('href="/assets/layout-Ef56.js"');
      expect(other).not.toContain('dashboard-Gh78');
      expect(other).not.toContain('employees-list-Ij90');
      expect(other).not.toContain('login-Kl12');
      expect(other).not.toContain('en-Op12');
    }
  });

  it("name the texts of the language a signed-in browser uses, and no other's", async () => {
    for (const [language, texts, other] of [
      ['en', 'en-Op12', 'ar-Qr34'],
      ['ar', 'ar-Qr34', 'en-Op12'],
    ] as const) {
      for (const url of ['/', '/hr/employees', '/finance/vaults']) {
        const html = await page(url, `back-office-language=${language}; ${SESSION}`);
        expect(html, `${language} ${url}`).toMatch(
          new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${texts}\\.js"`),
        );
        expect(html).toContain('href="/assets/layout-Ef56.js"');
        expect(html).not.toContain(other);
        expect(html).not.toContain('data-preload');
      }
    }
    // A language the app does not have names none.
    const unknown = await page('/', `${SESSION}; back-office-language=fr`);
    expect(unknown).not.toContain('en-Op12');
    expect(unknown).not.toContain('ar-Qr34');
    expect(unknown).toContain('href="/assets/dashboard-Gh78.js"');
  });
});

describe('API answers', () => {
  it('compresses a JSON list above 1 KB when accepted, and not otherwise', async () => {
    for (let i = 0; i < 12; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/collections/roles/records',
        headers: { authorization: t.adminToken },
        payload: { name: `Role number ${i}`, permissions: [] },
      });
    }
    const url = '/api/collections/roles/records?perPage=50';
    const plain = await t.app.inject({ url, headers: { authorization: t.adminToken } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Origin, Accept-Encoding/);
    expect(plain.body.length).toBeGreaterThan(1024);

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url,
        headers: { authorization: t.adminToken, 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    }
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 200 });
  });
});
