import type { Screen } from './screens';

/**
 * Where passing messages show (at the bottom, off the top bar and the page header) and the dialog
 * that gives a new account's first password. Each capture makes what it shows: a role saved
 * again, a user created (a fresh address each time).
 */
export const MESSAGE_SCREENS: Screen[] = [
  {
    name: 'message-saved',
    path: async (api) =>
      `/users/roles/${(await api.collection('roles').getFirstListItem(api.filter('title = {:t}', { t: 'Web editor' }))).id}/update`,
    ready: async (page) => {
      await page.getByTestId('permission-topics.read').waitFor();
      await page.locator('form button[type="submit"]').click();
      await page.locator('.mantine-Notification-root').first().waitFor();
    },
  },
  {
    name: 'first-password-dialog',
    path: '/users/new',
    ready: async (page) => {
      await page.getByLabel(/^(Name|الاسم)/).fill('Huda Board');
      await page
        .getByLabel(/^(Email|البريد الإلكتروني)/)
        .fill(`huda.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@demo.org`);
      await page.getByRole('checkbox', { name: 'Board viewer' }).click();
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('first-password').waitFor();
    },
  },
];
