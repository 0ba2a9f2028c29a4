/**
 * The time to open a visited list with no connection, against the same list opened online in
 * the same run (bench/README.md, "issue 42"):
 *
 *   npx tsx bench/web/offline-list.ts [--skip-build] [--runs 7]
 *
 * Signed in, the roles list is opened once online, so the service worker keeps the app's files
 * and page and the app keeps the list's answer (src/lib/offline). Each run then reloads the tab
 * online and times navigation → the list's last row on screen, then cuts the network
 * (Playwright's setOffline) and times the same reload, whose page, files and rows now come from
 * the browser. The ratio offline / online is printed with the medians.
 */
import type { Page } from 'playwright-core';
import { median, numberOption, signInThroughForm, withWebStack } from './build';

const args = process.argv.slice(2);
const RUNS = numberOption('--runs', 7);

/** Reloads and waits until the roles list shows its seven demo roles. */
async function timedReload(page: Page): Promise<number> {
  const start = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await page.locator('table tbody tr').nth(6).waitFor({ timeout: 60_000 });
  return Date.now() - start;
}

await withWebStack(
  { skipBuild: args.includes('--skip-build'), logFile: '/tmp/bench-offline-list.log' },
  async ({ stack, browser }) => {
    const context = await browser.newContext({
      baseURL: stack.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await signInThroughForm(page, stack);
    await page.goto('/users/roles');
    await page.locator('table tbody tr').nth(6).waitFor();
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (!worker || worker.state === 'activated') return;
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    });
    await timedReload(page);
    for (let i = 0; i < 50 && !(await page.evaluate(() => caches.has('app-shell-v1'))); i += 1)
      await page.waitForTimeout(200);
    const online: number[] = [];
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      online.push(await timedReload(page));
      await context.setOffline(true);
      offline.push(await timedReload(page));
      await page.getByTestId('offline-banner').waitFor();
      await context.setOffline(false);
    }
    const [on, off] = [median(online), median(offline)];
    console.log('| Roles list, reload to last row (ms) | Median | Runs |');
    console.log('|---|---:|---|');
    console.log(`| online (the limit) | ${on} | ${online.join(', ')} |`);
    console.log(`| offline | ${off} | ${offline.join(', ')} |`);
    console.log(`ratio offline / online: ${(off / on).toFixed(2)}`);
    await context.close();
  },
);
