/**
 * The employees screens for the screenshots (demo data): list, each step of the new-employee
 * wizard, each tab of a profile, the update wizard and the settings.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import type { Screen } from './screens';

const DEMO_EMPLOYEE = 'khalid@demo.org';

const idOfEmployee = async (api: PocketBase, email: string) =>
  (await api.collection('employees').getFirstListItem(api.filter('email = {:email}', { email })))
    .id;

const profile =
  (suffix = '') =>
  async (api: PocketBase) =>
    `/hr/employees/${await idOfEmployee(api, DEMO_EMPLOYEE)}${suffix}`;

/** Opens the wizard's step `index` (0-based) by its header; waits for `ready` inside the form. */
const wizardStep = (index: number, selector: string) => async (page: Page) => {
  const steps = page.locator('form .mantine-Stepper-step');
  await steps.nth(index).click();
  await page.locator(`form ${selector}`).first().waitFor();
};

export const EMPLOYEE_SCREENS: Screen[] = [
  {
    name: 'employees-list',
    path: '/hr/employees',
    ready: (page) => page.locator('table tbody tr').nth(5).waitFor(),
  },
  {
    name: 'employee-new-personal',
    path: '/hr/employees/new',
    ready: wizardStep(0, '[data-testid="avatar-preview"]'),
  },
  {
    name: 'employee-new-contact',
    path: '/hr/employees/new',
    ready: wizardStep(1, 'input[type="email"]'),
  },
  {
    name: 'employee-new-employment',
    path: '/hr/employees/new',
    ready: wizardStep(2, '.mantine-RichTextEditor-root'),
  },
  {
    name: 'employee-new-salary',
    path: '/hr/employees/new',
    ready: wizardStep(3, 'input[inputmode="decimal"]'),
  },
  {
    name: 'employee-new-auth',
    path: '/hr/employees/new',
    ready: wizardStep(4, '[role="group"] [role="checkbox"]'),
  },
  {
    name: 'employee-view',
    path: profile(),
    ready: (page) => page.getByText(DEMO_EMPLOYEE).first().waitFor(),
  },
  {
    name: 'employee-salary',
    path: profile('?tab=salary'),
    ready: (page) => page.locator('[role="tabpanel"] table').nth(1).waitFor(),
  },
  {
    name: 'employee-auth',
    path: profile('?tab=auth'),
    ready: (page) => page.getByTestId('granted-count').waitFor(),
  },
  {
    name: 'employee-tasks',
    path: profile('?tab=tasks'),
    ready: (page) => page.locator('[role="tabpanel"] article').first().waitFor(),
  },
  {
    name: 'employee-danger',
    path: profile('?tab=danger'),
    ready: (page) => page.locator('[role="tabpanel"] button').first().waitFor(),
  },
  {
    name: 'employee-update',
    path: profile('/update'),
    ready: (page) => page.locator('input[value="Khalid Osman"]').waitFor(),
  },
  {
    name: 'employees-settings',
    path: '/hr/employees/settings',
    ready: (page) => page.locator('section table').nth(5).waitFor(),
  },
];
