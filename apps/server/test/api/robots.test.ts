/**
 * robots.txt (issue 16): the back office is private, so every crawler is told to stay out, in
 * plain text, and not with the web app's HTML (which the catch-all would send).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bo-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body>app</body></html>');
  t = await startTestApp({ webDist: dist });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe('GET /robots.txt', () => {
  it('disallows everything, as plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('HEAD answers too, and other paths still get the app', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    const app = await t.app.inject({ method: 'GET', url: '/robots' });
    expect(app.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
