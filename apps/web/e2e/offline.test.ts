import { describe, expect, test } from 'vitest';
import { BLOCKING, describeViolations, runAxe } from './axe';
import { reloadUnderServiceWorker, signInAsAdmin, useBrowser } from './harness';

/**
 * The service worker (public/sw.js): on a repeat visit the app's files come from its cache, and a
 * page opened with no connection shows the offline page, in both languages, instead of the
 * browser's error.
 */
describe('the service worker', () => {
  const browser = useBrowser();

  test('serves the app files again from its cache, and the offline page without a connection', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);

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

    // No connection, and no app page kept (a guest): the offline page says so, in English and
    // Arabic, and offers to try again.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect.poll(() => page.evaluate(() => caches.has('app-shell-v1'))).toBe(false);
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
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await page.getByText('The connection is down').count()).toBe(0);
  });

  test('a signed-in screen opens offline with what it showed, under a banner, until sign-out', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/users/roles');
    await page.getByRole('cell', { name: 'Administrator' }).first().waitFor();
    await reloadUnderServiceWorker(page);
    await page.getByRole('cell', { name: 'Administrator' }).first().waitFor();
    // The app keeps its page a moment after it starts, and every answer as it comes.
    await expect.poll(() => page.evaluate(() => caches.has('app-shell-v1'))).toBe(true);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    // No connection, and the tab reloaded: the app opens and shows the list as last seen.
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('cell', { name: 'Administrator' }).first().waitFor();
    const banner = page.getByTestId('offline-banner');
    await expect
      .poll(() => banner.textContent())
      .toMatch(/^Offline: shown as of \d\d\/\d\d\/\d{4}/);

    // A screen never opened here says it cannot open offline (its code was never downloaded).
    await page.goto('/hr/members');
    await page.getByRole('heading', { name: 'Not available offline' }).waitFor();

    // Back online, the banner goes and the screen loads.
    await page.context().setOffline(false);
    await page.goto('/users/roles');
    await page.getByRole('cell', { name: 'Administrator' }).first().waitFor();
    await expect.poll(() => banner.count()).toBe(0);

    // Signing out empties what was kept: the stored answers and the app's page.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect.poll(() => page.evaluate(() => caches.has('app-shell-v1'))).toBe(false);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('back-office-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('queries').objectStore('queries').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(0);
  });
});
