import { describe, expect, test } from 'vitest';
import { signInAsAdmin, useBrowser } from './harness';

describe('language', () => {
  const browser = useBrowser();

  test('Arabic turns the page right-to-left and API calls carry Accept-Language: ar', async () => {
    const page = await browser.newPage();
    const apiCalls: { url: string; language: string | undefined }[] = [];
    page.on('request', (request) => {
      // The realtime stream (the notifications bell's) is an EventSource: browsers send it
      // without the app's headers, and its events carry no text to translate.
      if (request.resourceType() === 'eventsource') return;
      if (new URL(request.url()).pathname.startsWith('/api/')) {
        apiCalls.push({ url: request.url(), language: request.headers()['accept-language'] });
      }
    });

    await signInAsAdmin(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((call) => call.language === 'en')).toBe(true);

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');

    // A screen opened after the switch (client-side navigation) asks the API in Arabic.
    let mark = apiCalls.length;
    await page.getByTestId('nav-module-users').click();
    await page.getByRole('navigation').locator('a[href="/users/roles"]:visible').click();
    await page.getByRole('heading', { name: 'قائمة الأدوار' }).waitFor();
    await expect
      .poll(() =>
        apiCalls.slice(mark).some((c) => c.url.includes('/api/collections/roles/records')),
      )
      .toBe(true);
    let after = apiCalls.slice(mark);
    expect(after.map((call) => call.language)).toEqual(after.map(() => 'ar'));

    // The choice is remembered: after a reload the page is still Arabic and right-to-left.
    mark = apiCalls.length;
    await page.reload();
    await page.getByRole('heading', { name: 'قائمة الأدوار' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect
      .poll(() =>
        apiCalls.slice(mark).some((c) => c.url.includes('/api/collections/roles/records')),
      )
      .toBe(true);
    after = apiCalls.slice(mark);
    expect(after.map((call) => call.language)).toEqual(after.map(() => 'ar'));

    // Back to English.
    await page.getByRole('button', { name: 'اللغة' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  test('the login screen switches to Arabic too', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/login');
    await page.getByText('العربية').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
  });
});
