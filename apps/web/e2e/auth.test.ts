import { describe, expect, test } from 'vitest';
import { createAccount, e2e, signIn, signInAsAdmin, unique, useBrowser } from './harness';

const SESSION_KEY = 'authenticated-user-data';

describe('sign-in, guard and session', () => {
  const browser = useBrowser();

  test('a guest following a deep link is sent to /auth/login', async () => {
    const page = await browser.newPage();
    await page.goto('/users/roles');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).toBeNull();
  });

  test('a signed-in account visiting /auth/login is sent to /', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/auth/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('greeting').waitFor();
    await page.goto('/auth/forgot-password');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('a wrong password shows "Failed To Login"; the right one lands on the dashboard', async () => {
    const account = await createAccount({ permissions: ['roles.read'], name: unique('Amina') });
    const page = await browser.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('Failed To Login');
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    // An unknown address gives the same generic message (no account enumeration).
    await page.reload();
    await page.getByLabel('Email Address').fill('nobody@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await error.waitFor();
    expect(await error.innerText()).toBe('Failed To Login');

    await page.getByLabel('Email Address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    expect(await greeting.innerText()).toContain('Amina');
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ record: { email: account.email } });
  });

  test('a reload keeps the session', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/users/roles');
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users/roles');
    await page.getByTestId('user-menu').waitFor();
  });

  test('logout clears the session storage key and returns to the login screen', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).not.toBeNull();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).toBeNull();
    // The session is really gone: a protected page sends back to the login screen.
    await page.goto('/users/roles');
    await page.waitForURL((url) => url.pathname === '/auth/login');
  });

  test("the user menu's change password opens its dialog, fetched on first opening", async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const dialogCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/change-password-dialog-/.test(request.url())) dialogCode.push(request.url());
    });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(dialogCode).toEqual([]);
    for (let opening = 0; opening < 2; opening++) {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.waitFor();
      await dialog.getByLabel('Current password').first().waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(dialogCode).toHaveLength(1);
  });

  test('an unknown path shows "Page Not Found" with the path', async () => {
    const page = await browser.newPage();
    await signIn(page, e2e.adminEmail, e2e.adminPassword);
    await page.goto('/no/such/page-42');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByTestId('status-code').innerText()).toBe('404');
    await page.getByText('/no/such/page-42', { exact: true }).waitFor();
  });

  test("the sign-in form works before the app's code has arrived, and the app takes it over", async () => {
    const account = await createAccount({ permissions: ['roles.read'], name: unique('Samir') });
    const page = await browser.newPage();
    // Hold every script of the app, as a slow line does; index.html and its small early script
    // still arrive.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      if (!route.request().url().includes('/assets/sign-in-early-')) await held;
      await route.continue();
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    const form = page.locator('#sign-in-static form');
    await form.waitFor();
    // The visitor switches to Arabic, types, switches back (nothing typed is lost) and presses
    // Enter: all before the app exists.
    await page.locator('#sign-in-static').getByText('العربية').click();
    await page.getByRole('button', { name: 'دخول' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.locator('#sign-in-static').getByText('English').click();
    expect(await page.getByLabel('Email Address').inputValue()).toBe(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(await page.getByRole('button', { name: 'Log In' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(await page.evaluate(() => window.location.pathname)).toBe('/auth/login');

    release();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.locator('#sign-in-static').count()).toBe(0);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).not.toBeNull();
  });

  test("a signed-in tab never shows index.html's sign-in form", async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    expect(await page.locator('#sign-in-static').count()).toBe(0);
  });

  test('a browser with a session open is sent the page without the form; signing out brings it back', async () => {
    const page = await browser.newPage();
    const pageHas = async () =>
      (await (await page.request.get('/auth/login')).text()).includes('id="sign-in-static"');
    expect(await pageHas()).toBe(true);
    await signInAsAdmin(page);
    expect(await pageHas()).toBe(false);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.locator('#login-password').waitFor();
    expect(await pageHas()).toBe(true);
  });

  test('after the browser was closed without signing out, the next visit shows the early form', async () => {
    const signedIn = await browser.newPage();
    await signInAsAdmin(signedIn);
    const context = signedIn.context();
    // Closing the browser ends its session: its tabs go, their storage with them, and then its
    // session cookies, the "signed in" flag among them (localStorage, which stays, holds no
    // flag). The tab goes first: a signed-in app still running sets the flag again whenever its
    // session is refreshed.
    await signedIn.close();
    await context.clearCookies();
    const page = await context.newPage();
    // The app's code held back: what shows is index.html's own form.
    await page.route('**/assets/*.js', async (route) => {
      if (route.request().url().includes('/assets/sign-in-early-')) await route.continue();
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await page.locator('#sign-in-static form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('back-office-session-open'))).toBeNull();
  });
});
