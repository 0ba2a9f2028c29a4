/**
 * The second factor in Chromium, on a server of its own with MFA on and no mail (a fresh
 * install): the administrator is led through enrolling an authenticator app at sign-in, keeps
 * the recovery codes, then signs in with a code from the app and with a recovery code.
 */
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useBrowser } from './harness';
import { startStack, type Stack } from './harness/stack';

describe('two-step sign-in', () => {
  const browser = useBrowser();
  let stack: Stack;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startStack({
      smtp: false,
      env: { MFA: 'on' },
      logFile: '/tmp/e2e-two-factor-server.log',
    });
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await stack?.stop();
  });

  async function freshPage(locale: 'en' | 'ar' = 'en'): Promise<Page> {
    const context = await browser.browser().newContext({
      baseURL: stack.baseURL,
      viewport: locale === 'ar' ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    });
    contexts.push(context);
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    if (locale === 'ar')
      await page.addInitScript(() => localStorage.setItem('back-office-language', 'ar'));
    return page;
  }

  async function password(page: Page) {
    await page.goto('/auth/login');
    await page.locator('input[autocomplete="username"]').first().fill(stack.adminEmail);
    await page.locator('#login-password').first().fill(stack.adminPassword);
    await page.locator('#login-password').first().press('Enter');
  }

  const codeAt = (secret: string, at: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: at,
    });

  test('enrol at sign-in, then sign in with the app and with a recovery code', async () => {
    const page = await freshPage();
    await password(page);
    // No app, no mail: the administrator sets one up now.
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    await expect
      .poll(() =>
        page.getByRole('img', { name: 'QR code to scan with an authenticator app' }).count(),
      )
      .toBe(1);
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A wrong first code is refused and says so.
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    // The recovery codes, once; the session is kept only after they are saved.
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    const codes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .locator('li')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('greeting').waitFor();

    // The next sign-in asks for a code from the app (the next 30 s step: each code works once).
    const second = await freshPage();
    await password(second);
    await second.getByRole('heading', { name: 'Second step' }).waitFor();
    // The heading has the focus: a screen reader hears the new step.
    expect(await second.evaluate(() => document.activeElement?.id)).toBe('second-step-title');
    const field = second.getByLabel('Code from your authenticator app');
    await expect.poll(() => field.getAttribute('autocomplete')).toBe('one-time-code');
    await field.fill(codeAt(secret, Date.now() + 30_000));
    await field.press('Enter');
    await second.getByTestId('greeting').waitFor();

    // And, in Arabic on a phone, with a recovery code, reached by keyboard.
    const third = await freshPage('ar');
    await password(third);
    await third.getByRole('heading', { name: 'الخطوة الثانية' }).waitFor();
    await third.getByRole('button', { name: 'استخدام رمز استرداد' }).focus();
    await third.keyboard.press('Enter');
    const recovery = third.getByLabel('رمز الاسترداد');
    await expect.poll(() => recovery.evaluate((el) => el === document.activeElement)).toBe(true);
    await recovery.fill(codes[0]);
    await third.keyboard.press('Enter');
    await third.getByTestId('greeting').waitFor();

    // A spent recovery code is refused.
    const fourth = await freshPage();
    await password(fourth);
    await fourth.getByRole('button', { name: 'Use a recovery code' }).click();
    await fourth.getByLabel('Recovery code').fill(codes[0]);
    await fourth.getByRole('button', { name: 'Verify' }).click();
    await fourth.getByTestId('second-step-error').waitFor();
    expect(new URL(fourth.url()).pathname).toBe('/auth/login');
  });
});
