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

const BULK = 'Bulk supplier';

/** Adds expenses named `Bulk supplier <n>` until there are `count` of them (50 per batch). */
async function seedExpenses(api: PocketBase, count: number): Promise<void> {
  const have = (
    await api
      .collection('expenses')
      .getList(1, 1, { filter: api.filter('beneficiary ~ {:bulk}', { bulk: BULK }) })
  ).totalItems;
  if (have >= count) return;
  const vault = await idOfVault(api, 'Main vault');
  let next = have;
  const worker = async () => {
    while (next < count) {
      const batch = api.createBatch();
      for (let i = 0; i < 50 && next < count; i++, next++) {
        const n = next;
        batch.collection('expenses').create({
          beneficiary: `${BULK} ${n + 1}`,
          amount: (n % 400) + 10,
          date: new Date(Date.UTC(2024, 0, 1) + (n % 700) * 86_400_000).toISOString().slice(0, 10),
          vault,
          category: 'Supplies',
        });
      }
      await batch.send();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
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
    // A donation's dialog, the same declaration as a project's donations tab shows.
    name: 'finance-grants-donation-dialog',
    path: '/finance/grants',
    ready: async (page) => {
      await page
        .getByRole('button', { name: /^(Update|تعديل) Nile Water Foundation$/ })
        .first()
        .click();
      await page.getByRole('dialog').locator('input').first().waitFor();
    },
  },
  {
    name: 'finance-expenses',
    path: '/finance/expenses',
    ready: (page) => page.locator('table tbody tr').nth(5).waitFor(),
  },
  {
    // The list a page at a time with 10,000 expenses: its pages, filters and summary.
    name: 'finance-expenses-10k',
    path: async (api) => {
      await seedExpenses(api, 10_000);
      return '/finance/expenses';
    },
    ready: (page) => page.locator('table tbody tr').nth(29).waitFor(),
  },
  {
    // An expense's dialog with a change, closed by Escape: it asks before the change is lost.
    name: 'finance-expenses-unsaved',
    path: '/finance/expenses',
    ready: async (page) => {
      await page.getByRole('button', { name: /^(Add expense|إضافة مصروف)$/ }).click();
      await page.getByRole('dialog').locator('input').first().fill('Draft');
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog', { name: /^(Close without saving\?|الإغلاق دون حفظ؟)$/ })
        .getByRole('button')
        .last()
        .waitFor();
    },
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
