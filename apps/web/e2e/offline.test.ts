import { describe, expect, test } from 'vitest';
import { BLOCKING, describeViolations, runAxe } from './axe';
import { signInAsAdmin, useBrowser, type Page } from './harness';

/**
 * The service worker (public/sw.js): on a repeat visit the app's files come from its cache, and a
 * page opened with no connection shows the offline page, in both languages, instead of the
 * browser's error.
 */
describe('the service worker', () => {
  const browser = useBrowser();

  /**
   * Waits until the app's service worker is activated, then reloads: the reloaded page must be
   * controlled by it. (The wait runs in the page and resolves on the worker's own events:
   * `waitForFunction` would take an async predicate's promise as a truthy answer at once, and the
   * reload could then race the worker's activation.)
   */
  async function controlled(page: Page): Promise<void> {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (!worker || worker.state === 'activated') return;
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }

  test('serves the app files again from its cache, and the offline page without a connection', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await controlled(page);

    // A repeat visit: the built files come from the worker, not the network.
    const fromWorker: string[] = [];
    const fromNetwork: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/assets/')) return;
      (response.fromServiceWorker() ? fromWorker : fromNetwork).push(path);
    });
    await page.goto('/users/roles');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromNetwork).toEqual([]);

    // No connection: the offline page says so, in English and Arabic, and offers to try again.
    await page.context().setOffline(true);
    await page.goto('/hr/employees');
    await page.getByRole('heading', { name: 'The connection is down' }).waitFor();
    await page.getByRole('heading', { name: 'انقطع الاتصال' }).waitFor();
    const retry = page.getByRole('link', { name: 'Try again' });
    expect(await retry.getAttribute('href')).toBe('');
    // Readable by everyone: no moderate, serious or critical accessibility problem, Arabic contrast too.
    const violations = (await runAxe(page)).filter((v) =>
      (BLOCKING as readonly string[]).includes(v.impact ?? ''),
    );
    expect(violations, describeViolations(violations)).toEqual([]);

    // Back online, trying again opens the screen that was asked for.
    await page.context().setOffline(false);
    await retry.click();
    await page.waitForURL((url) => url.pathname === '/hr/employees');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('The connection is down').count()).toBe(0);
  });
});
