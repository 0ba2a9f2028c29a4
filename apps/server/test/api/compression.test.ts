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
/** The signed-in app's page as the build writes it: the placeholder where its links go. */
const INDEX_HTML = `<!doctype html><html><head>
<!--app-preloads-->
<meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" crossorigin src="/assets/app-Ab12.js" nonce="__CSP_NONCE__"></script>
<link rel="modulepreload" crossorigin href="/assets/react-Mn34.js" nonce="__CSP_NONCE__">
</head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

/** The guest pages' page (the build's second entry), with the sign-in form's markup. */
const GUEST_HTML = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" crossorigin src="/assets/guest-Zz99.js" nonce="__CSP_NONCE__"></script>
</head><body><div id="sign-in-static" hidden><template id="sign-in-en"><form><button>Log In</button></form></template></div><div id="root"></div>
<script type="application/json" id="app-files">{"start":["/assets/app-Ab12.js"]}</script>${'<!-- padding -->'.repeat(100)}</body></html>`;

/** What a signed-in visit needs next, by group (apps/web/build/sign-in-preload.ts). */
const APP_FILES = {
  start: ['/assets/app-Ab12.js', '/assets/react-Mn34.js'],
  page: [],
  groups: {
    guest: [{ rel: 'modulepreload', href: '/assets/login-Kl12.js' }],
    '*': [
      { rel: 'modulepreload', href: '/assets/layout-Ef56.js' },
      { rel: 'preload', href: '/assets/layout-St56.css' },
    ],
    '/': [{ rel: 'modulepreload', href: '/assets/dashboard-Gh78.js' }],
    '/hr/employees': [{ rel: 'modulepreload', href: '/assets/employees-list-Ij90.js' }],
    'texts-en': [{ rel: 'modulepreload', href: '/assets/en-Op12.js' }],
    'texts-ar': [{ rel: 'modulepreload', href: '/assets/ar-Qr34.js' }],
  },
};

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bo-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'guest.html'), GUEST_HTML);
  writeFileSync(join(dist, 'app-files.json'), JSON.stringify(APP_FILES));
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

  it('sends a guest the guest page as built, at any address, with only the nonce filled in', async () => {
    for (const url of [
      '/',
      '/auth/login',
      '/auth/login?redirect=/hr/employees',
      '/hr/employees',
      '/auth/forgot-password',
    ]) {
      const res = await t.app.inject({ url });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(res.body, url).toBe(GUEST_HTML.replaceAll('__CSP_NONCE__', nonce!));
      // Nothing of the app runs there: its files are only listed, for the page to fetch ahead.
      expect(res.body).not.toContain('src="/assets/app-Ab12.js"');
      expect(res.body).not.toContain('modulepreload');
    }
  });
});

describe("the links to a signed-in visit's files", () => {
  const page = async (url: string, cookie?: string) =>
    (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).body;
  const SESSION = 'back-office-session-open=1';

  it("are opened for a browser with a session: the layout's everywhere, a screen's at its address", async () => {
    const home = await page('/', SESSION);
    expect(home).not.toContain('app-preloads');
    // The app's own sign-in screen's files and the sign-in form are not in a signed-in page.
    expect(home).not.toContain('login-Kl12');
    expect(home).not.toContain('sign-in-static');
    expect(home).toContain('src="/assets/app-Ab12.js"');
    expect(home).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/layout-Ef56\.js" nonce="[^"_]+">/,
    );
    expect(home).toMatch(
      /<link rel="preload" as="style" crossorigin href="\/assets\/layout-St56\.css" nonce="[^"_]+">/,
    );
    expect(home).toContain('href="/assets/dashboard-Gh78.js"');
    expect(home).not.toContain('employees-list-Ij90');
    const list = await page('/hr/employees?page=2', SESSION);
    expect(list).not.toContain('app-preloads');
    expect(list).toContain('href="/assets/layout-Ef56.js"');
    expect(list).toContain('href="/assets/employees-list-Ij90.js"');
    expect(list).not.toContain('dashboard-Gh78');
    // Any other address: the layout's alone.
    for (const url of ['/hr/employees/new', '/finance/vaults', '/hr/employees/']) {
      const other = await page(url, SESSION);
      expect(other).not.toContain('app-preloads');
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
        expect(html).not.toContain('app-preloads');
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
