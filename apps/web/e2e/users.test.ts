import { describe, expect, test } from 'vitest';
import { createRole, e2e, signIn, signInAsAdmin, unique, uniqueEmail, useBrowser } from './harness';

describe('users', () => {
  const browser = useBrowser();

  test('a user created at /users/new signs in with the default password and must change it', async () => {
    const role = await createRole({ permissions: ['roles.read'], title: unique('Readers') });
    const email = uniqueEmail('new-user');
    const name = unique('Layla');

    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/users/new');
    await admin.getByRole('heading', { name: 'Create New User' }).waitFor();
    // Required fields are checked before anything is sent.
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Enter the name of the new user').waitFor();
    await admin.getByText('Please Select one role at least').waitFor();

    await admin.getByLabel(/^Name\b/).fill(name);
    await admin.getByLabel(/^Email\b/).fill(email);
    await admin.getByRole('checkbox', { name: role.title }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('User has been created').waitFor();
    // The new user is opened, and the notice gives the first password to pass on.
    await admin.waitForURL((url) => /^\/users\/[a-z0-9]+$/.test(url.pathname));
    await admin.getByRole('heading', { level: 1, name }).waitFor();
    expect(await admin.getByTestId('first-password').innerText()).toContain(e2e.defaultPassword);
    // Closed from the keyboard, the focus goes to the new user's heading (the form is gone).
    await admin.keyboard.press('Escape');
    await admin.getByTestId('first-password').waitFor({ state: 'detached' });
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe(name);

    const page = await browser.newPage();
    await signIn(page, email, e2e.defaultPassword, { expect: 'forced-change' });
    await page.getByRole('heading', { name: 'Set your own password' }).waitFor();
    // Only this screen: the app itself is not reachable.
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await page.goto('/users/roles');
    await page.getByRole('heading', { name: 'Set your own password' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Roles List' }).count()).toBe(0);

    const own = 'my-own-password-9';
    await page.getByLabel('Current password', { exact: true }).fill(e2e.defaultPassword);
    await page.getByLabel('New password', { exact: true }).fill(own);
    await page.getByLabel('Confirm new password', { exact: true }).fill(own);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();

    // From now on the own password signs in straight into the app.
    const later = await browser.newPage();
    await signIn(later, email, own);
    await later.getByTestId('greeting').waitFor();
    expect(await later.getByTestId('greeting').innerText()).toContain('Layla');
  });
});
