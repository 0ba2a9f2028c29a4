import type { Browser } from 'playwright-core';
import { existsSync } from 'node:fs';
import { ApiError } from '../core/errors';

/** Server-rendered HTML to PDF, shared by every report (project reports, payslips). */

/** True when the configured Chromium exists, so the PDF can be made. */
export function pdfAvailable(chromiumPath: string): boolean {
  return existsSync(chromiumPath);
}

/**
 * Prints report HTML to A4 PDFs with headless Chromium (playwright-core). The server makes one printer (app.ts), so one browser is started
 * at the first PDF and kept for the next ones (starting it is most of a PDF's time); each PDF
 * gets a fresh context, so nothing of one report reaches another. Chromium shapes Arabic with the
 * system's fonts (DejaVu Sans or Noto carry Arabic glyphs).
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
      // Nothing leaves the renderer: user HTML cannot fetch internal addresses.
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
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
          args: ['--headless', '--no-sandbox', '--disable-gpu'],
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
