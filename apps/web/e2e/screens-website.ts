/**
 * The website content screens, the dashboard's figures and the activity monitor for the
 * screenshots (demo data). Selectors do not depend on the language.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import type { Screen } from './screens';

const DEMO_TOPIC = 'Clean water';

const topicId = async (api: PocketBase) =>
  (
    await api
      .collection('blog_topics')
      .getFirstListItem(api.filter('title = {:title}', { title: DEMO_TOPIC }))
  ).id;

const rows = (page: Page, count = 1) =>
  page
    .locator('table tbody tr')
    .nth(count - 1)
    .waitFor();

/** The monitor's first entry opened in its details drawer. */
async function openFirstDetails(page: Page): Promise<void> {
  await rows(page, 1);
  await page.locator('table tbody tr').first().locator('button').last().click();
  await page.locator('.mantine-Drawer-content table').waitFor();
}

export const WEBSITE_SCREENS: Screen[] = [
  { name: 'website-topics', path: '/manage-website/topics', ready: (page) => rows(page, 3) },
  {
    name: 'website-topic',
    path: async (api) => `/manage-website/topics/${await topicId(api)}`,
    ready: (page) => rows(page, 3),
  },
  {
    name: 'website-article-preview',
    path: async (api) => `/manage-website/topics/${await topicId(api)}`,
    ready: async (page) => {
      await rows(page, 3);
      await page
        .locator('table tbody tr')
        .first()
        .getByRole('button', { name: /^(Preview|معاينة) / })
        .click();
      await page.getByRole('dialog').locator('article').waitFor();
    },
  },
  {
    name: 'website-article-form',
    path: async (api) => `/manage-website/topics/${await topicId(api)}`,
    ready: async (page) => {
      await rows(page, 3);
      await page.getByRole('button', { name: /^(Add Article|إضافة مقالة)$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.tiptap').waitFor();
      // Something typed, so the character counters show how far from their limits it is.
      await dialog.getByRole('textbox').first().fill('Wa');
      await dialog.locator('.tiptap').fill('Clean water reaches three villages.');
    },
  },
  { name: 'website-resources', path: '/manage-website/resources', ready: (page) => rows(page, 5) },
  {
    name: 'dashboard-figures',
    path: '/',
    ready: async (page) => {
      await page.getByTestId('figure').nth(4).waitFor();
      await page.getByTestId('recent-activity').waitFor();
    },
  },
  { name: 'monitor-all', path: '/activity-monitor/all', ready: (page) => rows(page, 5) },
  { name: 'monitor-website', path: '/activity-monitor/website', ready: (page) => rows(page, 3) },
  {
    // One record's history (its page's "History"): the notice names it.
    name: 'monitor-record-history',
    path: async (api) =>
      `/activity-monitor/all?recordCollection=blog_topics&record=${await topicId(api)}`,
    ready: async (page) => {
      await rows(page, 1);
      await page.getByText(/^Only the changes to |^التغييرات على /).waitFor();
    },
  },
  {
    // One entry's details: an advance changed by the payroll, with its fields before and after.
    name: 'monitor-details',
    path: '/activity-monitor/finance?collection=employee_advances&action=UPDATE',
    ready: openFirstDetails,
  },
  {
    // A created advance: its employee and vault by name, its days as dates.
    name: 'monitor-details-created',
    path: '/activity-monitor/finance?collection=employee_advances&action=CREATE',
    ready: async (page) => {
      await openFirstDetails(page);
      // The names arrive after the entry: wait for the employee's id beneath its name.
      await page.locator('.mantine-Drawer-content td[data-own-direction] > p').first().waitFor();
    },
  },
];
