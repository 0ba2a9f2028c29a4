/**
 * The screens `npm run screenshots -w @app/web` captures (against the demo data), each at
 * 1440 and 390 px, in English and Arabic: `screenshots/<name>-<width>-<locale>.png`.
 * Append entries for new screens; `ready` must not depend on the language.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
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
    ready: (page) => page.locator('input[value="Wa3y Organisation for Awareness"]').waitFor(),
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
    name: 'not-found',
    path: '/no/such/page',
    ready: (page) => page.getByTestId('status-code').waitFor(),
  },
];
