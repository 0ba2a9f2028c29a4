/**
 * The screens `npm run screenshots -w @app/web` captures (against the demo data), each at
 * 1440 and 390 px, in English and Arabic: `screenshots/<name>-<width>-<locale>.png`.
 * Append entries for new screens; `ready` must not depend on the language.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { EMPLOYEE_SCREENS } from './screens-employees';
import { FINANCE_SCREENS } from './screens-finance';
import { PAYROLL_SCREENS } from './screens-payroll';
import { HR_PEOPLE_SCREENS } from './screens-hr-people';
import { MESSAGE_SCREENS } from './screens-messages';
import { PROJECT_SCREENS } from './screens-projects';
import { WEBSITE_SCREENS } from './screens-website';

export type Screen = {
  /** File name stem: lowercase, dashes. */
  name: string;
  /** Where to go; a function may look something up first (e.g. an id through the API). */
  path: string | ((api: PocketBase) => Promise<string>);
  /** Resolves once the screen shows its content (not a loader). */
  ready: (page: Page) => Promise<unknown>;
  /** Signed in as the administrator (default) or a guest. */
  as?: 'admin' | 'guest';
  /** Undoes what `ready` changed beyond the page (the connection), after the screenshot. */
  after?: (page: Page) => Promise<unknown>;
};

const idOfRole = async (api: PocketBase, title: string) =>
  (await api.collection('roles').getFirstListItem(api.filter('title = {:title}', { title }))).id;
const idOfUser = async (api: PocketBase, email: string) =>
  (await api.collection('users').getFirstListItem(api.filter('email = {:email}', { email }))).id;

const rows = (page: Page, count = 1) =>
  page
    .locator('table tbody tr')
    .nth(count - 1)
    .waitFor();

/**
 * A guest page's screen, once React shows it: the sign-in page's early form (guest.html, the
 * same card rendered at build time) goes once the React form has taken it over.
 */
const signInReady = async (page: Page) => {
  await page.getByTestId('auth-card').waitFor();
  await page.locator('#sign-in-static').waitFor({ state: 'detached' });
};

/**
 * The sign-in's second step, as an account that must use two factors sees it after a correct
 * password. The demo server runs with MFA=off, so the server's answers are played here: the
 * 401 with an mfaId, the step's choices, and (enrolling) a new authenticator key.
 */
const secondStep =
  (choices: { totp: boolean; otp: boolean; enrol: boolean }) => async (page: Page) => {
    await page.unrouteAll();
    const json = (status: number, body: unknown) => ({
      status,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
    await page.route(/\/api\/sign-in(\?|$)/, (route) =>
      route.fulfill(json(401, { mfaId: 'demomfa00000001' })),
    );
    await page.route(/\/api\/sign-in\/mfa$/, (route) =>
      route.fulfill(json(200, { collectionName: 'employees', ...choices })),
    );
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const uri = `otpauth://totp/Demo%20organisation:amna%40demo.example?issuer=Demo%20organisation&secret=${secret}&algorithm=SHA1&digits=6&period=30`;
    const qr = await QRCode.toString(uri, { type: 'svg', margin: 2 });
    await page.route(/\/api\/sign-in\/totp-setup$/, (route) =>
      route.fulfill(json(200, { secret, uri, qr })),
    );
    await page.locator('#sign-in-static #login-password').waitFor();
    await page.locator('#sign-in-static input[autocomplete="username"]').fill('amna@demo.example');
    await page.locator('#sign-in-static #login-password').fill('demo-password-1');
    await page.locator('#sign-in-static button[type="submit"]').click();
    if (choices.enrol) await page.getByTestId('totp-secret').waitFor();
    else await page.getByTestId('second-step-code').waitFor();
    await page.locator('#sign-in-static').waitFor({ state: 'detached' });
  };

export const SCREENS: Screen[] = [
  {
    name: 'login',
    path: '/auth/login',
    as: 'guest',
    ready: signInReady,
  },
  {
    name: 'forgot-password',
    path: '/auth/forgot-password',
    as: 'guest',
    ready: signInReady,
  },
  {
    name: 'sign-in-second-step',
    path: '/auth/login',
    as: 'guest',
    ready: secondStep({ totp: true, otp: true, enrol: false }),
  },
  {
    // An account with no authenticator app on a server without mail sets one up at sign-in.
    name: 'sign-in-enrol',
    path: '/auth/login',
    as: 'guest',
    ready: secondStep({ totp: false, otp: false, enrol: true }),
  },
  {
    // The user menu's "Two-step sign-in", setting up an app (the key is a new one each time).
    name: 'two-factor-enrol',
    path: '/',
    ready: async (page) => {
      await page.getByTestId('greeting').waitFor();
      await page.getByTestId('user-menu').click();
      await page.getByTestId('two-factor-menu').click();
      await page.getByTestId('two-factor-set-up').click();
      await page.getByTestId('totp-secret').waitFor();
    },
  },
  {
    name: 'dashboard',
    path: '/',
    ready: async (page) => {
      await page.getByTestId('greeting').waitFor();
      await page.getByTestId('recent-activity').waitFor();
    },
  },
  {
    // The sidebar as a drawer over the page, where the screen is too narrow to keep it open.
    name: 'nav-drawer',
    path: '/hr/employees',
    ready: async (page) => {
      await rows(page, 1);
      const burger = page.locator('header button[aria-expanded]').first();
      if (await burger.isVisible()) {
        await burger.click();
        await page.locator('.nav-backdrop').waitFor();
      }
    },
  },
  {
    name: 'settings-backups',
    path: '/settings/backups',
    // The list (or its empty state), not the loader.
    ready: (page) => page.locator('[data-testid="empty-state"], table tbody tr').first().waitFor(),
  },
  {
    // The letterhead every printed document carries (set here, as an administrator would), and
    // separation of duties with what turning it off means.
    name: 'settings-organisation',
    path: async (api) => {
      const logo = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGPwEukhCTGMahjVMHw1AAAmCuoBH+Un6AAAAABJRU5ErkJggg==',
        'base64',
      );
      const body = new FormData();
      body.append('name', 'Wa3y Organisation for Awareness');
      body.append('address', 'Street 15, Amarat\nKhartoum, Sudan');
      body.append('logo', new Blob([logo], { type: 'image/png' }), 'logo.png');
      await api.collection('organisation_settings').update('organisation001', body);
      return '/settings/organisation';
    },
    ready: async (page) => {
      await page.locator('input[value="Wa3y Organisation for Awareness"]').waitFor();
      await page.locator('input[type="radio"][value="sensitive"]').waitFor();
    },
  },
  {
    name: 'settings-import',
    path: '/settings/import',
    ready: (page) =>
      page.getByRole('button', { name: /^(Choose the backup|اختر النسخة)/ }).waitFor(),
  },
  { name: 'roles-list', path: '/users/roles', ready: (page) => rows(page, 5) },
  {
    name: 'role-view',
    path: async (api) => `/users/roles/${await idOfRole(api, 'HR officer')}`,
    ready: (page) => page.getByTestId('permission-group-employees').waitFor(),
  },
  {
    name: 'role-new',
    path: '/users/roles/new',
    ready: (page) => page.getByTestId('permission-group-employees').waitFor(),
  },
  {
    name: 'role-update',
    path: async (api) => `/users/roles/${await idOfRole(api, 'HR officer')}/update`,
    ready: async (page) => {
      await page.getByTestId('permission-employees.read').waitFor();
      await page.locator('input[value="HR officer"]').waitFor();
    },
  },
  { name: 'users-list', path: '/users', ready: (page) => rows(page, 1) },
  {
    name: 'user-view',
    path: async (api) => `/users/${await idOfUser(api, 'fatima@demo.org')}`,
    ready: (page) => page.getByText('fatima@demo.org').first().waitFor(),
  },
  {
    name: 'user-new',
    path: '/users/new',
    ready: (page) => page.locator('form [role="group"] [role="checkbox"]').first().waitFor(),
  },
  {
    name: 'user-update',
    path: async (api) => `/users/${await idOfUser(api, 'fatima@demo.org')}/update`,
    ready: async (page) => {
      await page.locator('input[value="fatima@demo.org"]').waitFor();
      await page.locator('form [role="group"] [role="checkbox"]').first().waitFor();
    },
  },
  ...EMPLOYEE_SCREENS,
  ...HR_PEOPLE_SCREENS,
  ...PROJECT_SCREENS,
  ...FINANCE_SCREENS,
  ...PAYROLL_SCREENS,
  ...WEBSITE_SCREENS,
  ...MESSAGE_SCREENS,
  {
    // A list read offline (src/lib/offline): the page and the answers the app kept, under the
    // banner. The service worker must control the page and the app must have kept its page.
    name: 'offline-roles-list',
    path: '/users/roles',
    ready: async (page) => {
      await rows(page, 5);
      await page.evaluate(async () => {
        const worker = (await navigator.serviceWorker.ready).active;
        if (!worker || worker.state === 'activated') return;
        await new Promise<void>((resolve) =>
          worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
        );
      });
      await page.reload();
      await rows(page, 5);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      for (let i = 0; i < 50 && !(await page.evaluate(() => caches.has('app-shell-v1'))); i += 1)
        await page.waitForTimeout(200);
      await page.context().setOffline(true);
      await page.reload();
      await rows(page, 5);
      await page.getByTestId('offline-banner').waitFor();
    },
    after: (page) => page.context().setOffline(false),
  },
  {
    name: 'not-found',
    path: '/no/such/page',
    ready: (page) => page.getByTestId('status-code').waitFor(),
  },
];
