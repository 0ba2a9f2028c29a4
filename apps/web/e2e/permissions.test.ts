import { describe, expect, test } from 'vitest';
import { createAccount, signIn, useBrowser } from './harness';

describe('permissions', () => {
  const browser = useBrowser();

  test('without a permission, neither the menu item nor the page is available', async () => {
    // May read roles, but not users; nothing else.
    const account = await createAccount({ permissions: ['roles.read'] });
    const page = await browser.newPage();
    await signIn(page, account.email, account.password);

    const usersModule = page.getByTestId('nav-module-users');
    await usersModule.waitFor();
    await usersModule.click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Roles', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users List' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Create New User' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Create New Role' }).count()).toBe(0);
    // Areas without any permission are not in the menu at all.
    expect(await page.getByTestId('nav-module-finance').count()).toBe(0);
    expect(await page.getByTestId('nav-module-website').count()).toBe(0);

    // Direct navigation: the 403 page, and no user data is shown.
    for (const path of ['/users', '/users/new', '/users/roles/new', '/finance/vaults']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
      expect(await page.getByTestId('status-code').innerText()).toBe('403');
      expect(new URL(page.url()).pathname).toBe(path);
    }

    // What the permission allows still works, without the create button.
    await page.goto('/users/roles');
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create New Role' }).count()).toBe(0);
  });
});
