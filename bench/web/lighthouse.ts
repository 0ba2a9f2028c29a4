/**
 * Lighthouse accessibility scores (bench/README.md, "## Accessibility (Lighthouse)"), or with
 * --performance the performance of the sign-in page, the dashboard and the employees list on the
 * mobile preset (simulated slow 4G and a 4× slower CPU):
 *
 *   npm install --prefix /tmp/lighthouse lighthouse@12.8.2     # once; not a project dependency
 *   LIGHTHOUSE_DIR=/tmp/lighthouse npx tsx bench/web/lighthouse.ts [--skip-build] [--performance]
 *                                                                   [--save]
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
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStack, type Stack } from '../../apps/web/e2e/harness/stack';
import { buildApp } from './build';

const LIGHTHOUSE_DIR = process.env.LIGHTHOUSE_DIR ?? '/tmp/lighthouse';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANGUAGE_KEY = 'back-office-language';
const PERFORMANCE = process.argv.includes('--performance');
const SIGNED_IN_PAGES = PERFORMANCE
  ? ['/', '/hr/employees']
  : ['/', '/hr/employees', '/hr/employees/new', '/users/roles/new'];
const CATEGORY = PERFORMANCE ? 'performance' : 'accessibility';
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
  const { startFlow } = await load<{
    startFlow(
      page: unknown,
      options: object,
    ): Promise<{
      navigate(url: string, options?: object): Promise<void>;
      createFlowResult(): Promise<FlowResult>;
    }>;
  }>('lighthouse');
  const chromeLauncher = await load<{
    launch(o: object): Promise<{ port: number; kill(): void }>;
  }>('chrome-launcher');
  const puppeteer = (
    await load<{ default: { connect(o: object): Promise<PuppeteerBrowser> } }>('puppeteer-core')
  ).default;

  let stack: Stack | undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    stack = await startStack({
      seedDemo: true,
      smtp: false,
      webDist: buildApp({ skipBuild: process.argv.includes('--skip-build') }),
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const rows: string[] = [];
    const languages = PERFORMANCE ? (['en'] as const) : (['en', 'ar'] as const);
    for (const language of languages) {
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
      for (const step of result.steps) {
        const { lhr } = step;
        const category = lhr.categories[CATEGORY];
        const path = new URL(lhr.finalDisplayedUrl).pathname;
        const score = Math.round((category.score ?? 0) * 100);
        if (SAVE_DIR) {
          mkdirSync(SAVE_DIR, { recursive: true });
          const name = `${CATEGORY}-${language}${path.replaceAll('/', '_') || '_'}.json`;
          writeFileSync(join(SAVE_DIR, name), JSON.stringify(lhr));
        }
        if (PERFORMANCE) {
          const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
          rows.push(
            `| ${path} | ${score} | ${ms('first-contentful-paint')} | ${ms('largest-contentful-paint')} | ${ms('total-blocking-time')} |`,
          );
          continue;
        }
        const failed = category.auditRefs
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id);
        rows.push(
          `| ${path} | ${language} (${language === 'en' ? 'desktop 1440' : 'mobile 390'}) | ${score} | ${failed.join(', ') || '—'} |`,
        );
      }
      await page.close();
    }
    await browser.disconnect();
    if (PERFORMANCE) {
      console.log('| Page (mobile preset, en) | Performance | FCP ms | LCP ms | TBT ms |');
      console.log('|---|---:|---:|---:|---:|');
    } else {
      console.log('| Page | Language (preset) | Accessibility | Failed audits |');
      console.log('|---|---|---:|---|');
    }
    for (const row of rows) console.log(row);
  } finally {
    chrome.kill();
    await stack?.stop();
  }
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
