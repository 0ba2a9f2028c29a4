import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFF_THE_NETWORK, PdfPrinter } from '../../src/domain/pdf-printer';
import { reportHtml } from '../../src/domain/projects-report';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The server's Chromium prints HTML that holds what users typed. It must never fetch an address
 * (server-side request forgery): a local HTTP listener stands for an internal service and must
 * receive no request at all, whatever the HTML tries.
 */

let t: TestApp;
let listener: Server;
let base = '';
const received: string[] = [];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

beforeAll(async () => {
  listener = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    response.end('internal');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  t = await startTestApp({ chromiumPath: CHROMIUM });
});
afterAll(async () => {
  await t.stop();
  await new Promise((resolve) => listener.close(resolve));
});

/** Every way of making a page fetch an address without JavaScript that we know of. */
const reachOut = (tag: string) => `
  <link rel="prefetch" href="${base}/${tag}/prefetch">
  <link rel="preload" as="image" href="${base}/${tag}/preload">
  <link rel="stylesheet" href="${base}/${tag}/sheet.css">
  <link rel="preconnect" href="${base}">
  <style>@import url(${base}/${tag}/import.css); body { background: url(${base}/${tag}/bg.png) }
    h1 { color: red; font-size: 80pt }</style>
  <meta http-equiv="refresh" content="0;url=${base}/${tag}/refresh">
  <p>Visible ${tag} text.</p>
  <img src="${base}/${tag}/img.png"><iframe src="${base}/${tag}/frame"></iframe>
  <object data="${base}/${tag}/object"></object><video poster="${base}/${tag}/poster.png"></video>
  <img src="http://localhost:${base.split(':')[2]}/${tag}/by-name.png">
  <a href="${base}/${tag}/link">a link is only text on paper</a>`;

/** What the listener got once late requests (prefetches) have had time to arrive. */
async function receivedAfterAWhile(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return [...received];
}

const dir = mkdtempSync(join(tmpdir(), 'pdf-network-'));
function textOf(pdf: Buffer): string {
  const file = join(dir, `${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the PDF printer and the network', () => {
  it('fetches nothing, even for HTML that was not cleaned', async () => {
    received.length = 0;
    const printer = new PdfPrinter(CHROMIUM);
    try {
      const pdf = await printer.print(
        `<!doctype html><html><head><meta charset="utf-8">${reachOut('raw')}</head><body>${reachOut('raw-body')}</body></html>`,
      );
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await printer.close();
    }
    expect(await receivedAfterAWhile()).toEqual([]);
  }, 60_000);

  it('starts a browser that reaches nothing by itself, without the page\u2019s own guards', async () => {
    // The browser-level cut alone: a page shown with no request interception and no policy.
    const { chromium } = await import('playwright-core');
    const visit = async (args: string[]) => {
      received.length = 0;
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', ...args],
      });
      try {
        const page = await browser.newPage({ javaScriptEnabled: false });
        await page.setContent(`<html><head>${reachOut('browser')}</head><body></body></html>`);
        return await receivedAfterAWhile();
      } finally {
        await browser.close();
      }
    };
    // Without the flags the same page does reach the listener, so the check below can fail.
    expect((await visit([])).length).toBeGreaterThan(0);
    expect(await visit(OFF_THE_NETWORK)).toEqual([]);
  }, 60_000);

  it('prints a project report whose rich text reaches for internal addresses, reaching none', async () => {
    received.length = 0;
    const headers = { authorization: t.adminToken };
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/collections/projects/records',
      headers,
      payload: { title: 'Report with traps', details: reachOut('details') },
    });
    expect(project.statusCode, project.body).toBe(200);
    const id = project.json().id as string;
    const activity = await t.app.inject({
      method: 'POST',
      url: '/api/collections/projects_activities/records',
      headers,
      payload: { project: id, title: 'Trap workshop', lessons: reachOut('lessons') },
    });
    expect(activity.statusCode, activity.body).toBe(200);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${id}/report.pdf`,
      headers,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = textOf(res.rawPayload);
    // The report itself was printed, its users' text with it.
    expect(text).toContain('Report with traps');
    expect(text).toContain('Visible details text.');
    expect(text).toContain('Visible lessons text.');
    expect(await receivedAfterAWhile()).toEqual([]);
  }, 60_000);

  it('puts only the editor\u2019s formatting of the rich text into the report', () => {
    const blank = { id: 'x', code: '', title: '', place: '', starting_date: '', end_date: '' };
    const html = reportHtml(
      {
        project: { ...blank, title: 'Cleaned', details: reachOut('details') },
        activities: [
          { ...blank, audience_count: 0, title: 'Cleaned activity', lessons: reachOut('lessons') },
        ],
        staff: null,
        timeline: null,
        finance: null,
      },
      'en',
    );
    // The report's own style sheet is its only one, and nothing in it loads an address.
    expect(html.match(/<style/g)).toHaveLength(1);
    for (const tag of ['<link', '<meta http-equiv', '<img', '<iframe', '<object', '<video'])
      expect(html).not.toContain(tag);
    expect(html).not.toContain('@import');
    expect(html).toContain('<p>Visible details text.</p>');
    expect(html).toContain(`<a href="${base}/lessons/link"`);
  });
});
