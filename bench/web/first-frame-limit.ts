/**
 * The sign-in page's longest task against what drawing the same form costs at all
 * (bench/README.md, "Web: the sign-in page's longest task against its limit"):
 *
 *   npx tsx bench/web/first-frame-limit.ts [--runs 10]
 *
 * Each round opens five pages, each in a fresh browser context (a fresh renderer, as a first
 * visit is), and takes the longest main-thread task the Long Tasks API reports while the page
 * loads (two seconds; nine on 3G, until the guest entry's last file has come):
 *
 * - `app, 3G` and `app, full speed`: the real `/auth/login` from the real server, its files and
 *   all, on Chromium's 3G (as `sign-in-3g.ts`) and on the bare loopback;
 * - `static`: the same page as its inline script draws it (taken once, with every file of the
 *   app held back), its scripts removed, from a bare HTTP server: the form with nothing to run;
 * - `strikes`: one paragraph per font the form draws (family, size and weight as the browser
 *   computed them on the form), and nothing else;
 * - `one font`: as many paragraphs, all in one font.
 *
 * `static` is the limit for showing this form in one frame. `strikes` against `one font` says
 * what finding a fresh renderer's fonts costs alone.
 */
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/harness/chromium';
import { startStack } from '../../apps/web/e2e/harness/stack';
import { median, numberOption, SLOW_3G } from './build';

const RUNS = numberOption('--runs', 10);

/** In the page, before anything: every long task's duration. */
const WATCH = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
})()`;

/** The early form as its inline script draws it, with no script left in the page. */
async function drawnForm(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    // Every file of the app held back (never answered): what is drawn is the page's own work.
    await page.route(/\/assets\//, () => {});
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await page.waitForSelector('#login-password');
    return await page.evaluate(`(() => {
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll('script, link[rel=modulepreload], link[rel=preload]').forEach((e) => e.remove());
      return '<!doctype html>' + copy.outerHTML;
    })()`);
  } finally {
    await context.close();
  }
}

/** Every font the drawn form uses, as family / size / weight / style. */
async function fontsOf(browser: Browser, url: string): Promise<string[][]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await page.evaluate(`(() => {
      const fonts = new Map();
      const note = (element) => {
        const s = getComputedStyle(element);
        if (s.display === 'none' || s.visibility === 'hidden') return;
        const font = [s.fontFamily, s.fontSize, s.fontWeight, s.fontStyle];
        fonts.set(font.join('|'), font);
      };
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode())
        if (node.textContent.trim()) note(node.parentElement);
      document.querySelectorAll('input').forEach(note);
      return [...fonts.values()];
    })()`);
  } finally {
    await context.close();
  }
}

/** Bare paragraphs, one per font given. */
function paragraphs(fonts: string[][]): string {
  const text = 'Sign in to the back office العربية';
  return (
    '<!doctype html><meta charset="utf-8"><body>' +
    fonts
      .map(
        ([family, size, weight, style]) =>
          `<p style="font-family:${family!.replace(/"/g, "'")};font-size:${size};font-weight:${weight};font-style:${style}">${text}</p>`,
      )
      .join('') +
    '</body>'
  );
}

async function longestTask(browser: Browser, url: string, onSlowLine = false): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript({ content: WATCH });
  try {
    const page = await context.newPage();
    if (onSlowLine) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    }
    await page.goto(url, { timeout: 60_000 });
    // On 3G the guest entry's last files come about 7 s after navigation.
    await page.waitForTimeout(onSlowLine ? 9000 : 2000);
    const tasks = (await page.evaluate('window.__longTasks')) as number[];
    return Math.max(0, ...tasks);
  } finally {
    await context.close();
  }
}

async function main() {
  const stack = await startStack({
    seedDemo: false,
    smtp: false,
    logFile: '/tmp/bench-first-frame.log',
  });
  const browser = await launchChromium();
  const pages = new Map<string, string>();
  const bare = createServer((request, response) => {
    const body = pages.get((request.url ?? '/').slice(1));
    response.writeHead(body === undefined ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
    });
    response.end(body ?? '');
  });
  try {
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareURL = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
    pages.set('static', await drawnForm(browser, stack.baseURL));
    const fonts = await fontsOf(browser, `${bareURL}/static`);
    pages.set('strikes', paragraphs(fonts));
    pages.set('one-font', paragraphs(fonts.map(() => ['sans-serif', '16px', '400', 'normal'])));
    console.log(`The form draws ${fonts.length} fonts:`);
    for (const font of fonts) console.log(`  ${font.join(' / ')}`);

    const urls: Record<string, [string, boolean]> = {
      'app, 3G': [`${stack.baseURL}/auth/login`, true],
      'app, full speed': [`${stack.baseURL}/auth/login`, false],
      static: [`${bareURL}/static`, false],
      strikes: [`${bareURL}/strikes`, false],
      'one font': [`${bareURL}/one-font`, false],
    };
    const results = new Map<string, number[]>();
    const loads: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      loads.push(loadavg()[0]!.toFixed(1));
      for (const [name, [url, onSlowLine]] of Object.entries(urls))
        results.set(name, [
          ...(results.get(name) ?? []),
          await longestTask(browser, url, onSlowLine),
        ]);
    }
    const limit = median(results.get('static') ?? []);
    console.log(
      `\nChromium ${browser.version()}, ${cpus().length} CPUs, the CPU at full speed, ${RUNS} rounds (load at each round's start: ${loads.join(', ')})`,
    );
    console.log(
      '| Page | Longest task, median (ms) | Against `static` | Runs over 50 ms | Every run (ms) |',
    );
    console.log('|---|---:|---:|---:|---|');
    for (const [name, runs] of results) {
      const middle = median(runs);
      console.log(
        `| ${name} | ${middle} | ${limit > 0 ? (middle / limit).toFixed(2) : '-'} | ${runs.filter((ms) => ms > 50).length} of ${runs.length} | ${runs.join(', ')} |`,
      );
    }
  } finally {
    await browser.close();
    bare.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
