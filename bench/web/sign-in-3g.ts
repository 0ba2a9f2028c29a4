/**
 * Signing in on a slow line, build against build, round by round (bench/README.md, "Web: one
 * sign-in"):
 *
 *   npx tsx bench/web/sign-in-3g.ts [--runs 5] [--typing 5000] [--cpu 1] [--timeline]
 *                                   [--checkout name=dir ...]
 *
 * Each `--checkout name=dir[:dist]` is a copy of the project with its web app built into `dist`
 * (by default `dir/apps/web/dist`; without any, this checkout); each gets its own server, started
 * from that copy, since a build's sign-in may need its own server. In a fresh profile on Chromium's 3G
 * (`SLOW_3G`: 400 ms, 400 kbit/s each way), and the CPU slowed `--cpu` times: the
 * time from navigation to the sign-in form on screen (the first frame drawn after it entered
 * the page), and from pressing "Log In" after `--typing` ms to
 * the app's user menu, and from navigation to it, by the page's clock; the main thread's long tasks (the Long Tasks API)
 * from navigation to the app, with the longest. `--timeline` prints, for each checkout's last
 * run, every request from the press on (when it was asked for and when it ended) and the long
 * tasks after the press: where the time after "Log In" goes. The checkouts take turns, run by
 * run, so that a busier minute of the machine falls on all of them.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/harness/chromium';
import type { Stack, StackOptions } from '../../apps/web/e2e/harness/stack';
import { REPO_ROOT } from '../../apps/web/e2e/harness/stack';
import { median, numberOption, optionValues, SLOW_3G } from './build';

const RUNS = numberOption('--runs', 5);
const TYPING = numberOption('--typing', 5000);
const CPU = numberOption('--cpu', 1);
const TIMELINE = process.argv.includes('--timeline');

const checkouts = (() => {
  const given = optionValues('--checkout').map((spec) => {
    const [name, where] = spec.split('=');
    const [dir, dist] = (where ?? '').split(':');
    if (!name || !dir) throw new Error(`--checkout takes name=dir[:dist], not ${spec}`);
    return { name, dir, dist: dist || join(dir, 'apps/web/dist') };
  });
  return given.length > 0
    ? given
    : [{ name: 'current', dir: REPO_ROOT, dist: join(REPO_ROOT, 'apps/web/dist') }];
})();

/** In the page, before anything: when the form and the app appeared, and every long task. */
const WATCH = `(() => {
  const marks = { long: [] };
  window.__signIn = marks;
  const check = () => {
    if (!marks.form && document.querySelector('#login-password')) {
      marks.form = performance.now();
      // Painted: the first frame after it entered the page has been drawn (a frame waits for
      // the stylesheets that block rendering).
      requestAnimationFrame(() => setTimeout(() => (marks.painted = performance.now())));
    }
    if (!marks.app && document.querySelector('[data-testid="user-menu"]')) marks.app = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        marks.long.push({ at: Math.round(entry.startTime), ms: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})()`;

type Marks = {
  form?: number;
  painted?: number;
  app?: number;
  pressed?: number;
  long: Array<{ at: number; ms: number }>;
};
const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __signIn: Marks }).__signIn);

/** Resolves once the page's marks satisfy `done`, asked every 50 ms (two minutes at most). */
async function until(page: Page, done: (marks: Marks) => boolean): Promise<void> {
  for (const start = Date.now(); Date.now() - start < 120_000;) {
    if (done(await marksOf(page))) return;
    await page.waitForTimeout(50);
  }
  throw new Error('sign-in-3g: the page did not get there within two minutes');
}

async function oneRun(browser: Awaited<ReturnType<typeof launchChromium>>, stack: Stack) {
  const context = await browser.newContext({ baseURL: stack.baseURL, serviceWorkers: 'block' });
  await context.addInitScript({ content: WATCH });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    // Every request of the page by the browser's own account (Network domain): when it was
    // asked for, when its last byte came, and its bytes on the wire.
    const requests = new Map<
      string,
      { url: string; start: number; end?: number; bytes?: number; priority?: string }
    >();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!requests.has(event.requestId))
        requests.set(event.requestId, {
          url: event.request.url,
          start: Date.now(),
          priority: event.request.initialPriority,
        });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = requests.get(event.requestId);
      if (entry) Object.assign(entry, { end: Date.now(), bytes: event.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (event) => {
      const entry = requests.get(event.requestId);
      if (entry) entry.end = Date.now();
    });
    // Watched and typed without Playwright's selectors: their engine, evaluated in the page
    // on first use, would be a long task of its own in the page's measure (25 to 50 ms here).
    await page.goto('/auth/login', { waitUntil: 'commit', timeout: 120_000 });
    await until(page, (marks) => marks.painted !== undefined);
    await page.waitForTimeout(TYPING);
    // As a person does: the form has put the focus in its first field.
    await page.keyboard.type(stack.adminEmail);
    // The next field as a click would (between the two, in the tab order, is the forgotten
    // password's link).
    await page.evaluate(() => document.getElementById('login-password')?.focus());
    await page.keyboard.type(stack.adminPassword);
    const pressedAt = Date.now();
    // By the page's clock too, for the long tasks after the press.
    await page.evaluate(() => {
      (window as unknown as { __signIn: Marks }).__signIn.pressed = performance.now();
    });
    await page.keyboard.press('Enter');
    await until(page, (marks) => marks.app !== undefined);
    // The first screen's own work after the menu shows.
    await page.waitForTimeout(1500);
    const marks = await marksOf(page);
    const pressed = marks.pressed ?? 0;
    return {
      toForm: Math.round(marks.painted ?? NaN),
      toApp: Math.round((marks.app ?? NaN) - pressed),
      fromNavigation: Math.round(marks.app ?? NaN),
      // On the sign-in page (until the press), and from the press to the first screen's end.
      longestBefore: Math.max(0, ...marks.long.filter((t) => t.at < pressed).map((t) => t.ms)),
      longestAfter: Math.max(0, ...marks.long.filter((t) => t.at >= pressed).map((t) => t.ms)),
      longTasks: marks.long,
      pressed,
      timeline: [...requests.values()].map((r) => ({
        url: r.url.replace(stack.baseURL, ''),
        start: r.start - pressedAt,
        end: r.end === undefined ? null : r.end - pressedAt,
        bytes: r.bytes ?? 0,
        priority: r.priority ?? '',
      })),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const stacks: Array<{ name: string; stack: Stack }> = [];
  const browser = await launchChromium();
  try {
    for (const { name, dir, dist } of checkouts) {
      const harness = (await import(
        pathToFileURL(join(dir, 'apps/web/e2e/harness/stack.ts')).href
      )) as { startStack: (options: StackOptions) => Promise<Stack> };
      stacks.push({
        name,
        stack: await harness.startStack({
          seedDemo: true,
          smtp: false,
          webDist: dist,
          logFile: `/tmp/bench-sign-in-3g-${name}.log`,
        }),
      });
    }
    const results = new Map<string, Array<Awaited<ReturnType<typeof oneRun>>>>();
    const loads: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      loads.push(loadavg()[0]!.toFixed(1));
      for (const { name, stack } of stacks) {
        const result = await oneRun(browser, stack);
        results.set(name, [...(results.get(name) ?? []), result]);
        console.log(
          `run ${run + 1} ${name}: form ${result.toForm} ms, app ${result.toApp} ms after the press, longest task ${result.longestBefore} ms before the press, ${result.longestAfter} ms after (load ${loadavg()[0]!.toFixed(1)})`,
        );
      }
    }
    console.log(
      `\nChromium ${browser.version()}, ${cpus().length} CPUs, 3G, CPU slowed ${CPU}×, "Log In" after ${TYPING} ms; ${RUNS} rounds (load at each round's start: ${loads.join(', ')})`,
    );
    console.log(
      '| Checkout | Form shown (ms) | Press → app (ms) | Every run (ms) | Navigation → app (ms) | Longest task on the sign-in page (ms), every run | Longest task from the press to the first screen (ms), every run |',
    );
    console.log('|---|---:|---:|---|---:|---|---|');
    for (const { name } of stacks) {
      const runs = results.get(name) ?? [];
      console.log(
        `| ${name} | ${median(runs.map((r) => r.toForm))} | ${median(runs.map((r) => r.toApp))} | ${runs.map((r) => r.toApp).join(', ')} | ${median(runs.map((r) => r.fromNavigation))} | ${runs.map((r) => r.longestBefore).join(', ')} | ${runs.map((r) => r.longestAfter).join(', ')} |`,
      );
    }
    if (TIMELINE) {
      for (const { name } of stacks) {
        const last = results.get(name)?.at(-1);
        if (!last) continue;
        console.log(`\n${name}, last run: every request (asked, last byte: ms from the press)`);
        for (const r of last.timeline)
          console.log(
            `  ${r.start}\t${r.end ?? '-'}\t${(r.bytes / 1024).toFixed(1)} KB\t${r.priority}\t${r.url}`,
          );
        const before = last.timeline.filter((r) => r.start < 0);
        console.log(
          `  ${(before.reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(1)} KB asked before the press, ` +
            `${(last.timeline.filter((r) => (r.end ?? Infinity) > 0).reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(1)} KB still to come at it`,
        );
        console.log(`${name}, long tasks (ms after the press: duration)`);
        for (const t of last.longTasks)
          console.log(`  ${Math.round(t.at - last.pressed)}: ${t.ms}`);
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
