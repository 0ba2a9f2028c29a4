import { describe, expect, test } from 'vitest';
import { adminApi, signInAsAdmin, unique, useBrowser } from './harness';

describe('dates', () => {
  const browser = useBrowser();

  test('a date typed as mm/dd/yyyy reads the same in the form and on the profile', async () => {
    const pb = await adminApi();
    const name = unique('Date Reader');
    const member = await pb.collection('members').create({ name, membership_status: 'Active' });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/hr/members/${member.id}/update`);
    const birth = page.getByRole('textbox', { name: /^Birth Date/ });
    // 11 February 1981, typed in the order of the placeholder.
    await birth.click();
    await birth.fill('02/11/1981');
    await birth.press('Tab');
    expect(await birth.inputValue()).toBe('02/11/1981');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === `/hr/members/${member.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect((await pb.collection('members').getOne(member.id)).birth_date).toBe(
      '1981-02-11 00:00:00.000Z',
    );

    // The profile shows the date as it was typed, not the other way round.
    await page.getByText('02/11/1981').first().waitFor();
    expect(await page.getByText('11/02/1981').count()).toBe(0);

    // Back in the form, the input shows the same.
    await page.goto(`/hr/members/${member.id}/update`);
    await page.getByRole('textbox', { name: /^Birth Date/ }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Birth Date/ }).inputValue())
      .toBe('02/11/1981');
  });

  test('a member who joined today has been a member since "today"', async () => {
    const pb = await adminApi();
    const name = unique('New Joiner');
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const member = await pb
      .collection('members')
      .create({ name, membership_status: 'Active', starting_date: `${iso} 00:00:00.000Z` });
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/hr/members/${member.id}`);
    await page.getByText(/^Member since \d\d\/\d\d\/\d{4} \(today\)$/).waitFor();
  });
});
