import { describe, expect, test } from 'vitest';
import { signInAsAdmin, useBrowser, type Page } from './harness';

/**
 * The app installs to a phone's home screen (public/manifest.json, manifest-ar.json and the
 * icons drawn by build/make-icons.ts): Chromium finds nothing missing, the name follows the
 * interface language, and the signed-in app fits a 360 px screen in both languages.
 */
describe('the installable app', () => {
  const browser = useBrowser();

  async function installabilityErrors(page: Page): Promise<unknown[]> {
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
    // A test's browser context is a private window, where nothing installs; all else must pass.
    return [...errors, ...installabilityErrors.filter((e) => e.errorId !== 'in-incognito')];
  }

  async function manifestName(page: Page): Promise<string> {
    return page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
      return ((await (await fetch(href)).json()) as { name: string }).name;
    });
  }

  test('has a manifest Chromium accepts, named in the interface language', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => installabilityErrors(page), { timeout: 15_000 }).toEqual([]);
    expect(await manifestName(page)).toBe('Wa3y Back Office');
    for (const size of ['icon-192.png', 'icon-512.png', 'maskable-512.png']) {
      const answer = await page.request.get(`/icons/${size}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }

    const arabic = await browser.newPage({ locale: 'ar' });
    await signInAsAdmin(arabic);
    expect(await manifestName(arabic)).toBe('المكتب الخلفي لوعي');
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`fits a 360 px screen in ${locale === 'en' ? 'English' : 'Arabic'}`, async () => {
      const page = await browser.newPage({ locale, width: 360, height: 740 });
      await signInAsAdmin(page);
      for (const path of ['/', '/users/roles']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
      }
    });
  }
});
