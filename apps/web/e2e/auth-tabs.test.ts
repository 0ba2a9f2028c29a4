import { describe, expect, test } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/config/constants';
import { adminApi, createAccount, signIn, unique, useBrowser } from './harness';

describe('one session per browser, across tabs', () => {
  const browser = useBrowser();

  test('a record opened in a second tab of a signed-in browser opens signed in', async () => {
    const pb = await adminApi();
    const name = unique('Second Tab Member');
    const member = await pb
      .collection('members')
      .create({ name, membership_status: 'Active', sex: 'Female' });
    const account = await createAccount({ permissions: ['members.read', 'members.update'] });

    const page = await browser.newPage();
    await signIn(page, account.email, account.password);
    const second = await page.context().newPage(); // a new tab of the same browser
    await second.goto(`/hr/members/${member.id}`);
    await second.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(second.url()).pathname).toBe(`/hr/members/${member.id}`);
    // The new tab keeps its own copy in sessionStorage; no token is left in localStorage.
    const stored = await second.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ record: { email: account.email } });
    const local = await second.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(local).not.toContain(JSON.parse(stored ?? '{}').token);

    // A browser that is not signed in is asked to sign in (the guest page, at that address).
    const stranger = await browser.newPage();
    await stranger.goto(`/hr/members/${member.id}`);
    await stranger.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await stranger.getByRole('heading', { level: 1, name }).count()).toBe(0);
  });

  test('signing out in one tab ends the session in the other', async () => {
    const account = await createAccount({ permissions: ['roles.read'] });
    const page = await browser.newPage();
    await signIn(page, account.email, account.password);
    const second = await page.context().newPage();
    await second.goto('/users/roles');
    await second.getByRole('heading', { name: 'Roles List' }).waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await second.waitForURL((url) => url.pathname === '/auth/login');
    expect(
      await second.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY),
    ).toBeNull();
    // Gone for good: a third tab is asked to sign in.
    const third = await page.context().newPage();
    await third.goto('/users/roles');
    await third.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await third.getByRole('heading', { name: 'Roles List' }).count()).toBe(0);
  });
});
