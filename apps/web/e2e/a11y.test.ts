/**
 * Accessibility (issue 16): axe-core on every screen of the app, English at 1440 px and Arabic
 * at 390 px; any moderate, serious or critical violation fails. The screens come from the area registry
 * (src/app/areas), so an area that lands later is checked without touching this file, except
 * for a record factory when its screens need a real record (RECORDS below).
 */
import type PocketBase from 'pocketbase';
import { describe, expect, test } from 'vitest';
import { AREAS, type AreaRoute } from '@/app/areas';
import { BLOCKING, describeViolations, runAxe, type AxeViolation } from './axe';
import {
  adminApi,
  approverApi,
  createAccount,
  createRole,
  signInAsAdmin,
  unique,
  useBrowser,
  type Page,
} from './harness';

type Screen = { path: string; as: 'guest' | 'admin' };

/**
 * How to get a real record for the `:id` screens under a list path. A new area with record
 * screens adds a line.
 */
const RECORDS: Record<string, (api: PocketBase) => Promise<string>> = {
  '/hr/employees': async () => (await createAccount({ collection: 'employees' })).id,
  '/hr/members': async (api) =>
    (
      await api
        .collection('members')
        .create({ name: unique('Member'), membership_status: 'Active' })
    ).id,
  '/hr/volunteers': async (api) =>
    (await api.collection('volunteers').create({ name: unique('Volunteer'), status: 'Active' })).id,
  '/users': async () => (await createAccount({ collection: 'users' })).id,
  '/users/roles': async () => (await createRole({ permissions: ['employees.read'] })).id,
  '/projects': async (api) =>
    (await api.collection('projects').create({ title: unique('Project') })).id,
  '/activities': async (api) => {
    const project = await api.collection('projects').create({ title: unique('Project') });
    return (
      await api
        .collection('projects_activities')
        .create({ project: project.id, title: unique('Activity') })
    ).id;
  },
  '/finance/payroll': async (api) => {
    const vault = await api
      .collection('vaults')
      .create({ title: unique('Vault'), kind: 'main', active: true });
    // A month of its own, in 2060-2079 (the payroll e2e test uses 2080-2099): the first one no
    // run holds yet (each language's pass makes one; a random month could meet the other's).
    const taken = await api
      .collection('payroll_runs')
      .getFullList({ filter: 'year >= 2060 && year < 2080', fields: 'year,month' });
    const used = new Set(taken.map((run) => Number(run.year) * 12 + Number(run.month) - 1));
    let slot = 2060 * 12;
    while (used.has(slot)) slot += 1;
    const [year, month] = [Math.floor(slot / 12), (slot % 12) + 1];
    return (await api.collection('payroll_runs').create({ year, month, vault: vault.id })).id;
  },
  '/manage-website/topics': async (api) =>
    (await api.collection('blog_topics').create({ title: unique('Topic') })).id,
  '/finance/vaults': async (api) =>
    (await api.collection('vaults').create({ title: unique('Vault'), kind: 'main', active: true }))
      .id,
};

/** Every screen route of the registry (redirects left out), with its parameters filled in. */
async function screensOfRegistry(): Promise<Screen[]> {
  const api = await adminApi();
  const ids = new Map<string, string>();
  const screens: Screen[] = [];
  const routes = AREAS.flatMap((area) => area.routes).filter(
    (route): route is Extract<AreaRoute, { screen: unknown }> => 'screen' in route,
  );
  for (const route of routes) {
    // A reset link's token is only checked when the form is sent.
    let path = route.path.replace(':token', 'a11y-token');
    // A record id (`:id`, `:role_id`, ...): a real record of the list above it.
    const param = /\/:[a-z_]+/.exec(path);
    if (param) {
      const base = path.slice(0, param.index);
      const make = RECORDS[base];
      if (!make) {
        throw new Error(
          `${route.path} needs a real record: add an entry for '${base}' to RECORDS in e2e/a11y.test.ts`,
        );
      }
      const id = ids.get(base) ?? (await make(api));
      ids.set(base, id);
      path = path.replace(param[0], `/${id}`);
    }
    if (path.includes('/:')) throw new Error(`${route.path}: unknown route parameter`);
    screens.push({ path, as: path.startsWith('/auth/') ? 'guest' : 'admin' });
  }
  // The 404 page is a screen too.
  screens.push({ path: '/no-such-screen', as: 'admin' });
  return screens;
}

/**
 * Waits until the screen is drawn: its h1 is visible, no loader or skeleton is left and no
 * finite animation or transition is running (a half-faded element would give a wrong contrast).
 */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForFunction(
    () =>
      !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]') &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

async function auditScreens(page: Page, screens: Screen[]) {
  const failures: string[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await settle(page);
    const violations = await runAxe(page);
    const blocking = violations.filter((v) =>
      (BLOCKING as readonly string[]).includes(v.impact ?? ''),
    );
    if (blocking.length) failures.push(`${screen.path}\n${describeViolations(blocking)}`);
    const other = violations.filter((v) => !blocking.includes(v));
    if (other.length)
      console.info(
        `[a11y] ${screen.path}: ${other.map((v) => `${v.id} (${v.impact})`).join(', ')}`,
      );
  }
  return failures;
}

describe('axe-core on every screen', () => {
  const browser = useBrowser();

  for (const [locale, width] of [
    ['en', 1440],
    ['ar', 390],
  ] as const) {
    test(
      `${locale} at ${width} px: no moderate, serious or critical violation`,
      { timeout: 900_000 },
      async () => {
        const screens = await screensOfRegistry();
        // The registry holds at least the spec's screens (auth, HR, users, monitor, ...).
        expect(screens.length).toBeGreaterThan(30);

        const guest = await browser.newPage({ locale, width });
        const failures = await auditScreens(
          guest,
          screens.filter((s) => s.as === 'guest'),
        );
        const admin = await browser.newPage({ locale, width });
        await signInAsAdmin(admin);
        failures.push(
          ...(await auditScreens(
            admin,
            screens.filter((s) => s.as === 'admin'),
          )),
        );
        expect(await admin.evaluate(() => document.documentElement.lang)).toBe(locale);

        expect(failures, failures.join('\n\n')).toEqual([]);
      },
    );
  }
});

describe('the contrast rule checks Arabic text', () => {
  const browser = useBrowser();

  const lowContrast = async (page: Page, text: string, lang: string) => {
    await page.goto('/auth/login');
    // The sign-in card of the app's form, once it has taken over from the form the guest page
    // showed first (paragraphs added to that one would go with it).
    await page.locator('#sign-in-static').waitFor({ state: 'detached' });
    await page.getByTestId('auth-card').waitFor();
    // A paragraph in the app's own font and card: #aaa on white is 2.3:1.
    await page.evaluate(
      ([content, language]) => {
        for (let i = 0; i < 5; i++) {
          const p = document.createElement('p');
          p.className = 'a11y-probe';
          p.lang = language!;
          p.style.color = '#aaaaaa';
          p.textContent = `${content} ${i + 1}`;
          document.querySelector('[data-testid="auth-card"]')!.append(p);
        }
      },
      [text, lang],
    );
  };
  const probes = (violations: AxeViolation[]) =>
    violations
      .filter((v) => v.id === 'color-contrast')
      .flatMap((v) => v.nodes)
      .filter((n) => n.html.includes('a11y-probe')).length;

  test('low-contrast Arabic text is reported (axe alone would skip it as icon ligatures)', async () => {
    const page = await browser.newPage({ locale: 'ar' });
    await lowContrast(page, 'نص عربي باهت يصعب قراؤه', 'ar');
    expect(probes(await runAxe(page, { rules: ['color-contrast'] }))).toBe(5);

    // The same page with axe as shipped: the Arabic probes are not checked at all. (When axe
    // stops mistaking Arabic for ligatures, this fails: drop the workaround in e2e/axe.ts.)
    const plain = await browser.newPage({ locale: 'ar' });
    await lowContrast(plain, 'نص عربي باهت يصعب قراؤه', 'ar');
    expect(probes(await runAxe(plain, { rules: ['color-contrast'], arabicContrast: false }))).toBe(
      0,
    );
  });

  test('low-contrast English text is reported either way', async () => {
    const page = await browser.newPage();
    await lowContrast(page, 'Faint text that is hard to read', 'en');
    expect(probes(await runAxe(page, { rules: ['color-contrast'] }))).toBe(5);
  });
});

describe("axe-core on a project's finance tabs", () => {
  const browser = useBrowser();

  // Eight tabs and a request, axe on each in two languages: about 50 s alone, nearly twice that
  // while another file runs beside it.
  test(
    'every sub-tab and a request with items, bills and comments, in both languages',
    {
      timeout: 300_000,
    },
    async () => {
      const api = await adminApi();
      const me = api.authStore.record!.id;
      const project = await api.collection('projects').create({ title: unique('Project') });
      const line = await api
        .collection('project_budget_lines')
        .create({ project: project.id, title: unique('Line'), budget: 900 });
      await api.collection('donations').create({
        project: project.id,
        donor: unique('Donor'),
        amount: 1000,
        received_on: '2026-03-01 00:00:00.000Z',
      });
      await api.collection('bank_checks').create({
        project: project.id,
        beneficiary: unique('Shop'),
        serial_number: 'CHK-1',
        amount: 10,
        date: '2026-03-02 00:00:00.000Z',
      });
      // The administrator sits on both committees, so every button of the workflow is drawn;
      // someone else seats them (nobody changes their own seat).
      const seater = await approverApi();
      for (const committee of ['project_financial_committees', 'project_purchases_committees'])
        await seater
          .collection(committee)
          .create({ project: project.id, employee: me, can_create: true, can_update_status: true });
      const request = await api
        .collection('financial_requests')
        .create({ project: project.id, title: unique('Request') });
      await api.collection('financial_request_items').create({
        financial_request: request.id,
        budget_line: line.id,
        title: 'Item one',
        quantity: 2,
        currency: 'EUR',
        unit_price: 10,
        exchange_rate: 0.9,
      });
      await api
        .collection('financial_request_comments')
        .create({ request: request.id, stage: 'REVIEW', comment: '<p>Looks right.</p>' });
      const purchase = await api
        .collection('purchases')
        .create({ project: project.id, title: unique('Purchase'), price: 20 });

      const activity = await api
        .collection('projects_activities')
        .create({ project: project.id, title: unique('Activity') });
      await api.collection('donations').create({
        activity: activity.id,
        donor: unique('Donor'),
        amount: 50,
        received_on: '2026-03-01 00:00:00.000Z',
      });
      const base = `/projects/${project.id}?tab=finance`;
      const screens: Screen[] = [
        ...['lines', 'donations', 'requests', 'purchases', 'checks', 'overview'].map((sub) => ({
          path: `${base}&finance=${sub}`,
          as: 'admin' as const,
        })),
        { path: `${base}&finance=requests&request=${request.id}`, as: 'admin' },
        { path: `${base}&finance=purchases&purchase=${purchase.id}`, as: 'admin' },
        { path: `/activities/${activity.id}?tab=finance`, as: 'admin' },
        { path: `/projects/${project.id}/finance/report?from=2026-01-01`, as: 'admin' },
      ];
      for (const [locale, width] of [
        ['en', 1440],
        ['ar', 390],
      ] as const) {
        const page = await browser.newPage({ locale, width });
        await signInAsAdmin(page);
        const failures = await auditScreens(page, screens);
        // The notifications bell, open (the request above notified nobody: it lists none or others).
        await page.goto(screens[0]!.path);
        await settle(page);
        await page.getByTestId('notifications-bell').click();
        await page
          .getByRole('dialog', { name: 'Notifications' })
          .or(page.getByRole('dialog', { name: 'الإشعارات' }))
          .waitFor();
        const bell = (await runAxe(page)).filter((v) =>
          (BLOCKING as readonly string[]).includes(v.impact ?? ''),
        );
        if (bell.length) failures.push(`bell\n${describeViolations(bell)}`);
        expect(failures, failures.join('\n\n')).toEqual([]);
      }
    },
  );
});
