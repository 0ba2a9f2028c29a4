import PocketBase from 'pocketbase';
import { ALL_PERMISSIONS } from '@app/schema';
import type { Screen } from './screens';

/** The finance screens, against the demo's vaults, donations, grants, expenses, assets, advances. */
const idOfVault = async (api: PocketBase, title: string) =>
  (await api.collection('vaults').getFirstListItem(api.filter('title = {:title}', { title }))).id;

const REFUSED_PAYEE = 'Generator repair (screens)';

/**
 * An approved expense larger than its vault holds, recorded by the administrator and approved
 * by a second account (nobody approves what they recorded): paying it is refused by the server,
 * in the reader's language. Made once; each language and width then tries to pay it.
 */
async function expenseTheVaultCannotPay(api: PocketBase): Promise<string> {
  const expenses = api.collection('expenses');
  const existing = await expenses.getList(1, 1, {
    filter: api.filter('beneficiary = {:b}', { b: REFUSED_PAYEE }),
  });
  if (existing.items.length > 0) return '/finance/expenses';
  const vault = await api
    .collection('vaults')
    .create({ title: 'Petty cash (empty)', kind: 'cash', active: true });
  const expense = await expenses.create({
    beneficiary: REFUSED_PAYEE,
    amount: 2500,
    date: new Date().toISOString().slice(0, 10),
    vault: vault.id,
  });
  const role = await api
    .collection('roles')
    .create({ title: 'Screens approver', description: '', permissions: [...ALL_PERMISSIONS] });
  const email = 'screens-approver@demo.org';
  const password = 'screens-approver-1';
  await api.collection('employees').create({
    name: 'Screens Approver',
    email,
    password,
    passwordConfirm: password,
    roles: [role.id],
    employment_status: 'Active',
  });
  const approver = new PocketBase(api.baseURL);
  await approver.collection('employees').authWithPassword(email, password);
  await approver.collection('expenses').update(expense.id, { status: 'approved' });
  return '/finance/expenses';
}

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
  {
    // A move the server refuses (not enough money in the vault), said in the reader's language.
    name: 'finance-expenses-refused-move',
    path: expenseTheVaultCannotPay,
    ready: async (page) => {
      await page
        .getByRole('button', {
          name: new RegExp(`^(Pay|دفع): ${REFUSED_PAYEE.replace(/[()]/g, '\\$&')}`),
        })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Pay|دفع)$/ })
        .click();
      await page
        .getByText(/Not enough money in|لا يكفي المال في/)
        .first()
        .waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
  },
];
