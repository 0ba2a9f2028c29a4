import type { Browser } from 'playwright-core';
import { existsSync } from 'node:fs';
import { ApiError } from '../core/errors';

/** Server-rendered HTML to PDF, shared by every report (project reports, payslips). */

/**
 * The printed HTML holds what users typed, so the browser must reach no address (server-side
 * request forgery). Request interception alone misses what Chromium fetches by itself, such as
 * `<link rel="prefetch">`; these flags cut the whole browser off: no host name resolves, and
 * every connection, to loopback addresses too, must go through a proxy that cannot be reached.
 */
export const OFF_THE_NETWORK = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://proxy.invalid:9',
  '--proxy-bypass-list=<-loopback>',
  '--disable-background-networking',
];

/** Where the document is shown: a reserved name, answered by the page's own route. */
const DOCUMENT_URL = 'http://report.invalid/';

/**
 * The document's Content-Security-Policy: sandboxed (no scripts, no `<meta http-equiv=refresh>`,
 * which made printing fail), and nothing loaded but its own inline styles and data: images.
 */
const DOCUMENT_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** True when the configured Chromium exists, so the PDF can be made. */
export function pdfAvailable(chromiumPath: string): boolean {
  return existsSync(chromiumPath);
}

/**
 * Prints report HTML to A4 PDFs with headless Chromium (playwright-core), off the network. The
 * server makes one printer (app.ts), so one browser is started at the first PDF and kept for the
 * next ones (starting it is most of a PDF's time); each PDF gets a fresh context, so nothing of
 * one report reaches another. Chromium shapes Arabic with the system's fonts (DejaVu Sans or
 * Noto carry Arabic glyphs).
 */
export class PdfPrinter {
  private browser: Promise<Browser> | null = null;

  constructor(private readonly chromiumPath: string) {}

  async print(html: string): Promise<Buffer> {
    if (!pdfAvailable(this.chromiumPath))
      throw new ApiError(503, 'PDF reports need Chromium on the server (set CHROMIUM_PATH).');
    const browser = await this.start();
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      // The document is answered here, never fetched, under a policy that lets it load nothing
      // and follow no refresh; every other request is refused before it leaves the browser.
      let served = false;
      await page.route('**/*', (route) => {
        const request = route.request();
        if (!served && request.isNavigationRequest() && request.url() === DOCUMENT_URL) {
          served = true;
          return route.fulfill({
            status: 200,
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'content-security-policy': DOCUMENT_POLICY,
            },
            body: html,
          });
        }
        return route.abort();
      });
      await page.goto(DOCUMENT_URL, { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await context.close();
    }
  }

  /** Stops the browser (the server is closing). */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private start(): Promise<Browser> {
    if (!this.browser) {
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: this.chromiumPath,
          args: ['--headless', '--no-sandbox', '--disable-gpu', ...OFF_THE_NETWORK],
        }),
      );
      this.browser = launching;
      // A browser that crashed or failed to start is started again at the next PDF.
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }
}
