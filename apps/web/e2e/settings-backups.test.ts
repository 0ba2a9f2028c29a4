/**
 * Settings → Backups: make a backup, download it, restore it (dry check, then a confirmation
 * that says what is replaced), delete it. A restore replaces the whole database and signs
 * everyone out, so this spec runs against a server of its own, not the shared one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, unique, useBrowser } from './harness';
import { startStack, type Stack } from './harness/stack';

describe('settings: backups', () => {
  const browser = useBrowser();
  let stack: Stack;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    stack = await startStack({ smtp: false, logFile: '/tmp/e2e-backups-server.log' });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await stack?.stop();
  });

  async function adminPage(): Promise<Page> {
    await context?.close();
    context = await browser.browser().newContext({
      baseURL: stack.baseURL,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await signIn(page, stack.adminEmail, stack.adminPassword);
    return page;
  }

  async function api(): Promise<PocketBase> {
    const pb = new PocketBase(stack.baseURL);
    pb.autoCancellation(false);
    await pb.collection('employees').authWithPassword(stack.adminEmail, stack.adminPassword);
    return pb;
  }

  test('make, download, restore with confirmation, delete', async () => {
    const page = await adminPage();
    // Reached from the sidebar: its Settings section opened, then Backups.
    await page.goto('/');
    const settings = page.getByTestId('nav-module-settings');
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Backups' }).first().click();
    await page.waitForURL((url) => url.pathname === '/settings/backups');
    await page.getByRole('heading', { name: 'Backups' }).waitFor();
    await page.getByTestId('empty-state').waitFor();

    // Make one.
    const before = unique('Before backup');
    const pb = await api();
    await pb.collection('roles').create({ title: before, permissions: ['projects.read'] });
    await page.getByRole('button', { name: 'Make a backup' }).click();
    await page.getByText('The backup was made.').waitFor();
    const row = page.locator('[data-testid^="backup-backup_"]');
    await row.waitFor();
    const key = (await row.getAttribute('data-testid'))!.slice('backup-'.length);
    expect(key).toMatch(/^backup_\d{14}\.zip$/);

    // Download it: the file is the archive the server lists.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${key}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(key);
    const bytes = readFileSync((await download.path())!);
    const listed = await pb.backups.getFullList();
    expect(bytes.length).toBe(listed.find((b) => b.key === key)!.size);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // A change made after the backup, which the restore takes away.
    const after = unique('After backup');
    await pb.collection('roles').create({ title: after, permissions: ['projects.read'] });

    // Restore: the dry check first, then a confirmation that says what is replaced.
    await page.getByRole('button', { name: `Restore ${key}` }).click();
    await page.getByTestId('backup-check-ok').waitFor();
    await page.getByText('The backup is complete and can be restored.').waitFor();
    await page.getByRole('button', { name: 'Restore…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace all data?' });
    await confirm.getByText(/Every record and file of the back office will be replaced/).waitFor();
    await confirm.getByText(/Everyone, you included, is signed out/).waitFor();
    await confirm.getByRole('button', { name: 'Replace and restore' }).click();
    // Everyone is signed out, this session too.
    await page.waitForURL((url) => url.pathname.startsWith('/auth/login'));

    const restored = await api();
    const titles = (await restored.collection('roles').getFullList()).map((r) => r.title);
    expect(titles).toContain(before);
    expect(titles).not.toContain(after);

    // Delete it, after a confirmation.
    const again = await adminPage();
    await again.goto('/settings/backups');
    await again.getByRole('button', { name: `Delete ${key}` }).click();
    const dialog = again.getByRole('dialog', { name: 'Delete the backup' });
    await dialog.getByText(`Delete ${key}? You cannot undo this.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await again.getByText(`Backup ${key} deleted.`).waitFor();
    await again.getByTestId('empty-state').waitFor();
  }, 240_000);

  test('a damaged backup is refused by the dry check, with its reason', async () => {
    const page = await adminPage();
    await page.goto('/settings/backups');
    // An archive that is not one: uploads are checked too, so the upload itself is refused.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'broken.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('PK no zip'),
    });
    await page.getByText(/The backup cannot be used: It is damaged or incomplete/).waitFor();
    expect(await page.locator('[data-testid="backup-broken.zip"]').count()).toBe(0);

    // A stored backup damaged on disk later: the dry check says why, and nothing is restored.
    const pb = await api();
    await pb.backups.create('good.zip');
    const good = readFileSync(join(stack.dataDir, 'backups', 'good.zip'));
    writeFileSync(join(stack.dataDir, 'backups', 'cut.zip'), good.subarray(0, good.length >> 1));
    await page.reload();
    await page.getByRole('button', { name: 'Restore cut.zip' }).click();
    await page.getByTestId('backup-check-failed').waitFor();
    await page.getByText('This backup cannot be restored').waitFor();
    await page.getByText(/It is damaged or incomplete/).waitFor();
    expect(await page.getByRole('button', { name: 'Restore…' }).count()).toBe(0);
    // Still signed in: nothing was replaced.
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('user-menu').waitFor();
  }, 120_000);
});
