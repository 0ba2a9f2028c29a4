import { describe, expect, test } from 'vitest';
import { createAccount, linkIn, signIn, useBrowser, waitForMail } from './harness';

describe('forgot / confirm password', () => {
  const browser = useBrowser();

  test('a reset link from the captured email sets a new password that signs in', async () => {
    const account = await createAccount({ permissions: ['roles.read'] });
    const page = await browser.newPage();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot login password?' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgot-password');

    const since = Date.now();
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${account.email}`).waitFor();

    const mail = await waitForMail(account.email, { since, subject: 'Reset' });
    const link = linkIn(mail, '/auth/confirm-password-reset/');
    expect(link.startsWith(`${new URL(page.url()).origin}/`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = 'brand-new-password-7';
    // Client-side rule first: a mismatch is refused without a call.
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('something-else-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText("Password Confirmation Doesn't Match Password").waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    // The old password no longer works; the new one does.
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toBe('Failed To Login');

    await page.reload();
    await signIn(page, account.email, newPassword);
    expect(new URL(page.url()).pathname).toBe('/');

    // The link was for one use only.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('another-password-8');
    await again.getByLabel('Confirm new password', { exact: true }).fill('another-password-8');
    await again.getByRole('button', { name: 'Save new password' }).click();
    await again.getByText('This reset link is invalid or has expired.').waitFor();
  });
});
