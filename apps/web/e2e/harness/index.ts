/**
 * What e2e specs import (see ../README.md). Keep this API small and stable.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import PocketBase, { type RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY, SESSION_STORAGE_KEY } from '@/config/constants';
import { ALL_PERMISSIONS } from '@app/schema';
import { launchChromium } from './chromium';
import type { Mail } from './mailbox';

export type { Page, Locator } from 'playwright-core';
export type { Mail } from './mailbox';

/** Coordinates of the running stack (started once by the global setup). */
export const e2e = {
  baseURL: inject('e2eBaseURL'),
  adminEmail: inject('e2eAdminEmail'),
  adminPassword: inject('e2eAdminPassword'),
  defaultPassword: inject('e2eDefaultPassword'),
};
const mailboxURL = inject('e2eMailboxURL');

export { CHROMIUM_PATH, CHROMIUM_ARGS, launchChromium } from './chromium';

export type Locale = 'en' | 'ar';
export type PageOptions = { locale?: Locale; width?: number; height?: number };
export type E2EBrowser = {
  /** A page in a fresh context (own sessionStorage/localStorage), `baseURL` set. */
  newPage(options?: PageOptions): Promise<Page>;
  /** The underlying Playwright browser (advanced use). */
  browser(): Browser;
};

const FAILURE_DIR = '/tmp/e2e-failures';

/**
 * Records every Content-Security-Policy violation in the context's pages: the page's
 * `securitypolicyviolation` events (reported through a binding, so none is lost when the page
 * navigates) and Chromium's console errors about the policy.
 */
async function watchCspViolations(ctx: BrowserContext, violations: string[]): Promise<void> {
  await ctx.exposeBinding('__e2eCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eCspViolation(text: string): void })
        .__e2eCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  ctx.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? ''}: console: ${message.text()}`);
    }
  });
}

/** How many of a context's last events a failure prints. */
const EVENTS_KEPT = 60;

/**
 * Keeps a context's last page errors, console errors and warnings, failed requests, API answers
 * of 400 and more, and navigations, so that a failure in CI says what the page went through.
 */
function recordEvents(ctx: BrowserContext, events: string[]): void {
  const started = Date.now();
  const push = (text: string) => {
    events.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${text}`);
    if (events.length > EVENTS_KEPT) events.shift();
  };
  ctx.on('page', (page) => {
    page.on('pageerror', (error) => push(`pageerror: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) push(`navigated: ${frame.url()}`);
    });
  });
  ctx.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      push(`console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  ctx.on('requestfailed', (request) =>
    push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  ctx.on('response', (response) => {
    // Every answer about the session (sign-in, refresh), and every failure.
    if (response.status() >= 400 || /\/auth-[a-z-]+(\?|$)/.test(response.url()))
      push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

/**
 * One Chromium per spec file; every context is closed after each test. A test during which a
 * page violated the app's Content-Security-Policy fails.
 */
export function useBrowser(): E2EBrowser {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let cspViolations: string[] = [];
  const events = new Map<BrowserContext, string[]>();

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      mkdirSync(FAILURE_DIR, { recursive: true });
      const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      let n = 0;
      for (const ctx of contexts) {
        for (const page of ctx.pages()) {
          const file = `${FAILURE_DIR}/${name}-${n++}.png`;
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.error(`[e2e] failure screenshot: ${file} (${page.url()})`);
          const text = await page
            .evaluate(() => document.body.innerText)
            .catch((error: Error) => `(unreadable: ${error.message})`);
          console.error(`[e2e] the page's text: ${text.replace(/\s+/g, ' ').slice(0, 1200)}`);
          // Whether the tab still held a session, and its shape (never the token itself).
          const session = await page
            .evaluate((key) => {
              const raw = sessionStorage.getItem(key);
              if (raw === null) return 'none';
              try {
                const { token, record } = JSON.parse(raw) as { token?: unknown; record?: unknown };
                const id = (record as { id?: unknown } | null)?.id;
                return `token of ${String(token).length} characters, record ${String(id)}`;
              } catch {
                return 'unreadable';
              }
            }, SESSION_STORAGE_KEY)
            .catch((error: Error) => `(unreadable: ${error.message})`);
          console.error(`[e2e] the tab's stored session: ${session}`);
        }
        console.error(
          `[e2e] the context's last events:\n  ${(events.get(ctx) ?? []).join('\n  ')}`,
        );
      }
    }
    events.clear();
    await Promise.all(contexts.map((ctx) => ctx.close().catch(() => undefined)));
    contexts = [];
    const violations = cspViolations;
    cspViolations = [];
    if (violations.length > 0) {
      throw new Error(
        `Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`,
      );
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage({ locale = 'en', width = 1440, height = 900 } = {}) {
      if (!browser)
        throw new Error(
          'useBrowser(): the browser is not started (call it at file/describe level)',
        );
      const ctx = await browser.newContext({
        baseURL: e2e.baseURL,
        viewport: { width, height },
        locale: locale === 'ar' ? 'ar' : 'en-US',
      });
      if (locale === 'ar') {
        await ctx.addInitScript(
          ([key]) => {
            if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, 'ar');
          },
          [LANGUAGE_STORAGE_KEY],
        );
      }
      await watchCspViolations(ctx, cspViolations);
      const log: string[] = [];
      events.set(ctx, log);
      recordEvents(ctx, log);
      ctx.setDefaultTimeout(20_000);
      ctx.setDefaultNavigationTimeout(30_000);
      contexts.push(ctx);
      return ctx.newPage();
    },
    browser() {
      if (!browser) throw new Error('useBrowser(): the browser is not started');
      return browser;
    },
  };
}

/** Where an account lands after signing in. */
export type SignInExpectation = 'app' | 'forced-change' | 'nothing';

/**
 * Signs in through the login screen (language-independent selectors). By default waits until
 * the app is shown (URL off /auth/login and the user menu visible).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { expect?: SignInExpectation } = {},
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth/login')) {
    await page.goto('/auth/login');
  }
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  const expectation = options.expect ?? 'app';
  if (expectation === 'app') {
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  } else if (expectation === 'forced-change') {
    await page.locator('input[autocomplete="new-password"]').first().waitFor({ state: 'visible' });
  }
}

export function signInAsAdmin(page: Page): Promise<void> {
  return signIn(page, e2e.adminEmail, e2e.adminPassword);
}

let adminClient: Promise<PocketBase> | undefined;

/** The pocketbase SDK signed in as the administrator (one per worker). */
export function adminApi(): Promise<PocketBase> {
  adminClient ??= (async () => {
    const pb = new PocketBase(e2e.baseURL);
    pb.autoCancellation(false);
    await pb.collection('employees').authWithPassword(e2e.adminEmail, e2e.adminPassword);
    return pb;
  })();
  return adminClient;
}

let approverClient: Promise<PocketBase> | undefined;

/**
 * The SDK signed in as a second account holding every permission (one per worker): money that
 * the administrator records is approved by someone else, as separation of duties asks.
 */
export function approverApi(): Promise<PocketBase> {
  approverClient ??= (async () => {
    const account = await createAccount({
      collection: 'employees',
      name: unique('Approver'),
      permissions: [...ALL_PERMISSIONS],
    });
    const pb = new PocketBase(e2e.baseURL);
    pb.autoCancellation(false);
    await pb.collection('employees').authWithPassword(account.email, account.password);
    return pb;
  })();
  return approverClient;
}

let counter = 0;
/** A name nobody else in this run uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}${counter}`;
}

/** An email address nobody else in this run uses. */
export function uniqueEmail(prefix = 'user'): string {
  return `${unique(prefix).replace(/\s+/g, '-').toLowerCase()}@e2e.test`;
}

export async function createRole(input: {
  permissions: string[];
  title?: string;
  description?: string;
}): Promise<RecordModel> {
  const pb = await adminApi();
  return pb.collection('roles').create({
    title: input.title ?? unique('Role'),
    description: input.description ?? '',
    permissions: input.permissions,
  });
}

export type CreatedAccount = {
  id: string;
  email: string;
  password: string;
  name: string;
  collection: 'users' | 'employees';
  /** The fresh role holding `permissions` (null if none was asked for). */
  roleId: string | null;
};

/**
 * An account created through the API. With `permissions`, a fresh role holding them is created
 * and given to the account (besides any `roles`). Users are ACTIVE unless `status` says otherwise;
 * employees are 'Active'. The password is not the default one unless you pass it.
 */
export async function createAccount(
  input: {
    permissions?: string[];
    roles?: string[];
    collection?: 'users' | 'employees';
    name?: string;
    email?: string;
    password?: string;
    status?: string;
  } = {},
): Promise<CreatedAccount> {
  const pb = await adminApi();
  const collection = input.collection ?? 'users';
  const role = input.permissions ? await createRole({ permissions: input.permissions }) : null;
  const roles = [...(input.roles ?? []), ...(role ? [role.id] : [])];
  const name = input.name ?? unique('Person');
  const email = input.email ?? uniqueEmail(collection === 'users' ? 'user' : 'employee');
  const password = input.password ?? 'e2e-password-1';
  const data: Record<string, unknown> = {
    name,
    email,
    emailVisibility: true,
    password,
    passwordConfirm: password,
    roles,
  };
  if (collection === 'users') data.status = input.status ?? 'ACTIVE';
  else data.employment_status = input.status ?? 'Active';
  const record = await pb.collection(collection).create(data);
  return { id: record.id, email, password, name, collection, roleId: role?.id ?? null };
}

async function mailboxGet(path: string, params: Record<string, string>): Promise<Mail | undefined> {
  const url = new URL(path, mailboxURL);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`mailbox ${path}: HTTP ${response.status}`);
  return (await response.json()) as Mail;
}

/** The first mail to `to` received at/after `since` (ms epoch) whose subject contains `subject`. */
export async function waitForMail(
  to: string,
  options: { since?: number; subject?: string; timeoutMs?: number } = {},
): Promise<Mail> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const mail = await mailboxGet('/mail', {
    to,
    since: String(options.since ?? 0),
    subject: options.subject ?? '',
    timeout: String(timeoutMs),
  });
  if (!mail) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
  return mail;
}

/** The newest mail to `to`, if any. */
export function lastMail(to: string): Promise<Mail | undefined> {
  return mailboxGet('/last', { to });
}

/** The first absolute link in the mail whose path starts with `pathPrefix`. */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const candidates = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  for (const candidate of candidates) {
    const cleaned = candidate.replace(/&amp;/g, '&').replace(/[.,;]+$/, '');
    try {
      if (new URL(cleaned).pathname.startsWith(pathPrefix)) return cleaned;
    } catch {
      // Not a URL.
    }
  }
  throw new Error(`no link to ${pathPrefix} in the mail "${mail.subject}"`);
}

/**
 * Types a date (mm/dd/yyyy) into a date field, replacing what it holds, and leaves it. It goes
 * into the field first, as a person does: the calendar's code comes then, and until it has
 * come the field stands read-only.
 */
export async function typeDate(
  scope: Page | Locator,
  label: string | RegExp,
  value: string,
): Promise<void> {
  const input = scope.getByRole('textbox', { name: label });
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

/**
 * Waits until the app's service worker is activated, then reloads: the reloaded page is
 * controlled by it. (The wait runs in the page and resolves on the worker's own events:
 * `waitForFunction` would take an async predicate's promise as a truthy answer at once, and the
 * reload could then race the worker's activation.)
 */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
