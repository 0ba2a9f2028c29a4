import { describe, expect, test } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/config/constants';
import {
  createAccount,
  e2e,
  signIn,
  signInAsAdmin,
  unique,
  useBrowser,
  type Page,
} from './harness';

describe('sign-in, guard and session', () => {
  const browser = useBrowser();

  /** The guest page's entry and the files it imports (the page links them). */
  const guestEntryFiles = async (page: Page) => {
    const html = await (await page.request.get('/auth/login')).text();
    return [
      ...html.matchAll(
        /<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)"/g,
      ),
    ].map((match) => match[1]!);
  };

  /** The address the page shows: path and query. */
  const address = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };

  test('a guest following a deep link is sent to the sign-in page, signs in and lands on it', async () => {
    const page = await browser.newPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    await page.goto('/users/roles');
    // The guest page (guest.html): the app is not loaded for a guest.
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await page.locator('script[src*="/assets/index-"]').count()).toBe(0);
    // The address is the sign-in page's, keeping where the person was going, and it was
    // rewritten in place: one answer brought the form (no round trip for a redirect).
    expect(address(page)).toBe('/auth/login?redirect=/users/roles');
    expect(documents).toHaveLength(1);
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY),
    ).toBeNull();
    await page.getByLabel('Email Address').fill(e2e.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(e2e.adminPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users/roles');
    // The app started in the same page once signed in: still the one answer.
    expect(documents).toHaveLength(1);
  });

  test('a guest at / or /auth is sent to /auth/login, and signing in opens the dashboard', async () => {
    const page = await browser.newPage();
    for (const start of ['/auth', '/', '/Auth/']) {
      await page.goto(start);
      await page.locator('form:has(#login-password)').waitFor();
      expect(address(page), start).toBe('/auth/login');
    }
    await signInAsAdmin(page);
    expect(address(page)).toBe('/');
  });

  test('signing in leads only to an address of this site', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example/x', '/%5Cevil.example/x']) {
      const page = await browser.newPage();
      await page.goto(`/auth/login?redirect=${redirect}`);
      await signInAsAdmin(page);
      const url = new URL(page.url());
      expect(url.origin, redirect).toBe(new URL(e2e.baseURL).origin);
      expect(url.pathname, redirect).toBe('/');
      await page.close();
    }
  });

  test('where the app takes the form over (no session storage), it too keeps where the guest was going', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const refuse = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.sessionStorage) throw new DOMException('refused', 'SecurityError');
        return refuse.call(this, key, value);
      };
    });
    await page.goto('/hr/employees?page=1');
    await page.locator('#login-password').waitFor();
    expect(address(page)).toBe('/auth/login?redirect=/hr/employees%3Fpage%3D1');
    await signInAsAdmin(page);
    expect(address(page)).toBe('/hr/employees?page=1');
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
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
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

  test('a refresh answer cut off mid-way keeps the session', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
    // The server's 200, broken off before its end (a busy server or a dropped line).
    let cut = 0;
    await page.route(/\/auth-refresh/, async (route) => {
      cut += 1;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"token":"ey' });
    });
    await page.goto('/users/roles');
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    await expect.poll(() => cut).toBe(1);
    // The answer is in and read: the tab still holds its session, and the next screen opens.
    await page.getByTestId('user-menu').waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY)).toBe(
      stored,
    );
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Users List' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
  });

  test('logout clears the session storage key and returns to the login screen', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY),
    ).not.toBeNull();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY),
    ).toBeNull();
    // The session is really gone: a protected page asks to sign in.
    await page.goto('/users/roles');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Roles List' }).count()).toBe(0);
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

  test("a guest's page loads none of the app's code, and fetches it ahead without running it", async () => {
    const page = await browser.newPage();
    await page.goto('/auth/login', { waitUntil: 'load' });
    await page.locator('form:has(#login-password)').waitFor();
    // Module scripts hold the load event back: only the guest entry's were asked for before it.
    const beforeLoad = await page.evaluate(() => {
      const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .loadEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= loaded && /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => new URL(entry.name).pathname);
    });
    expect(beforeLoad.some((path) => /^\/assets\/guest-/.test(path))).toBe(true);
    expect(
      beforeLoad.filter((path) => /^\/assets\/(index|default-layout|dashboard)-/.test(path)),
    ).toEqual([]);
    // Then the app's entry and the layout's files come, for after signing in, and do not run.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/assets\/index-/.test(entry.name)),
    );
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/default-layout-/.test(entry.name)),
    );
    await page.waitForLoadState('networkidle');
    expect(await page.locator('script[src*="/assets/index-"]').count()).toBe(0);
    expect(await page.locator('link[rel="prefetch"][href*="/assets/index-"]').count()).toBe(1);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
  });

  test('the sign-in form works before its code arrives, then signs in and opens the app', async () => {
    const account = await createAccount({ permissions: ['roles.read'], name: unique('Samir') });
    const page = await browser.newPage();
    // Every file of the app is held back, the guest entry's and its stylesheet too, as on a
    // very slow line: the page shows the form with its own bytes (build/guest-first-bytes.ts).
    const held: string[] = [];
    let release = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    const entryFiles = await guestEntryFiles(page);
    await page.route('**/assets/**', async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await holding;
      await route.continue();
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth-refresh')) refreshes.push(request.url());
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    const early = page.locator('#sign-in-static');
    await early.locator('form').waitFor();
    // Styled by the page's own rules: the button in the brand's colour.
    expect(
      await early
        .getByRole('button', { name: 'Log In' })
        .evaluate((button) => getComputedStyle(button).backgroundColor),
    ).toBe('rgb(74, 20, 140)');
    // The visitor switches to Arabic, types, switches back (nothing typed is lost), shows the
    // password and presses Enter: all before React and the form's code are there.
    await early.getByText('العربية').click();
    await early.getByRole('button', { name: 'دخول' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await early.getByLabel('البريد الإلكتروني').fill(account.email);
    await early.getByText('English').click();
    expect(await early.getByLabel('Email Address').inputValue()).toBe(account.email);
    await early.getByLabel('Password', { exact: true }).fill(account.password);
    await early.getByRole('button', { name: 'Show password' }).click();
    expect(await early.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await early.getByLabel('Password', { exact: true }).press('Enter');
    // Held, not sent: the page stays, and says it is busy.
    expect(await early.getByRole('button', { name: 'Log In' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    // Nothing of the app has arrived, not even the guest entry.
    expect(held).toEqual(expect.arrayContaining(entryFiles));
    expect(await page.evaluate(() => window.location.pathname)).toBe('/auth/login');
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY),
    ).toBeNull();

    // The code arrives: the React form takes what was typed and the press, signs in with the
    // app's one signIn, and the browser opens the app.
    release();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The early script ran under the page's policy (allowed by its hash), refused nothing.
    expect(refused).toEqual([]);
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      record: { email: account.email, expand: { roles: [{ permissions: ['roles.read'] }] } },
    });
    // The session is a moment old: the app does not ask for it again.
    expect(refreshes).toEqual([]);
    // A reload does, as it always has.
    const refreshed = page.waitForRequest((request) => request.url().includes('/auth-refresh'));
    await page.reload();
    await refreshed;
    await page.getByTestId('user-menu').waitFor();
  });

  test("the guest page's form says which field is empty and why signing in failed, in the page's language", async () => {
    const suspended = await createAccount({ status: 'SUSPENDED' });
    const page = await browser.newPage();
    await page.goto('/auth/login');
    // The React form, once it has taken the early one over.
    await page.locator('#sign-in-static').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Log In' }).click();
    const email = page.getByLabel('Email Address');
    await page.getByText('Enter your email address').waitFor();
    await page.getByText('Enter your password').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    // Typing takes a field's message away; the other stays.
    await email.fill(suspended.email);
    await expect.poll(() => page.getByText('Enter your email address').count()).toBe(0);
    await page.getByText('Enter your password').waitFor();

    // A correct password on a suspended account.
    await page.getByLabel('Password', { exact: true }).fill(suspended.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('Inactive User');
    expect(await error.getAttribute('role')).toBe('alert');

    // In Arabic, a wrong password.
    await page.getByText('العربية').click();
    await page.getByLabel('كلمة المرور', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe('فشل تسجيل الدخول');
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY),
    ).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  test('without session storage, the guest page hands over to the app, which signs in', async () => {
    const page = await browser.newPage();
    // A browser whose privacy settings refuse this site's session storage.
    await page.addInitScript(() => {
      const refuse = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.sessionStorage) throw new DOMException('refused', 'SecurityError');
        return refuse.call(this, key, value);
      };
    });
    const entry = page.waitForRequest((request) => /\/assets\/index-/.test(request.url()));
    await page.goto('/auth/login');
    await entry;
    await signIn(page, e2e.adminEmail, e2e.adminPassword);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test("a signed-in tab never shows the guest page's sign-in form", async () => {
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
    // The guest page's own form is shown. (The signed-in tab's service worker may serve the
    // form's code at once, which then takes that form over: the moment it showed is recorded.)
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const early = document.getElementById('sign-in-static');
        if (early && !early.hidden && early.querySelector('form'))
          (window as unknown as { earlyShown: boolean }).earlyShown = true;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { earlyShown?: boolean }).earlyShown);
    await page.locator('#login-password').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('back-office-session-open'))).toBeNull();
  });
});
