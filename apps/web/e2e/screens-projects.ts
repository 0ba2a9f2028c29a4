/**
 * The projects' screens for the screenshots (demo data): the list, the form, every tab of a
 * project and of an activity, and the printable report. Selectors do not depend on the language.
 */
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import type { Screen } from './screens';

const DEMO_PROJECT = 'Clean water for Kassala villages';
const DEMO_ACTIVITY = 'Water committee training';

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
  {
    name: 'project-tab-finance',
    path: project('?tab=finance'),
    ready: (page) => panel(page).locator('[role="alert"], .mantine-Alert-root').first().waitFor(),
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
    ready: (page) => panel(page).locator('.mantine-Alert-root').first().waitFor(),
  },
  {
    name: 'activity-tab-settings',
    path: activity('?tab=settings'),
    ready: (page) => panel(page).getByRole('button').first().waitFor(),
  },
];
