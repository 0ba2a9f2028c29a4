/**
 * Web benchmarks (bench/README.md, "## Web"):
 *
 *   npx tsx bench/web/run.ts [--skip-build] [--runs 15] [--roles 200]
 *
 * 1. Bundle weight: loads pages of the built app in Chromium and sums the gzip size (zlib,
 *    level 9) of every JS and CSS file the browser actually requested: /auth/login as a guest,
 *    then each signed-in route (fresh browser context each, so nothing is cached) to find the
 *    heaviest one.
 * 2. Roles list: seeds N roles through the API, signs in, then times `page.goto('/users/roles')`
 *    until its first page (30 rows; lists show one page at a time) is rendered (measured in the page from navigation start, and wall-clock),
 *    one cold run then `--runs` warm runs; reports median and p95.
 *
 * The app is built into a private directory (others may rebuild apps/web/dist meanwhile) and
 * served by the real server (seeded with the demo data) on a free port.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stack } from '../../apps/web/e2e/harness/stack';
import { PAGE_SIZE } from '../../apps/web/src/config/constants';
import { SESSION_OPEN_FLAG } from '../../apps/web/src/lib/session-share';
import { numberOption, signInThroughForm, withWebStack } from './build';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const RUNS = numberOption('--runs', 15);
const ROLE_COUNT = numberOption('--roles', 200);
const SESSION_KEY = 'authenticated-user-data';
/** Every route under this, gzip (issue 43, step 1). */
const ROUTE_GOAL = 300 * 1024;

type Weight = {
  js: number;
  css: number;
  files: number;
  raw: number;
  /** Each file's gzip size, by path. */
  each: Array<{ path: string; gz: number }>;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Sums the gzip sizes of the JS/CSS files (from `dist`) the page requested. */
function weigh(dist: string, urls: Iterable<string>): Weight {
  const weight: Weight = { js: 0, css: 0, files: 0, raw: 0, each: [] };
  for (const url of urls) {
    const path = new URL(url).pathname;
    const ext = extname(path);
    if (ext !== '.js' && ext !== '.css') continue;
    const bytes = readFileSync(join(dist, path));
    const gz = gzipSync(bytes, { level: 9 }).length;
    weight.files += 1;
    weight.raw += bytes.length;
    weight.each.push({ path, gz });
    if (ext === '.js') weight.js += gz;
    else weight.css += gz;
  }
  return weight;
}

/** Loads `path` in a fresh context and returns what it requested once it is ready and idle. */
async function pageWeight(
  browser: Browser,
  stack: Stack,
  dist: string,
  path: string,
  session: string | null,
): Promise<Weight> {
  const context = await browser.newContext({
    baseURL: stack.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  try {
    if (session) {
      await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
        SESSION_KEY,
        session,
      ] as const);
      // A signed-in tab's browser has the "session open" cookie, by which the server sends the
      // page with the layout's links and without the sign-in page's (apps/server plugins/web.ts).
      await context.addCookies([{ name: SESSION_OPEN_FLAG, value: '1', url: stack.baseURL }]);
    }
    // The page's own clock says when a title (h1) first entered the page: the early sign-in form
    // or the screen. Timed from here, with a busy machine delaying the test's polling, a guest
    // page once counted the layout the app fetches after the form shows (69 files, not 38).
    // (No named function inside: tsx would wrap it in a helper the page does not have.)
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('h1') === null) return;
        (window as unknown as { titleShownAt: number }).titleShownAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'commit' });
    // The screen is rendered (its title), and no lazy chunk or data request is still coming.
    const shown = await page
      .waitForFunction(() => document.querySelector('h1') !== null, null, {
        polling: 'raf',
        timeout: 20_000,
      })
      .then(() => true)
      .catch(() => false);
    if (!shown) console.warn(`  (${path}: no title rendered within 20 s; counted what it loaded)`);
    await page.waitForLoadState('networkidle');
    // A guest page counts what it needed to show its form: once it has loaded, it fetches the
    // app's code in the background for after signing in (apps/web/src/app/guest/app-files.ts),
    // which is not this page's.
    const counted = await page.evaluate(
      ({ origin, all }) => {
        const shownAt = (window as unknown as { titleShownAt?: number }).titleShownAt;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.startsWith(`${origin}/assets/`))
          .filter((entry) => all || shownAt === undefined || entry.startTime <= shownAt)
          .map((entry) => entry.name);
      },
      { origin: stack.baseURL, all: session !== null || !shown },
    );
    return weigh(dist, counted);
  } finally {
    await context.close();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function signInSession(browser: Browser, stack: Stack): Promise<string> {
  const context = await browser.newContext({ baseURL: stack.baseURL });
  try {
    const page = await context.newPage();
    await signInThroughForm(page, stack);
    const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
    if (!session) throw new Error('no session after signing in');
    return session;
  } finally {
    await context.close();
  }
}

/** One navigation to /users/roles until `rows` rows are rendered. */
async function timeRolesList(page: Page, rows: number): Promise<{ inPage: number; wall: number }> {
  const start = performance.now();
  await page.goto('/users/roles', { waitUntil: 'commit' });
  const inPage = await page.waitForFunction(
    (count) =>
      document.querySelectorAll('table tbody tr').length >= count ? performance.now() : false,
    rows,
    { polling: 'raf', timeout: 60_000 },
  );
  const wall = performance.now() - start;
  return { inPage: (await inPage.jsonValue()) as number, wall };
}

async function main(): Promise<void> {
  await withWebStack(
    { skipBuild: flag('--skip-build'), logFile: '/tmp/bench-web-server.log' },
    async ({ dist, stack, browser }) => {
      const pb = new PocketBase(stack.baseURL);
      pb.autoCancellation(false);
      await pb.collection('employees').authWithPassword(stack.adminEmail, stack.adminPassword);
      const firstId = async (collection: string) =>
        (await pb.collection(collection).getList(1, 1)).items[0]?.id;

      // 1. Bundle weight.
      const login = await pageWeight(browser, stack, dist, '/auth/login', null);
      const session = await signInSession(browser, stack);
      const role = await firstId('roles');
      const user = await firstId('users');
      const employee = await firstId('employees');
      const member = await firstId('members');
      const volunteer = await firstId('volunteers');
      const project = await firstId('projects');
      const routes = [
        '/',
        '/users',
        '/users/new',
        `/users/${user}`,
        `/users/${user}/update`,
        '/users/roles',
        '/users/roles/new',
        `/users/roles/${role}`,
        `/users/roles/${role}/update`,
        '/activity-monitor/all',
        '/hr/employees',
        '/hr/employees/new',
        `/hr/employees/${employee}`,
        `/hr/employees/${employee}/update`,
        '/hr/employees/settings',
        '/hr/members',
        '/hr/members/new',
        `/hr/members/${member}`,
        '/hr/volunteers',
        '/hr/volunteers/new',
        `/hr/volunteers/${volunteer}`,
        '/projects',
        `/projects/${project}`,
        `/projects/${project}/report`,
        '/finance/payroll',
        '/manage-website/topics',
      ];
      const weights: { path: string; weight: Weight }[] = [];
      for (const path of routes) {
        weights.push({ path, weight: await pageWeight(browser, stack, dist, path, session) });
      }
      weights.sort((a, b) => b.weight.js + b.weight.css - (a.weight.js + a.weight.css));

      // 2. Roles list of ROLE_COUNT roles: a fresh stack has only the demo roles, so keep exactly
      //    ROLE_COUNT by counting what is there.
      const existing = (await pb.collection('roles').getList(1, 1)).totalItems;
      for (let i = existing; i < ROLE_COUNT; i++) {
        await pb.collection('roles').create({
          title: `Bench role ${String(i + 1).padStart(3, '0')}`,
          description: `Role number ${i + 1}, seeded for the web benchmark.`,
          permissions: ['projects.read', 'employees.read', i % 2 ? 'vaults.read' : 'topics.read'],
        });
      }
      const total = (await pb.collection('roles').getList(1, 1)).totalItems;
      const context: BrowserContext = await browser.newContext({
        baseURL: stack.baseURL,
        viewport: { width: 1440, height: 900 },
      });
      await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
        SESSION_KEY,
        session,
      ] as const);
      const page = await context.newPage();
      // Lists show one page at a time: the first page of the roles is what a person waits for.
      const shownRows = Math.min(total, PAGE_SIZE);
      const cold = await timeRolesList(page, shownRows);
      const warm: { inPage: number; wall: number }[] = [];
      for (let i = 0; i < RUNS; i++) warm.push(await timeRolesList(page, shownRows));
      await context.close();
      const inPage = warm.map((r) => r.inPage).sort((a, b) => a - b);
      const wall = warm.map((r) => r.wall).sort((a, b) => a - b);

      // Report (markdown).
      const chromiumVersion = browser.version();
      const lines = [
        `Chromium ${chromiumVersion} headless, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} (load average ${loadavg()[0].toFixed(1)} at the end), Node ${process.version}; production build; gzip = zlib level 9 of each JS/CSS file the browser requested (fresh context, no cache).`,
        '',
        '| Page | JS gzip | CSS gzip | Total gzip | Files (raw) |',
        '|---|---:|---:|---:|---:|',
        `| /auth/login (guest) | ${kb(login.js)} | ${kb(login.css)} | **${kb(login.js + login.css)}** | ${login.files} (${kb(login.raw)}) |`,
        ...weights
          .slice(0, 5)
          .map(
            ({ path, weight }, i) =>
              `| ${path}${i === 0 ? ' (heaviest)' : ''} | ${kb(weight.js)} | ${kb(weight.css)} | ${i === 0 ? '**' : ''}${kb(weight.js + weight.css)}${i === 0 ? '**' : ''} | ${weight.files} (${kb(weight.raw)}) |`,
          ),
        '',
        `Roles list, ${total} roles (\`page.goto('/users/roles')\` until its first page, ${shownRows} rows, is rendered; signed in; 1 cold + ${RUNS} warm runs):`,
        '',
        '| Measure | Cold | Median | p95 |',
        '|---|---:|---:|---:|',
        `| In page (navigation start → last row painted) | ${cold.inPage.toFixed(0)} ms | ${percentile(inPage, 50).toFixed(0)} ms | ${percentile(inPage, 95).toFixed(0)} ms |`,
        `| Wall clock (goto → rows seen by the test) | ${cold.wall.toFixed(0)} ms | ${percentile(wall, 50).toFixed(0)} ms | ${percentile(wall, 95).toFixed(0)} ms |`,
      ];
      console.log('\nAll routes (total gzip):');
      for (const { path, weight } of weights)
        console.log(`  ${kb(weight.js + weight.css).padStart(9)}  ${path}`);
      // What the heaviest route and every route over the 300 KB goal (issue 43) are made of,
      // heaviest file first: where to cut.
      const [heaviest] = weights;
      const overGoal = (weight: Weight) => weight.js + weight.css > ROUTE_GOAL;
      for (const { path, weight } of weights.filter((w) => w === heaviest || overGoal(w.weight))) {
        console.log(`\nFiles of ${path} (gzip):`);
        for (const { path: file, gz } of [...weight.each].sort((a, b) => b.gz - a.gz))
          console.log(`  ${kb(gz).padStart(9)}  ${file}`);
      }
      const over = weights.filter((w) => overGoal(w.weight)).length;
      console.log(`\n${over} of ${weights.length} signed-in routes over ${kb(ROUTE_GOAL)}.`);
      console.log(`\n${lines.join('\n')}\n`);
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
