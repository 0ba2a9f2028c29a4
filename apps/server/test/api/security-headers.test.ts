/**
 * Security headers (issue 14, items 6 and 11): the web app's Content-Security-Policy with a
 * fresh style nonce per answer, Referrer-Policy and nosniff everywhere, and a policy for API
 * answers that loads nothing. Files keep their own sandboxing policy (files.test.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

// What Vite writes with `html.cspNonce` (apps/web/vite.config.ts).
const INDEX_HTML = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" crossorigin src="/assets/app.js" nonce="__CSP_NONCE__"></script>
</head><body><div id="root"></div></body></html>`;

// The guest page, with the one inline script the build writes into it
// (apps/web/build/guest-first-bytes.ts).
const EARLY_SCRIPT = '(function(){document.documentElement.dataset.early="1"})();';
const SCRIPT_HASH = `sha256-${createHash('sha256').update(EARLY_SCRIPT, 'utf8').digest('base64')}`;
const GUEST_HTML = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="__CSP_NONCE__">
</head><body><div id="sign-in-static" hidden></div><script>${EARLY_SCRIPT}</script>
<div id="root"></div><script type="module" crossorigin src="/assets/guest.js" nonce="__CSP_NONCE__"></script>
</body></html>`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bo-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'guest.html'), GUEST_HTML);
  // What the build writes beside it (guest-first-bytes.ts, which its own tests check).
  writeFileSync(join(dist, 'guest-page.json'), JSON.stringify({ scriptHashes: [SCRIPT_HASH] }));
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1);');
  t = await startTestApp({ webDist: dist });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

/** The policy as directive name → its source list. */
function directives(header: unknown): Record<string, string> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

describe('the web app', () => {
  // A browser where a tab is signed in is sent the app (index.html); any other the guest page.
  const signedIn = { cookie: 'back-office-session-open=1' };

  it.each(['/', '/hr/employees', '/index.html'])(
    '%s: a strict policy whose style nonce is the one in the page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: signedIn });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const policy = directives(res.headers['content-security-policy']);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy['style-src'])?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': `'self' 'nonce-${nonce}'`,
        'img-src': "'self' data: blob:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'frame-ancestors': "'none'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
      });
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).not.toContain('__CSP_NONCE__');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it("allows the guest page's one inline script by its hash, and no other", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<script>${EARLY_SCRIPT}</script>`);
    const policy = directives(res.headers['content-security-policy']);
    expect(policy['script-src']).toBe(`'self' '${SCRIPT_HASH}'`);
    // Neither a nonce for scripts nor 'unsafe-inline'.
    expect(policy['script-src']).not.toMatch(/nonce|unsafe/);
    const app = await t.app.inject({ method: 'GET', url: '/', headers: signedIn });
    expect(directives(app.headers['content-security-policy'])['script-src']).toBe("'self'");
  });

  it('gives every answer a new nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      nonces.add(
        String(/nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]),
      );
    }
    expect(nonces.size).toBe(5);
  });

  it('serves its assets under the same policy, without a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    const policy = directives(res.headers['content-security-policy']);
    expect(policy['style-src']).toBe("'self'");
    expect(policy['script-src']).toBe("'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('API answers', () => {
  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/collections/roles/records', 200],
    ['GET', '/api/nothing-here', 404],
    ['POST', '/api/collections/employees/auth-with-password', 400],
  ] as const)('%s %s: load nothing, are never framed', async (method, url, status) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: t.adminToken },
      ...(method === 'POST' ? { payload: { identity: 'x@test.local', password: 'x' } } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a cross-origin preflight', () => {
  it('is answered 204 before any route, naming the methods and echoing the headers asked for', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/collections/roles/records',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, idempotency-key');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('');
  });
});
