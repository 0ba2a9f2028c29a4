import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import type { Screen } from './screens';

/** The payroll screens, against the demo's salary options and its paid May 2026 run. */
const mayRun = async (api: PocketBase) =>
  (await api.collection('payroll_runs').getFirstListItem('year = 2026 && month = 5')).id;

/** The salary report showing May 2026's register. */
async function showMayRegister(page: Page): Promise<void> {
  await page.getByLabel(/^(Year|السنة)$/).fill('2026');
  await page
    .getByLabel(/^(Month|الشهر)$/)
    .first()
    .click();
  await page.getByRole('option', { name: /^(May|مايو)$/ }).click();
  await page.locator('table tbody tr').nth(5).waitFor();
}

export const PAYROLL_SCREENS: Screen[] = [
  {
    name: 'payroll-settings',
    path: '/finance/salaries/settings',
    ready: (page) => page.locator('table').nth(1).locator('tbody tr').first().waitFor(),
  },
  {
    name: 'payroll-runs',
    path: '/finance/payroll',
    ready: (page) => page.locator('table tbody tr').nth(2).waitFor(),
  },
  {
    name: 'payroll-run',
    path: async (api) => `/finance/payroll/${await mayRun(api)}`,
    ready: (page) => page.locator('table tbody tr').nth(5).waitFor(),
  },
  {
    name: 'payroll-payslip',
    path: async (api) => `/finance/payroll/${await mayRun(api)}`,
    ready: async (page) => {
      await page.locator('table tbody tr').nth(5).waitFor();
      // Sara's payslip: allowances, deductions and her advance instalment.
      await page
        .locator('table tbody tr')
        .filter({ hasText: 'Sara' })
        .getByRole('button')
        .first()
        .click();
      await page.getByRole('dialog').locator('table tbody tr').nth(3).waitFor();
    },
  },
  {
    name: 'payroll-report',
    path: '/finance/salary-report',
    ready: (page) => showMayRegister(page),
  },
  {
    // The register with the totals of each kind instead of a column per component.
    name: 'payroll-report-totals',
    path: '/finance/salary-report',
    ready: async (page) => {
      await showMayRegister(page);
      await page.locator('label[for$="-totals"]').click();
      await page.getByRole('columnheader').nth(5).waitFor();
    },
  },
  {
    // The register scrolled to its last column: the employee's name and net pay stay in view.
    name: 'payroll-report-scrolled',
    path: '/finance/salary-report',
    ready: async (page) => {
      await showMayRegister(page);
      await page
        .locator('.table-scroll')
        .first()
        .evaluate((box) =>
          box.scrollBy({ left: getComputedStyle(box).direction === 'rtl' ? -9999 : 9999 }),
        );
    },
  },
];
