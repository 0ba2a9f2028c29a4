import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createAccount, e2e, signIn, useBrowser } from './harness';

/**
 * Signing in makes no failing request and logs no error in the console: an employee, a user
 * (the server's /api/sign-in tries both collections in one request), and an account right after
 * its forced password change (the app opens its screens with the new token only).
 */
describe('a clean sign-in', () => {
  const browser = useBrowser();

  /** Every console error, failed request and answer of 400 or more on the page, from now on. */
  function watch(page: Page) {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A request the app cancelled itself (a superseded query) is not a failure.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED')
        problems.push(
          `failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`,
        );
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    return problems;
  }

  /** Waits until the dashboard is shown and the network has settled. */
  async function dashboardSettled(page: Page) {
    await page.getByTestId('greeting').waitFor();
    await page.waitForLoadState('networkidle');
  }

  test.each(['employees', 'users'] as const)('as one of %s', async (collection) => {
    const account = await createAccount({ collection, permissions: ['projects.read'] });
    const page = await browser.newPage();
    const problems = watch(page);
    await signIn(page, account.email, account.password);
    await dashboardSettled(page);
    expect(problems).toEqual([]);
  });

  test('right after the forced password change', async () => {
    const account = await createAccount({
      collection: 'users',
      permissions: ['projects.read', 'vaults.read'],
      password: e2e.defaultPassword,
    });
    const page = await browser.newPage();
    const problems = watch(page);
    await signIn(page, account.email, e2e.defaultPassword, { expect: 'forced-change' });
    const own = 'my-own-password-7';
    await page.getByLabel('Current password', { exact: true }).fill(e2e.defaultPassword);
    await page.getByLabel('New password', { exact: true }).fill(own);
    await page.getByLabel('Confirm new password', { exact: true }).fill(own);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await dashboardSettled(page);
    expect(problems).toEqual([]);
  });
});
