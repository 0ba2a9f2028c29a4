/**
 * Lighthouse accessibility scores (bench/README.md, "## Accessibility (Lighthouse)"), or with
 * --performance the performance of the sign-in page, the dashboard and the employees list on the
 * mobile preset (simulated slow 4G and a 4× slower CPU):
 *
 *   npm install --prefix /tmp/lighthouse lighthouse@12.8.2     # once; not a project dependency
 *   LIGHTHOUSE_DIR=/tmp/lighthouse npx tsx bench/web/lighthouse.ts [--skip-build] [--performance]
 *                                                                   [--save] [--runs 3]
 *                                                                   [--dist name=dir ...]
 *
 * Lighthouse is heavy (≈ 200 packages), so it is installed outside the repository and loaded
 * from LIGHTHOUSE_DIR. Debian's Chromium is started by chrome-launcher (--headless
 * --no-sandbox); puppeteer-core (a Lighthouse dependency) connects to it so that one tab can
 * sign in and keep its session (the app keeps it in sessionStorage, per tab) while Lighthouse
 * audits each page in a user flow with storage reset turned off. Pages: /auth/login (guest),
 * then signed in as the administrator on the demo data: /, /hr/employees, and two forms
 * (/hr/employees/new, /users/roles/new), in English on the desktop preset and in Arabic on the
 * mobile preset. `--save` also writes each page's full report (JSON: every audit, such as the
 * script evaluation per file behind the blocking time) to bench/.data/lighthouse/.
 *
 * Lighthouse's blocking time moves a lot between runs on this machine (the server, Chromium and
 * Lighthouse share two cores), so builds are compared in one run of the script: each
 * `--dist name=dir` is a built app (`npx vite build --outDir dir` in apps/web; wait for its
 * last line, the precompression, before using the directory), each gets its own server, and
 * `--runs N` audits them in turn N times, in alternating order, so that a busier minute falls
 * on all of them. The table then gives each page's medians and every run's blocking time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStack, type Stack } from '../../apps/web/e2e/harness/stack';
import { median } from '../directus/summary';
import { buildApp, distOptions, numberOption } from './build';

const LIGHTHOUSE_DIR = process.env.LIGHTHOUSE_DIR ?? '/tmp/lighthouse';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANGUAGE_KEY = 'back-office-language';
const PERFORMANCE = process.argv.includes('--performance');
const SIGNED_IN_PAGES = PERFORMANCE
  ? ['/', '/hr/employees']
  : ['/', '/hr/employees', '/hr/employees/new', '/users/roles/new'];
const CATEGORY = PERFORMANCE ? 'performance' : 'accessibility';
const RUNS = numberOption('--runs', 1);
const DISTS = distOptions();
const SAVE_DIR = process.argv.includes('--save')
  ? join(import.meta.dirname, '..', '.data', 'lighthouse')
  : null;

type Audit = { id: string; score: number | null; title: string; numericValue?: number };
type FlowResult = {
  steps: {
    lhr: {
      finalDisplayedUrl: string;
      categories: Record<
        'accessibility' | 'performance',
        { score: number | null; auditRefs: { id: string; weight: number }[] }
      >;
      audits: Record<string, Audit>;
    };
  }[];
};

/** One performance audit of a page: its score and the three timings. */
type PerformanceRow = { path: string; score: number; fcp: number; lcp: number; tbt: number };

async function load<T>(name: string): Promise<T> {
  const require = createRequire(join(LIGHTHOUSE_DIR, 'package.json'));
  let resolved: string;
  try {
    resolved = require.resolve(name);
  } catch {
    throw new Error(
      `${name} is not installed in ${LIGHTHOUSE_DIR}: npm install --prefix ${LIGHTHOUSE_DIR} lighthouse@12.8.2`,
    );
  }
  return (await import(pathToFileURL(resolved).href)) as T;
}

async function main() {
  const { startFlow } = await load<{ startFlow: StartFlow }>('lighthouse');
  const chromeLauncher = await load<{
    launch(o: object): Promise<{ port: number; kill(): void }>;
  }>('chrome-launcher');
  const puppeteer = (
    await load<{ default: { connect(o: object): Promise<PuppeteerBrowser> } }>('puppeteer-core')
  ).default;

  const stacks: Array<{ name: string; stack: Stack }> = [];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const dists =
      DISTS.length > 0
        ? DISTS
        : [{ name: '', dir: buildApp({ skipBuild: process.argv.includes('--skip-build') }) }];
    for (const { name, dir } of dists) {
      stacks.push({ name, stack: await startStack({ seedDemo: true, smtp: false, webDist: dir }) });
    }
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const accessibilityRows: string[] = [];
    const performance = new Map<string, PerformanceRow[]>();
    for (let run = 0; run < RUNS; run++) {
      // Every other run in the opposite order: the build audited second is not always the one
      // that follows another's audit.
      for (const { name, stack } of run % 2 ? [...stacks].reverse() : stacks) {
        const languages = PERFORMANCE ? (['en'] as const) : (['en', 'ar'] as const);
        for (const language of languages) {
          const result = await auditFlow(browser, stack, language, startFlow);
          for (const step of result.steps) {
            const { lhr } = step;
            const category = lhr.categories[CATEGORY];
            const path = new URL(lhr.finalDisplayedUrl).pathname;
            const score = Math.round((category.score ?? 0) * 100);
            if (SAVE_DIR) {
              mkdirSync(SAVE_DIR, { recursive: true });
              const file = `${CATEGORY}-${name ? `${name}-` : ''}${language}${path.replaceAll('/', '_') || '_'}.json`;
              writeFileSync(join(SAVE_DIR, file), JSON.stringify(lhr));
            }
            if (PERFORMANCE) {
              const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
              const key = `${name}\t${path}`;
              performance.set(key, [
                ...(performance.get(key) ?? []),
                {
                  path,
                  score,
                  fcp: ms('first-contentful-paint'),
                  lcp: ms('largest-contentful-paint'),
                  tbt: ms('total-blocking-time'),
                },
              ]);
              continue;
            }
            const failed = category.auditRefs
              .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
              .map((ref) => ref.id);
            accessibilityRows.push(
              `| ${path} | ${language} (${language === 'en' ? 'desktop 1440' : 'mobile 390'}) | ${score} | ${failed.join(', ') || '—'} |`,
            );
          }
        }
      }
    }
    await browser.disconnect();
    if (PERFORMANCE) {
      const several = RUNS > 1;
      const build = dists.length > 1 ? '| Build ' : '';
      console.log(
        `${build}| Page (mobile preset, en) | Performance | FCP ms | LCP ms | TBT ms |` +
          (several ? ' Every run: TBT ms |' : ''),
      );
      console.log(`${build ? '|---' : ''}|---|---:|---:|---:|---:|${several ? '---|' : ''}`);
      for (const [key, rows] of performance) {
        const [name, path] = key.split('\t');
        const of = (pick: (row: PerformanceRow) => number) => Math.round(median(rows.map(pick)));
        console.log(
          `${build ? `| ${name} ` : ''}| ${path} | ${of((r) => r.score)} | ${of((r) => r.fcp)} | ` +
            `${of((r) => r.lcp)} | ${of((r) => r.tbt)} |` +
            (several ? ` ${rows.map((r) => r.tbt).join(', ')} |` : ''),
        );
      }
    } else {
      console.log('| Page | Language (preset) | Accessibility | Failed audits |');
      console.log('|---|---|---:|---|');
      for (const row of accessibilityRows) console.log(row);
    }
  } finally {
    chrome.kill();
    for (const { stack } of stacks) await stack.stop();
  }
}

type StartFlow = (
  page: unknown,
  options: object,
) => Promise<{
  navigate(url: string, options?: object): Promise<void>;
  createFlowResult(): Promise<FlowResult>;
}>;

/** Audits the sign-in page as a guest, then signs in and audits the signed-in pages. */
async function auditFlow(
  browser: PuppeteerBrowser,
  stack: Stack,
  language: 'en' | 'ar',
  startFlow: StartFlow,
): Promise<FlowResult> {
  const page = await browser.newPage();
  const preset =
    language === 'en' && !PERFORMANCE
      ? {
          formFactor: 'desktop',
          screenEmulation: {
            mobile: false,
            width: 1440,
            height: 900,
            deviceScaleFactor: 1,
            disabled: false,
          },
        }
      : {
          formFactor: 'mobile',
          screenEmulation: {
            mobile: true,
            width: 390,
            height: 844,
            deviceScaleFactor: 2,
            disabled: false,
          },
        };
  const flow = await startFlow(page, {
    config: {
      extends: 'lighthouse:default',
      settings: { onlyCategories: [CATEGORY], disableStorageReset: true, ...preset },
    },
  });
  // The language is chosen before the app starts (it reads localStorage).
  await page.goto(`${stack.baseURL}/auth/login`);
  await page.evaluate(
    (key: string, value: string) => localStorage.setItem(key, value),
    LANGUAGE_KEY,
    language,
  );
  await flow.navigate(`${stack.baseURL}/auth/login`);
  // Sign in in the same tab, then audit the signed-in pages there.
  await page.goto(`${stack.baseURL}/auth/login`);
  await page.waitForSelector('input[autocomplete="username"]');
  await page.type('input[autocomplete="username"]', stack.adminEmail);
  await page.type('#login-password', stack.adminPassword);
  await page.click('form button[type="submit"]');
  await page.waitForSelector('[data-testid="user-menu"]');
  for (const path of SIGNED_IN_PAGES) await flow.navigate(`${stack.baseURL}${path}`);
  const result = await flow.createFlowResult();
  await page.close();
  return result;
}

type PuppeteerPage = {
  goto(url: string): Promise<unknown>;
  evaluate<A extends unknown[]>(fn: (...args: A) => unknown, ...args: A): Promise<unknown>;
  waitForSelector(selector: string): Promise<unknown>;
  type(selector: string, text: string): Promise<void>;
  click(selector: string): Promise<void>;
  close(): Promise<void>;
};
type PuppeteerBrowser = { newPage(): Promise<PuppeteerPage>; disconnect(): Promise<void> };

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
