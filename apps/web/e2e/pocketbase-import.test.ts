/**
 * Settings → Import: an administrator uploads the old system's backup, reads the dry run's
 * report, imports, and a person of the old system signs in with the password they had. The
 * import writes every area (a main vault among them), so this spec runs against a server of its
 * own, not the shared one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPocketBaseBackup,
  OLD_PASSWORD,
  zipBackup,
} from '../../server/test/fixtures/pocketbase/build-backup';
import { signIn, useBrowser } from './harness';
import { startStack, type Stack } from './harness/stack';

describe('settings: import the old system', () => {
  const browser = useBrowser();
  let stack: Stack;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startStack({ smtp: false, logFile: '/tmp/e2e-import-server.log' });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await stack?.stop();
  });

  async function pageOf(): Promise<Page> {
    const context = await browser.browser().newContext({
      baseURL: stack.baseURL,
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(30_000);
    contexts.push(context);
    return context.newPage();
  }

  test('upload, read the dry run, import, and sign in with an old password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'e2e-pb-'));
    const backup = await buildPocketBaseBackup(join(dir, 'pb_data'));
    const zip = await zipBackup(backup.dir, join(dir, 'pb_backup.zip'));

    const page = await pageOf();
    await signIn(page, stack.adminEmail, stack.adminPassword);
    // Reached from the sidebar's Settings group.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Settings' }).click();
    await nav.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/import');
    await page.getByRole('heading', { name: 'Import the old system' }).waitFor();

    await page.locator('input[type=file]').setInputFiles(zip);
    await page.getByText('The dry run is finished and nothing was written.').waitFor();
    // The job is in the address: a reload keeps the report.
    expect(new URL(page.url()).searchParams.get('job')).toMatch(/^[a-z0-9]{15}$/);
    await page.reload();
    const collections = page.getByRole('table', { name: 'Collections' });
    const employees = collections
      .getByRole('row')
      .filter({ hasText: /^employees/ })
      .first();
    await expect.poll(() => employees.innerText()).toMatch(/employees\s+employees\s+2\s+2\s+0\s+0/);
    await page.getByRole('table', { name: 'Refused rows' }).getByText('activityorphan1').waitFor();
    // Every row of the old money table is accounted for, the one without a type to review.
    const finance = page
      .getByRole('table', { name: 'Every row of the backup' })
      .getByRole('row')
      .filter({ hasText: /^finance/ })
      .first();
    await expect.poll(() => finance.innerText()).toMatch(/finance\s+6\s+6\s+6\s+0\s+0/);
    await page.getByRole('table', { name: 'To review' }).getByText('finnotype000001').waitFor();
    await page
      .getByRole('table', { name: 'Filled in or relaxed' })
      .getByText('purchasenotitle')
      .waitFor();
    await page
      .getByRole('table', { name: 'Values changed on the way' })
      .getByText('Marred')
      .waitFor();
    await page.getByText(/Permission keys this system does not know.*website\.publish/).waitFor();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Import the old system?' });
    await confirm.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The import is finished.').waitFor({ timeout: 60_000 });
    await collections.getByRole('columnheader', { name: 'Imported' }).waitFor();

    // Omer signs in with the password he had in the old system.
    const omer = await pageOf();
    await signIn(omer, 'omer@old.org', OLD_PASSWORD);
    expect(new URL(omer.url()).pathname).toBe('/');
  });
});
