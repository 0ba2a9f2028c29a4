/**
 * The members' and volunteers' screens for the screenshots (demo data): lists, each step of the
 * person form (and its errors), each profile tab, the dues and hours dialogs, the settings and
 * the CSV import preview. Selectors do not depend on the language.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import type { Screen } from './screens';

const DEMO_MEMBER = 'hawa@members.demo.org';
const DEMO_VOLUNTEER = 'nour@volunteers.demo.org';

const idByEmail = async (api: PocketBase, collection: string, email: string) =>
  (await api.collection(collection).getFirstListItem(api.filter('email = {:email}', { email }))).id;

const member =
  (suffix = '') =>
  async (api: PocketBase) =>
    `/hr/members/${await idByEmail(api, 'members', DEMO_MEMBER)}${suffix}`;
const volunteer =
  (suffix = '') =>
  async (api: PocketBase) =>
    `/hr/volunteers/${await idByEmail(api, 'volunteers', DEMO_VOLUNTEER)}${suffix}`;

const rows = (page: Page, count: number) =>
  page
    .locator('table tbody tr')
    .nth(count - 1)
    .waitFor();

/** Opens step `index` (0-based) of the person form by its header; waits for `selector` in it. */
const formStep = (index: number, selector: string) => async (page: Page) => {
  await page.locator('form .mantine-Stepper-step').nth(index).click();
  await page.locator(`form ${selector}`).first().waitFor();
};

/** Saves an empty new person from the last step: the first step opens with its error. */
const formErrors = async (page: Page) => {
  await page.locator('form .mantine-Stepper-step').nth(2).click();
  await page.locator('form textarea').first().waitFor();
  await page.locator('form button[type="submit"]').click();
  await page.locator('form input[aria-invalid="true"]').first().waitFor();
};

/** Clicks the button showing `icon` (a Tabler icon name) inside `scope`. */
const clickIcon = (page: Page, scope: string, icon: string) =>
  page.locator(`${scope} button:has(svg.tabler-icon-${icon})`).first().click();

const BAD_MEMBERS_CSV = [
  'Name,Email,Phone,Joining date,Status,Membership type',
  'Asha Omer,asha@example.org,0912 111 222,15/03/2024,Active,Ordinary member',
  'Bad Row,not-an-email,,2024-13-40,Active,Unknown type',
  'Li,li@example.org,,,,',
].join('\n');
const BAD_VOLUNTEERS_CSV = [
  'Name,Email,Skills,Availability',
  'Omer Salih,omer@example.org,Teaching,Weekends; Remote',
  'Sara Ali,,Juggling,Sometimes',
].join('\n');

/** Opens the list's import dialog and previews a CSV holding bad rows. */
const importPreview = (csv: string) => async (page: Page) => {
  await rows(page, 1);
  await clickIcon(page, '#main-content', 'file-import');
  await page.locator('.mantine-Modal-content input[type="file"]').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.locator('.mantine-Modal-content tr[data-invalid]').first().waitFor();
};

export const HR_PEOPLE_SCREENS: Screen[] = [
  { name: 'members-list', path: '/hr/members', ready: (page) => rows(page, 8) },
  {
    name: 'member-new-personal',
    path: '/hr/members/new',
    ready: formStep(0, '[data-testid="avatar-preview"]'),
  },
  {
    name: 'member-new-contact',
    path: '/hr/members/new',
    ready: formStep(1, 'input[type="email"]'),
  },
  { name: 'member-new-membership', path: '/hr/members/new', ready: formStep(2, 'textarea') },
  { name: 'member-new-errors', path: '/hr/members/new', ready: formErrors },
  {
    name: 'member-update',
    path: member('/update'),
    ready: (page) => page.locator('input[value="Hawa Musa"]').waitFor(),
  },
  {
    name: 'member-overview',
    path: member(),
    ready: (page) => page.getByText(DEMO_MEMBER).first().waitFor(),
  },
  { name: 'member-dues', path: member('?tab=dues'), ready: (page) => rows(page, 1) },
  {
    name: 'member-dues-add',
    path: member('?tab=dues'),
    ready: async (page) => {
      await rows(page, 1);
      await clickIcon(page, '[role="tabpanel"]', 'plus');
      await page.locator('.mantine-Modal-content input[inputmode="decimal"]').first().waitFor();
    },
  },
  {
    name: 'member-danger',
    path: member('?tab=settings'),
    ready: (page) => page.locator('[role="tabpanel"] button:has(svg.tabler-icon-trash)').waitFor(),
  },
  { name: 'members-settings', path: '/hr/members/settings', ready: (page) => rows(page, 2) },
  { name: 'members-import', path: '/hr/members', ready: importPreview(BAD_MEMBERS_CSV) },

  { name: 'volunteers-list', path: '/hr/volunteers', ready: (page) => rows(page, 5) },
  {
    name: 'volunteer-new-personal',
    path: '/hr/volunteers/new',
    ready: formStep(0, '[data-testid="avatar-preview"]'),
  },
  {
    name: 'volunteer-new-contact',
    path: '/hr/volunteers/new',
    ready: formStep(1, 'input[type="email"]'),
  },
  {
    name: 'volunteer-new-volunteering',
    path: '/hr/volunteers/new',
    ready: formStep(2, 'textarea'),
  },
  { name: 'volunteer-new-errors', path: '/hr/volunteers/new', ready: formErrors },
  {
    name: 'volunteer-update',
    path: volunteer('/update'),
    ready: (page) => page.locator('input[value="Nour Salih"]').waitFor(),
  },
  {
    name: 'volunteer-overview',
    path: volunteer(),
    ready: (page) => page.getByText(DEMO_VOLUNTEER).first().waitFor(),
  },
  {
    name: 'volunteer-hours',
    path: volunteer('?tab=hours'),
    ready: async (page) => {
      await rows(page, 1);
      await page.locator('[role="tabpanel"] .mantine-Progress-root').first().waitFor();
    },
  },
  {
    name: 'volunteer-hours-log',
    path: volunteer('?tab=hours'),
    ready: async (page) => {
      await rows(page, 1);
      await clickIcon(page, '[role="tabpanel"]', 'plus');
      await page.locator('.mantine-Modal-content input[inputmode="decimal"]').first().waitFor();
    },
  },
  {
    name: 'volunteer-danger',
    path: volunteer('?tab=settings'),
    ready: (page) => page.locator('[role="tabpanel"] button:has(svg.tabler-icon-trash)').waitFor(),
  },
  { name: 'volunteers-settings', path: '/hr/volunteers/settings', ready: (page) => rows(page, 2) },
  { name: 'volunteers-import', path: '/hr/volunteers', ready: importPreview(BAD_VOLUNTEERS_CSV) },
];
