import type PocketBase from 'pocketbase';
import type { Screen } from './screens';

/** The finance screens, against the demo's vaults, donations, grants, expenses, assets, advances. */
const idOfVault = async (api: PocketBase, title: string) =>
  (await api.collection('vaults').getFirstListItem(api.filter('title = {:title}', { title }))).id;

export const FINANCE_SCREENS: Screen[] = [
  {
    name: 'finance-vaults',
    path: '/finance/vaults',
    ready: (page) => page.locator('article').nth(2).waitFor(),
  },
  {
    name: 'finance-statement',
    path: async (api) => `/finance/vaults/${await idOfVault(api, 'Main vault')}/statement`,
    ready: (page) => page.getByTestId('opening-line').waitFor(),
  },
  {
    name: 'finance-grants',
    path: '/finance/grants',
    ready: (page) => page.locator('table').nth(2).locator('tbody tr').first().waitFor(),
  },
  {
    name: 'finance-expenses',
    path: '/finance/expenses',
    ready: (page) => page.locator('table tbody tr').nth(5).waitFor(),
  },
  {
    name: 'finance-assets',
    path: '/finance/assets',
    ready: async (page) => {
      await page.locator('table tbody tr').nth(2).waitFor();
      // Open the vehicle's schedule so the shot shows it.
      await page
        .locator('table tbody tr')
        .filter({ hasText: 'Land Cruiser' })
        .getByRole('button')
        .first()
        .click();
      await page.locator('#asset-schedule').waitFor();
      await page.locator('table').nth(1).locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'finance-advances',
    path: '/finance/advances',
    ready: (page) => page.locator('table').nth(1).locator('tbody tr').first().waitFor(),
  },
  {
    // The repayment dialog: cash only (payroll deductions are written by paying a run).
    name: 'finance-advances-repay',
    path: '/finance/advances',
    ready: async (page) => {
      await page
        .getByRole('button', { name: /^(Record a repayment of|تسجيل سداد) / })
        .first()
        .click();
      await page.getByRole('dialog').locator('input').first().waitFor();
    },
  },
];
