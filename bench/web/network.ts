/**
 * The web app over the wire (bench/README.md, "Web: over the wire"):
 *
 *   npx tsx bench/web/network.ts [--skip-build] [--runs 3]
 *
 * In Debian's Chromium, against the real server with the demo data:
 *
 * 1. Bytes on the wire (compressed, headers included, as Chromium counts them:
 *    `encodedDataLength` of every response) of a first visit to /auth/login until the sign-in
 *    form is shown, and of the first signed-in screens.
 * 2. A repeat visit in the same browser profile (HTTP cache and service worker kept): the bytes
 *    before its first screen shows (a new tab: it takes the open tab's session).
 * 3. A throttled 3G line (Chromium's network emulation: 400 ms latency, 400 kbit/s each way,
 *    a fresh profile (empty cache, which then fills as a browser's does), no service worker): the time from navigation to the sign-in
 *    form, from pressing "Sign in" to the app, and from opening Employees in the menu to its
 *    rows; once signing in at once, once after 5 s of typing (the app loads meanwhile).
 *
 * Medians of `--runs` runs. The app is built into a private directory (others may rebuild
 * apps/web/dist meanwhile). The times end when the element entered the page (a MutationObserver
 * in the page), not when Playwright's wait noticed it (up to 0.5 s later).
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { Stack } from '../../apps/web/e2e/harness/stack';
import { median, numberOption, SLOW_3G, withWebStack } from './build';

const args = process.argv.slice(2);
const RUNS = numberOption('--runs', 3);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Counts the bytes received for the context's requests: the pages' and the service worker's own
 * (what the worker answers from its cache costs nothing, and is not counted twice).
 */
function countBytes(context: BrowserContext): {
  total: (until?: number) => number;
  stop: () => void;
} {
  const received: Array<{ at: number; bytes: number }> = [];
  const onFinished = (request: Request) => {
    const at = Date.now();
    void (async () => {
      const response = await request.response();
      if (!response || response.fromServiceWorker()) return;
      const sizes = await request.sizes();
      received.push({ at, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
    })().catch(() => {});
  };
  context.on('requestfinished', onFinished);
  return {
    // Bytes of the requests that had finished by `until` (a time from Date.now()).
    total: (until = Infinity) =>
      received.filter((r) => r.at <= until).reduce((sum, r) => sum + r.bytes, 0),
    stop: () => context.off('requestfinished', onFinished),
  };
}

/** Waits until no byte has arrived for a second (SPA navigations have no load event to await). */
async function quiet(total: () => number): Promise<void> {
  let last = -1;
  while (total() !== last) {
    last = total();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const loginForm = (page: Page) => page.locator('#login-password').waitFor({ timeout: 120_000 });

async function signIn(page: Page, stack: Stack): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(stack.adminEmail);
  await page.locator('#login-password').fill(stack.adminPassword);
  await page.locator('form button[type="submit"]').click();
}

/** First visit, then a repeat visit in the same profile, counting bytes. */
async function wireBytes(browser: Browser, stack: Stack) {
  const context: BrowserContext = await browser.newContext({ baseURL: stack.baseURL });
  // When the form entered the page, by the page's clock: Playwright's wait notices it later, and
  // meanwhile the rest of the app's files kept arriving (the count moved by 120 KB between runs).
  await context.addInitScript({ content: watchShown({ form: SHOWN.form }) });
  try {
    const page = await context.newPage();
    let counter = countBytes(context);
    await page.goto('/auth/login');
    await loginForm(page);
    const formShown = await shownAt(page, 'form');
    await quiet(() => counter.total());
    const firstLogin = counter.total(formShown);
    const loginIdle = counter.total();
    await signIn(page, stack);
    await page.getByTestId('user-menu').waitFor();
    await quiet(() => counter.total());
    const dashboard = counter.total() - loginIdle;
    await page.goto('/hr/employees');
    await page.locator('table tbody tr').first().waitFor();
    await quiet(() => counter.total());
    // The service worker installs once the first screen has loaded; let it take over.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
    );
    counter.stop();

    // Repeat visit: a new tab of the same profile. It takes the open tab's session, so its first
    // screen is the dashboard (or the sign-in form when there is none): counted until either shows.
    const again = await context.newPage();
    counter = countBytes(context);
    await again.goto('/');
    await again
      .locator('#login-password, [data-testid="user-menu"]')
      .first()
      .waitFor({ timeout: 60_000 });
    await quiet(() => counter.total());
    const repeat = counter.total();
    counter.stop();
    return { firstLogin, loginIdle, dashboard, repeat };
  } finally {
    await context.close();
  }
}

/**
 * When each awaited element first entered the page, by the page's own clock (epoch ms), written
 * by a MutationObserver. Playwright's waiting polls less and less often (every 500 ms after a
 * while), so the moment its wait returns can be half a second after the element appeared.
 */
const SHOWN = { form: '#login-password', app: '[data-testid="user-menu"]' };

/**
 * The page-side watcher, as source text: a function handed to Playwright would carry the helper
 * calls tsx adds to named functions, which do not exist in the page.
 */
function watchShown(selectors: Record<string, string>): string {
  return `(() => {
    const selectors = ${JSON.stringify(selectors)};
    const marks = {};
    window.__shown = marks;
    const check = () => {
      for (const [name, selector] of Object.entries(selectors)) {
        if (!(name in marks) && document.querySelector(selector))
          marks[name] = performance.timeOrigin + performance.now();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })()`;
}

async function shownAt(page: Page, name: string): Promise<number> {
  const at = await page.evaluate(
    (key) => (window as unknown as { __shown?: Record<string, number> }).__shown?.[key],
    name,
  );
  if (typeof at !== 'number') throw new Error(`no time recorded for ${name}`);
  return at;
}

/** A fresh profile on a throttled line: to the sign-in form, then to the first list rows. */
async function throttled(browser: Browser, stack: Stack, typingMs: number) {
  // Chromium's emulation slows the page's requests only, not a service worker's: without one,
  // every file goes over the slow line, as on a first visit.
  const context = await browser.newContext({ baseURL: stack.baseURL, serviceWorkers: 'block' });
  await context.addInitScript({ content: watchShown(SHOWN) });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', SLOW_3G);
    const started = Date.now();
    await page.goto('/auth/login', { waitUntil: 'commit', timeout: 120_000 });
    await loginForm(page);
    const toForm = Math.round((await shownAt(page, 'form')) - started);
    // The time a person takes to type their email and password (0: as fast as a script).
    await page.waitForTimeout(typingMs);
    await page.locator('input[autocomplete="username"]').fill(stack.adminEmail);
    await page.locator('#login-password').fill(stack.adminPassword);
    const pressed = Date.now();
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('user-menu').waitFor({ timeout: 120_000 });
    const toApp = Math.round((await shownAt(page, 'app')) - pressed);
    // Opened within the app, as from the menu (the app is already loaded). The dashboard may
    // hold a table: the rows are watched from here on.
    await page.evaluate(watchShown({ rows: 'table tbody tr' }));
    const listStart = Date.now();
    // (The menu link may sit in a closed group: the router is sent there as a link would.)
    await page.evaluate(() => {
      window.history.pushState({}, '', '/hr/employees');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('table tbody tr').first().waitFor({ timeout: 120_000 });
    const toList = Math.round((await shownAt(page, 'rows')) - listStart);
    return { toForm, toApp, toList };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await withWebStack(
    { skipBuild: args.includes('--skip-build'), logFile: '/tmp/bench-web-network.log' },
    async ({ stack, browser }) => {
      const bytes = [];
      const slow = [];
      const person = [];
      for (let i = 0; i < RUNS; i++) {
        bytes.push(await wireBytes(browser, stack));
        slow.push(await throttled(browser, stack, 0));
        person.push(await throttled(browser, stack, 5_000));
      }
      const pick = <T>(rows: T[], key: keyof T) => median(rows.map((r) => r[key] as number));
      console.log(
        [
          `Chromium ${browser.version()} headless, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} (load ${loadavg()[0].toFixed(1)} at the end), Node ${process.version}; medians of ${RUNS} runs.`,
          '',
          '| Bytes on the wire (compressed, with headers) | Median |',
          '|---|---:|',
          `| First visit: /auth/login until the form shows | ${kb(pick(bytes, 'firstLogin'))} |`,
          `| First visit: /auth/login once the network is idle | ${kb(pick(bytes, 'loginIdle'))} |`,
          `| Signing in, until the dashboard is idle | ${kb(pick(bytes, 'dashboard'))} |`,
          `| Repeat visit: / until its first screen is idle | ${kb(pick(bytes, 'repeat'))} |`,
          '',
          '| Throttled 3G (400 ms, 400 kbit/s), first visit | Signed in at once | Typing for 5 s |',
          '|---|---:|---:|',
          `| Navigation → sign-in form shown | ${pick(slow, 'toForm')} ms | ${pick(person, 'toForm')} ms |`,
          `| "Sign in" pressed → app shown | ${pick(slow, 'toApp')} ms | ${pick(person, 'toApp')} ms |`,
          `| Employees (menu) → first rows shown | ${pick(slow, 'toList')} ms | ${pick(person, 'toList')} ms |`,
        ].join('\n'),
      );
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
