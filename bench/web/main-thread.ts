/**
 * The main thread's blocking time while a signed-in page loads, on a CPU slowed down four times,
 * for one or more builds of the web app side by side.
 *
 *   npx tsx bench/web/main-thread.ts [--runs 5] [--cpu 4] [--path /hr/employees ...]
 *                                    [--dist name=dir ...]
 *
 * Lighthouse estimates blocking time from a page loaded at full speed (its "simulated" mode), and
 * on this machine the same build moves by ±150 ms between runs. This script slows the CPU for real
 * (Chromium's CPU throttling, as DevTools does), records the browser's trace, and adds up, for
 * every task on the page's main thread longer than 50 ms, the part beyond 50 ms (the definition of
 * total blocking time), from the navigation until the network has been quiet for a second; and,
 * as Lighthouse does, from the first contentful paint on. It alternates the builds run by run, so
 * that a busier minute of the machine falls on all of them.
 *
 * Each `--dist name=dir` is a built app (`npm run build -w @app/web -- --outDir dir`); without
 * one, the current `apps/web/dist`. Each gets its own server with the demo data.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../apps/web/e2e/harness/chromium';
import { REPO_ROOT, startStack, type Stack } from '../../apps/web/e2e/harness/stack';
import { median } from '../directus/summary';
import { distOptions, numberOption, optionValues } from './build';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { resourceType?: string; url?: string } };
};

const RUNS = numberOption('--runs', 5);
const CPU = numberOption('--cpu', 4);
const PATHS = optionValues('--path').length > 0 ? optionValues('--path') : ['/', '/hr/employees'];
const GIVEN_DISTS = distOptions();
const DISTS =
  GIVEN_DISTS.length > 0
    ? GIVEN_DISTS
    : [{ name: 'current', dir: join(REPO_ROOT, 'apps/web/dist') }];

/**
 * Blocking time, the number of long tasks and the longest, from one load's trace; and the
 * blocking time after the first contentful paint, the part Lighthouse counts.
 */
function blockingOf(events: TraceEvent[], url: string) {
  const request = events.find(
    (e) =>
      e.name === 'ResourceSendRequest' &&
      e.args?.data?.resourceType === 'Document' &&
      e.args.data.url === url,
  );
  if (!request) throw new Error(`no request for ${url} in the trace`);
  const tasksAfter = (pid: number, tid: number) =>
    events.filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === pid &&
        e.tid === tid &&
        e.ts >= request.ts,
    );
  // The page's main thread: of the renderers' main threads, the one that worked the most.
  const tasks = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => tasksAfter(e.pid, e.tid))
    .sort((a, b) => total(b) - total(a))[0];
  const blockingIn = (long: number[]) => long.reduce((sum, ms) => sum + ms - 50, 0);
  const long = (tasks ?? []).map((e) => (e.dur ?? 0) / 1000).filter((ms) => ms > 50);
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= request.ts);
  return {
    blocking: blockingIn(long),
    // As Lighthouse counts: a task under way at the paint counts from the paint on.
    afterPaint: paint
      ? blockingIn(
          (tasks ?? [])
            .map((e) => (e.ts + (e.dur ?? 0) - Math.max(e.ts, paint.ts)) / 1000)
            .filter((ms) => ms > 50),
        )
      : NaN,
    longTasks: long.length,
    longest: Math.max(0, ...long),
  };
}

const total = (tasks: TraceEvent[]) => tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0);

async function main() {
  const stacks: Array<{ name: string; stack: Stack }> = [];
  const browser = await launchChromium();
  try {
    for (const { name, dir } of DISTS) {
      stacks.push({ name, stack: await startStack({ seedDemo: true, smtp: false, webDist: dir }) });
    }
    const results = new Map<string, Array<ReturnType<typeof blockingOf>>>();
    for (let run = 0; run < RUNS; run++) {
      for (const { name, stack } of stacks) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
        });
        const page = await context.newPage();
        await page.goto(`${stack.baseURL}/auth/login`);
        await page.fill('input[autocomplete="username"]', stack.adminEmail);
        await page.fill('#login-password', stack.adminPassword);
        await page.click('form button[type="submit"]');
        await page.waitForSelector('[data-testid="user-menu"]');
        for (const path of PATHS) {
          await page.goto('about:blank');
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
          const traceFile = join(tmpdir(), `main-thread-${process.pid}.json`);
          await browser.startTracing(page, {
            path: traceFile,
            // "loading" holds the first contentful paint.
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
          });
          await page.goto(`${stack.baseURL}${path}`);
          await page.waitForSelector('[data-testid="user-menu"]');
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(1000);
          await browser.stopTracing();
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as {
            traceEvents: TraceEvent[];
          };
          if (!process.env.KEEP_TRACE) rmSync(traceFile, { force: true });
          const key = `${name} ${path}`;
          results.set(key, [
            ...(results.get(key) ?? []),
            blockingOf(trace.traceEvents, `${stack.baseURL}${path}`),
          ]);
        }
        await context.close();
      }
    }
    console.log(
      `CPU slowed ${CPU}×, ${RUNS} loads each, 390 px (medians; every run's blocking time)`,
    );
    console.log(
      '| Build | Page | Blocking time (ms) | After first paint (ms) | Long tasks | Longest (ms) | ' +
        'Every run (ms) | Every run after first paint (ms) |',
    );
    console.log('|---|---|---:|---:|---:|---:|---|---|');
    for (const path of PATHS) {
      for (const { name } of DISTS) {
        const runs = results.get(`${name} ${path}`) ?? [];
        const blocking = runs.map((r) => Math.round(r.blocking));
        const afterPaint = runs.map((r) => Math.round(r.afterPaint));
        console.log(
          `| ${name} | ${path} | ${median(blocking)} | ${median(afterPaint)} | ` +
            `${median(runs.map((r) => r.longTasks))} | ` +
            `${Math.round(median(runs.map((r) => r.longest)))} | ${blocking.join(', ')} | ` +
            `${afterPaint.join(', ')} |`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const { stack } of stacks) await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
