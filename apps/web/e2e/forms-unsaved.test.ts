import { describe, expect, test } from 'vitest';
import { signInAsAdmin, unique, useBrowser } from './harness';

/** The unsaved-change guard of the kit's forms (members' form here; every form shares it). */
describe('unsaved changes', () => {
  const browser = useBrowser();

  test('a sidebar link asks before leaving a form with changes: Stay keeps them, Leave goes', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/members/new');
    const name = page.getByLabel(/^Name\b/);
    await name.waitFor();
    const typed = unique('Half-typed member');
    await name.fill(typed);

    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'All Volunteers', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    // The dialog takes the focus on Stay: Enter at once keeps the work.
    expect(
      await dialog
        .getByRole('button', { name: 'Stay' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);

    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/hr/members/new');
    expect(await name.inputValue()).toBe(typed);

    await sidebar.getByRole('link', { name: 'All Volunteers', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/hr/volunteers');
  });

  test('Cancel leaves without asking; closing the tab with changes gets the browser prompt', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/members/new');
    await page.getByLabel(/^Name\b/).fill(unique('Draft'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/hr/members');
    expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);

    await page.goto('/hr/members/new');
    await page.getByLabel(/^Name\b/).fill(unique('Draft'));
    const prompt = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
  });
});
