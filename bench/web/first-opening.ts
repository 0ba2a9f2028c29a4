/**
 * What fetching a form's selects and calendar on first use costs and saves on a slow line
 * (bench/README.md, "issue 13, seventh round"):
 *
 *   npx tsx bench/web/first-opening.ts [--skip-build] [--runs 3]
 *
 * Signed in, on Chromium's 3G (400 ms, 400 kbit/s each way; the service worker blocked, as in
 * network.ts, since the page's throttling does not reach it), each run opens the member form
 * with the browser's cache off and times:
 *
 * - navigation → the form's first select on screen, and → the network idle;
 * - a click on the select → its first option on screen, once right away and once after typing a
 *   name first (in a fresh page each);
 * - a click on the date field → its calendar on screen.
 */
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '../../apps/web/e2e/harness/stack';
import { median, numberOption, signInThroughForm, SLOW_3G, withWebStack } from './build';

const args = process.argv.slice(2);
const RUNS = numberOption('--runs', 3);

type Figures = Record<
  'formShown' | 'formIdle' | 'selectAtOnce' | 'selectAfterTyping' | 'calendar',
  number[]
>;

async function signedInPage(browser: Browser, stack: Stack): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseURL,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signInThroughForm(page, stack);
  await page.waitForLoadState('networkidle');
  return page;
}

/** One visit of the member form on 3G; `typeFirst` types a name before opening the select. */
async function visit(browser: Browser, stack: Stack, typeFirst: boolean, figures: Figures) {
  const page = await signedInPage(browser, stack);
  try {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Network.emulateNetworkConditions', SLOW_3G);
    let start = Date.now();
    await page.goto('/hr/members/new', { waitUntil: 'commit' });
    const sex = page.getByRole('combobox', { name: /^Sex/ });
    await sex.waitFor({ timeout: 60_000 });
    if (!typeFirst) figures.formShown.push(Date.now() - start);
    await page.waitForLoadState('networkidle');
    if (!typeFirst) figures.formIdle.push(Date.now() - start);
    await session.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (typeFirst) {
      await page.getByRole('textbox', { name: /^Name/ }).click();
      await page.keyboard.type('Amna Hassan', { delay: 100 });
    }
    start = Date.now();
    await sex.click();
    await page.getByRole('option', { name: 'Male', exact: true }).waitFor();
    (typeFirst ? figures.selectAfterTyping : figures.selectAtOnce).push(Date.now() - start);
    await page.keyboard.press('Escape');
    if (!typeFirst) {
      start = Date.now();
      await page.getByRole('textbox', { name: /^Birth Date/ }).click();
      await page.locator('[class*="Popover-dropdown"]').first().waitFor();
      figures.calendar.push(Date.now() - start);
    }
  } finally {
    await page.context().close();
  }
}

await withWebStack(
  { skipBuild: args.includes('--skip-build'), logFile: '/tmp/bench-first-opening.log' },
  async ({ stack, browser }) => {
    const figures: Figures = {
      formShown: [],
      formIdle: [],
      selectAtOnce: [],
      selectAfterTyping: [],
      calendar: [],
    };
    for (let run = 0; run < RUNS; run++) {
      await visit(browser, stack, false, figures);
      await visit(browser, stack, true, figures);
    }
    console.log('| Measure (3G, ms) | Median | Runs |');
    console.log('|---|---:|---|');
    for (const [name, values] of Object.entries(figures))
      console.log(`| ${name} | ${median(values)} | ${values.join(', ')} |`);
  },
);
