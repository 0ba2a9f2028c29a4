/**
 * The projects' screens for the screenshots (demo data): the list, the form, every tab of a
 * project and of an activity, and the printable report. Selectors do not depend on the language.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Screen } from './screens';

/** The outbox screen's throwaway activity (removed while its posts wait). */
let outboxStage: { api: PocketBase; activity: string } | null = null;

const DEMO_PROJECT = 'Clean water for Kassala villages';
const DEMO_ACTIVITY = 'Water committee training';
const DEMO_REQUEST = 'Pump parts for Wad Sharifey';
const DEMO_PURCHASE = 'Portable generator';

const idByTitle = async (api: PocketBase, collection: string, title: string) =>
  (await api.collection(collection).getFirstListItem(api.filter('title = {:title}', { title }))).id;
const project =
  (suffix = '') =>
  async (api: PocketBase) =>
    `/projects/${await idByTitle(api, 'projects', DEMO_PROJECT)}${suffix}`;
const activity =
  (suffix = '') =>
  async (api: PocketBase) =>
    `/activities/${await idByTitle(api, 'projects_activities', DEMO_ACTIVITY)}${suffix}`;

const rows = (page: Page, count = 1) =>
  page
    .locator('table tbody tr')
    .nth(count - 1)
    .waitFor();
const panel = (page: Page) => page.getByRole('tabpanel');

/**
 * The outbox as the outbox screens show it: on a new activity's timeline, two posts the server
 * refused (their activity was removed meanwhile, so the reason is the server's own, in the page's
 * language) and one waiting without a connection, with the panel open.
 */
async function outboxActivity(api: PocketBase): Promise<string> {
  const project = await idByTitle(api, 'projects', DEMO_PROJECT);
  const visit = await api
    .collection('projects_activities')
    .create({ project, title: 'Visit to Wad Sharifey' });
  outboxStage = { api, activity: visit.id };
  return `/activities/${visit.id}?tab=timeline`;
}

async function stageOutbox(page: Page): Promise<void> {
  const form = page.getByRole('form').first();
  await form.locator('input').first().waitFor();
  const post = async (subject: string) => {
    await form.locator('input').first().fill(subject);
    await form.locator('.tiptap').fill('Met the water committee; the pump works.');
    await form.locator('button[type="submit"]').click();
    await form.locator('.tiptap').getByText('Met the water').waitFor({ state: 'detached' });
  };
  await page.context().setOffline(true);
  await post('Pump repaired in Wad Sharifey');
  await post('Committee meeting, 12 members');
  if (outboxStage)
    await outboxStage.api.collection('projects_activities').delete(outboxStage.activity);
  await page.context().setOffline(false);
  const button = page.getByTestId('outbox-button');
  await button.waitFor();
  // Until both are refused (the button's words differ by language: read the outbox itself).
  const refused = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('back-office-offline');
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as { state: string }[]).filter((i) => i.state === 'refused').length,
              );
          };
        }),
    );
  for (let i = 0; i < 100 && (await refused()) < 2; i += 1) await page.waitForTimeout(200);
  await page.context().setOffline(true);
  await post('Hours of six volunteers');
  // The notices that each change waits have said their piece.
  for (const close of await page.locator('.mantine-Notification-closeButton').all())
    await close.click();
  await button.click();
  await page.getByRole('dialog').getByRole('listitem').nth(2).waitFor();
}

/** Empties the outbox and brings the connection back, for the screens after. */
async function clearOutbox(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('back-office-offline');
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          tx.objectStore('outbox').clear();
          tx.oncomplete = () => resolve();
        };
      }),
  );
  await page.context().setOffline(false);
  await page.reload();
}

export const PROJECT_SCREENS: Screen[] = [
  { name: 'projects-list', path: '/projects', ready: (page) => rows(page, 3) },
  {
    name: 'project-new',
    path: '/projects/new',
    ready: (page) => page.locator('form .tiptap').first().waitFor(),
  },
  {
    name: 'project-update',
    path: project('/update'),
    ready: (page) => page.locator('form .tiptap').nth(4).waitFor(),
  },
  {
    name: 'project-tab-project',
    path: project(),
    ready: (page) => panel(page).locator('section').nth(4).waitFor(),
  },
  {
    name: 'project-tab-timeline',
    path: project('?tab=timeline'),
    ready: (page) => page.locator('article').nth(1).waitFor(),
  },
  { name: 'project-tab-staff', path: project('?tab=staff'), ready: (page) => rows(page, 2) },
  {
    name: 'project-tab-activities',
    path: project('?tab=activities'),
    ready: (page) => rows(page, 3),
  },
  // The Finance tab's pill tabs, and a request's and a purchase's page.
  {
    name: 'project-finance-lines',
    path: project('?tab=finance'),
    ready: (page) => rows(page, 3),
  },
  {
    name: 'project-finance-donations',
    path: project('?tab=finance&finance=donations'),
    ready: (page) => rows(page, 2),
  },
  {
    name: 'project-finance-donation-dialog',
    path: project('?tab=finance&finance=donations'),
    ready: async (page) => {
      // The demo's donation with a receipt number.
      await page
        .getByRole('button', { name: /^(Edit|تعديل) "Nile Water Foundation"$/ })
        .first()
        .click();
      await page.getByRole('dialog').locator('input').first().waitFor();
    },
  },
  {
    name: 'project-finance-requests',
    path: project('?tab=finance&finance=requests'),
    ready: (page) => rows(page, 4),
  },
  {
    name: 'project-finance-request',
    path: async (api) =>
      `${await project('?tab=finance&finance=requests')(api)}&request=${await idByTitle(api, 'financial_requests', DEMO_REQUEST)}`,
    ready: (page) => page.locator('[data-testid="comment"]').nth(1).waitFor(),
  },
  {
    name: 'project-finance-purchases',
    path: project('?tab=finance&finance=purchases'),
    ready: (page) => rows(page, 1),
  },
  {
    name: 'project-finance-purchase',
    path: async (api) =>
      `${await project('?tab=finance&finance=purchases')(api)}&purchase=${await idByTitle(api, 'purchases', DEMO_PURCHASE)}`,
    ready: (page) => page.locator('[data-testid="comment"]').first().waitFor(),
  },
  {
    name: 'project-finance-checks',
    path: project('?tab=finance&finance=checks'),
    ready: (page) => rows(page, 2),
  },
  {
    name: 'project-finance-overview',
    path: project('?tab=finance&finance=overview'),
    ready: (page) => page.getByText('41,785', { exact: false }).first().waitFor(),
  },
  {
    name: 'project-finance-report',
    path: project('/finance/report?from=2026-01-01'),
    ready: (page) => rows(page, 4),
  },
  { name: 'project-tab-settings', path: project('?tab=settings'), ready: (page) => rows(page, 3) },
  {
    name: 'project-report',
    path: project('/report?print=0'),
    ready: (page) => page.locator('.report-activity').nth(2).waitFor(),
  },
  {
    name: 'activity-tab-activity',
    path: activity(),
    ready: (page) => panel(page).locator('section').nth(7).waitFor(),
  },
  {
    name: 'activity-tab-timeline',
    path: activity('?tab=timeline'),
    ready: (page) => page.locator('article').first().waitFor(),
  },
  { name: 'activity-tab-staff', path: activity('?tab=staff'), ready: (page) => rows(page, 1) },
  {
    name: 'activity-tab-finance',
    path: activity('?tab=finance'),
    ready: (page) => rows(page, 2),
  },
  {
    name: 'notifications-open',
    path: project('?tab=finance&finance=overview'),
    ready: async (page) => {
      await page.getByTestId('notifications-bell').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'activity-tab-settings',
    path: activity('?tab=settings'),
    ready: (page) => panel(page).getByRole('button').first().waitFor(),
  },
  // The outbox panel (see stageOutbox).
  { name: 'outbox-panel', path: outboxActivity, ready: stageOutbox, after: clearOutbox },
  // "Fix and resend" of a refused post, over the outbox panel (the same outbox as above).
  {
    name: 'outbox-fix-dialog',
    path: outboxActivity,
    ready: async (page) => {
      await stageOutbox(page);
      await page.getByTestId('outbox-fix').first().click();
      await page
        .getByRole('dialog')
        .filter({ has: page.locator('form') })
        .waitFor();
    },
    after: clearOutbox,
  },
  // A timeline post with photos (made once through the API, with generated pictures).
  {
    name: 'activity-timeline-photos',
    path: async (api) => {
      const id = await idByTitle(api, 'projects_activities', DEMO_ACTIVITY);
      const title = 'New hand pump at the school';
      const found = await api.collection('activities_timelines').getList(1, 1, {
        filter: api.filter('activity = {:id} && title = {:title}', { id, title }),
      });
      if (found.totalItems === 0) {
        const photos = await Promise.all(
          [
            [24, 110, 170],
            [190, 140, 60],
            [60, 150, 90],
          ].map(async ([r, g, b], i) => {
            const buffer = await sharp({
              create: { width: 1200, height: 900, channels: 3, background: { r, g, b } },
            })
              .jpeg()
              .toBuffer();
            return new File([new Uint8Array(buffer)], `pump-${i + 1}.jpg`, { type: 'image/jpeg' });
          }),
        );
        await api.collection('activities_timelines').create({
          activity: id,
          title,
          post: '<p>The pump was installed this morning; the committee tested it with the pupils.</p>',
          photos,
        });
      }
      return `/activities/${id}?tab=timeline`;
    },
    ready: (page) => page.locator('article img').nth(2).waitFor(),
  },
];
