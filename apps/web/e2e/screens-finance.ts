import type PocketBase from 'pocketbase';
import type { Screen } from './screens';

/** The finance screens, against the demo's vaults, donations, grants, expenses, assets, advances. */
const idOfVault = async (api: PocketBase, title: string) =>
  (await api.collection('vaults').getFirstListItem(api.filter('title = {:title}', { title }))).id;

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
