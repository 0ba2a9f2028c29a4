import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/harness/chromium';
import { REPO_ROOT, startStack, type Stack } from '../../apps/web/e2e/harness/stack';

/**
 * Builds the web app into a private directory (others may rebuild apps/web/dist meanwhile);
 * `skipBuild` copies the existing apps/web/dist instead.
 */
export function buildApp({ skipBuild = false } = {}): string {
  const out = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  if (skipBuild && existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    cpSync(join(REPO_ROOT, 'apps/web/dist'), out, { recursive: true });
    return out;
  }
  const built = spawnSync(
    'npm',
    [
      'run',
      'build',
      '-w',
      '@app/web',
      '--',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the web build failed');
  return out;
}

/**
 * A web benchmark's setting: the app built into a private directory, the real server on it with
 * the demo data, and Debian's Chromium; all of it stopped and removed when `work` ends.
 */
export async function withWebStack<T>(
  options: { skipBuild: boolean; logFile: string },
  work: (setting: { dist: string; stack: Stack; browser: Browser }) => Promise<T>,
): Promise<T> {
  const dist = buildApp({ skipBuild: options.skipBuild });
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  try {
    stack = await startStack({
      seedDemo: true,
      smtp: false,
      webDist: dist,
      logFile: options.logFile,
    });
    browser = await launchChromium();
    return await work({ dist, stack, browser });
  } finally {
    await browser?.close();
    await stack?.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

/** Signs in through the sign-in form as the stack's administrator, and waits for the app. */
export async function signInThroughForm(page: Page, stack: Stack): Promise<void> {
  await page.goto('/auth/login');
  await page.locator('input[autocomplete="username"]').fill(stack.adminEmail);
  await page.locator('#login-password').fill(stack.adminPassword);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Every value given to an option of the command line, which may repeat (`--dist a=x --dist b=y`). */
export function optionValues(name: string): string[] {
  const values: string[] = [];
  process.argv.forEach((arg, i) => {
    const value = process.argv[i + 1];
    if (arg === name && value) values.push(value);
  });
  return values;
}

/** A number given on the command line (`--runs 5`), or `fallback`. */
export function numberOption(name: string, fallback: number): number {
  const [value] = optionValues(name);
  return value === undefined ? fallback : Number(value);
}

/** The builds to compare, each `--dist name=dir` (a directory built by `vite build --outDir`). */
export function distOptions(): Array<{ name: string; dir: string }> {
  return optionValues('--dist').map((spec) => {
    const [name, dir] = spec.split('=');
    if (!name || !dir) throw new Error(`--dist takes name=dir, not ${spec}`);
    return { name, dir };
  });
}

/** Chromium's "3G" as the web benchmarks use it: 400 ms, 400 kbit/s (50,000 bytes a second). */
export const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};

/** The middle value (the upper of the two middles for an even count); NaN for none. */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
