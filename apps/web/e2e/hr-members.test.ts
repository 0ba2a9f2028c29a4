import { describe, expect, test } from 'vitest';
import {
  adminApi,
  signInAsAdmin,
  typeDate,
  unique,
  uniqueEmail,
  useBrowser,
  type Page,
} from './harness';

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function countMembers(filter: string): Promise<number> {
  const pb = await adminApi();
  return (await pb.collection('members').getList(1, 1, { filter })).totalItems;
}

describe('members', () => {
  const browser = useBrowser();

  test('create, edit, pay dues and remove a member through the screens', async () => {
    const pb = await adminApi();
    const typeTitle = unique('Supporter');
    await pb.collection('membership_types').create({ title: typeTitle, fee: 10, period_months: 6 });
    const name = unique('Amna Hassan');
    const email = uniqueEmail('amna');

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/members');
    await page.getByRole('heading', { name: 'Members List' }).waitFor();
    await page.locator('#main-content').getByRole('link', { name: 'Create Member' }).click();
    await page.waitForURL((url) => url.pathname === '/hr/members/new');

    // Saving from the last step with a bad email and no name opens the first step with an error.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the name').waitFor();
    await page.getByText('Input Validation Error').waitFor();

    await page.getByLabel(/^Name/).fill(name);
    await choose(page, 'Sex', 'Female');
    // Enter in a field moves on; the focus lands on the new step's field that needs fixing (the
    // email refused above), not on the page.
    await page.getByLabel(/^Name/).press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'email');
    // The typed email is still there; fixing it and adding a phone.
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Phone numbers' }).fill('+249 912 345 678');
    await page.getByRole('textbox', { name: 'Phone numbers' }).press('Enter');
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, 'Membership type', `${typeTitle} — 10.00 USD every 6 months`);
    await page.getByRole('button', { name: 'Save' }).click();

    // Saved: the profile opens with the number the server gave.
    await page.waitForURL((url) => /^\/hr\/members\/[a-z0-9]+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await pb.collection('members').getOne(id);
    expect(saved.membership_number).toMatch(/^M-\d{5}$/);
    expect(saved).toMatchObject({ email, sex: 'Female', membership_status: 'Active' });
    expect(saved.phone_numbers).toEqual(['+249912345678']);
    await page.getByText(saved.membership_number).first().waitFor();
    await page.getByText('10.00 USD every 6 months').waitFor();
    await page.getByText(/^Member since \d\d\/\d\d\/\d{4} \(/).waitFor();

    // Edit: rename from the Update screen (Save is offered on every step).
    await page.getByRole('link', { name: 'Update', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/hr/members/${id}/update`);
    const renamed = `${name} Ali`;
    await page.getByLabel(/^Name/).fill(renamed);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === `/hr/members/${id}`);
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    expect((await pb.collection('members').getOne(id)).name).toBe(renamed);

    // Dues: a payment takes the type's fee and period; the total and paid-until follow.
    await page.getByRole('tab', { name: 'Dues' }).click();
    await page.getByText('No payments yet.').waitFor();
    await page.getByRole('button', { name: 'Add payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add payment' });
    expect(await dialog.getByLabel(/^Amount/).inputValue()).toBe('10');
    expect(await dialog.getByLabel(/^Months/).inputValue()).toBe('6');
    await typeDate(page, /^Paid on/, '03/15/2026');
    await dialog.getByLabel('Receipt number').fill('R-77');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const summary = page.getByLabel('Dues summary');
    await summary.getByText('10.00 USD').waitFor();
    await summary.getByText('09/14/2026').waitFor();
    await page.getByRole('cell', { name: '03/15/2026 – 09/14/2026' }).waitFor();

    // A second payment is laid after the first one.
    await page.getByRole('button', { name: 'Add payment' }).click();
    const second = page.getByRole('dialog', { name: 'Add payment' });
    await second.getByLabel(/^Amount/).fill('5');
    await typeDate(page, /^Paid on/, '04/01/2026');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.waitFor({ state: 'hidden' });
    await summary.getByText('15.00 USD').waitFor();
    await summary.getByText('03/14/2027').waitFor();
    expect((await pb.collection('members').getOne(id)).paid_until).toBe('2027-03-14 00:00:00.000Z');

    // Changing a payment and removing one update the totals too.
    await page.getByRole('button', { name: 'Update the payment of 04/01/2026' }).click();
    const edit = page.getByRole('dialog', { name: 'Update payment' });
    await edit.getByLabel(/^Amount/).fill('7.5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await summary.getByText('17.50 USD').waitFor();
    await page.getByRole('button', { name: 'Remove the payment of 03/15/2026' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Remove' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await summary.getByText('7.50 USD').waitFor();
    // The remaining payment now starts the chain on its own date.
    await summary.getByText('09/30/2026').waitFor();

    // The overview shows the same paid-until date.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByText('09/30/2026').first().waitFor();

    // Remove the member from the danger zone, after confirming.
    await page.getByRole('tab', { name: 'Danger zone' }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Remove' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.waitForURL((url) => url.pathname === '/hr/members');
    await page.getByRole('heading', { name: 'Members List' }).waitFor();
    expect(await countMembers(pb.filter('id = {:id}', { id }))).toBe(0);
    expect(
      (
        await pb
          .collection('member_dues')
          .getList(1, 1, { filter: pb.filter('member = {:id}', { id }) })
      ).totalItems,
    ).toBe(0);
  });

  test('a CSV with a bad row imports nothing until the row is fixed', async () => {
    const pb = await adminApi();
    const typeTitle = unique('Import type');
    await pb.collection('membership_types').create({ title: typeTitle, fee: 4, period_months: 12 });
    const prefix = unique('Imported');
    const rows = (badEmail: string) =>
      [
        'Name,Email,Phone,Joining date,Status,Membership type',
        `${prefix} One,${uniqueEmail('one')},0912 111 222; 0912 333 444,15/03/2024,active,${typeTitle}`,
        `${prefix} Two,${badEmail},,2024-05-01,Active,${typeTitle}`,
        `${prefix} Three,,,,,`,
      ].join('\n');
    const byPrefix = pb.filter('name ~ {:prefix}', { prefix });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/members');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import members from CSV' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows('not-an-email')),
    });

    // Every row is shown; the bad one is refused with its reason next to the cell.
    await dialog.getByText('Rows: 3').waitFor();
    await dialog.getByText('Valid: 2').waitFor();
    await dialog.getByText('With errors: 1').waitFor();
    const bad = dialog.getByRole('row').filter({ hasText: `${prefix} Two` });
    await bad.getByText('Must be a valid email address.').waitFor();
    await bad.getByText('Refused').waitFor();
    expect(await dialog.getByText('Ready').count()).toBe(2);
    const submit = dialog.getByRole('button', { name: 'Import 3 people' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await countMembers(byPrefix)).toBe(0);

    // The fixed file imports every row at once.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'members-fixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows(uniqueEmail('two'))),
    });
    await dialog.getByText('With errors: 0').waitFor();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('3 members imported.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await countMembers(byPrefix)).toBe(3);

    // Back on the list, the new members are there with their numbers and type.
    await page.getByLabel('Search', { exact: true }).fill(prefix);
    const row = page.getByRole('row').filter({ hasText: `${prefix} One` });
    await row.waitFor();
    await row.getByText(typeTitle).waitFor();
    await row.getByText(/^M-\d{5}$/).waitFor();
    expect(await page.getByRole('row').filter({ hasText: prefix }).count()).toBe(3);
    const one = await pb
      .collection('members')
      .getFirstListItem(pb.filter('name = {:n}', { n: `${prefix} One` }));
    expect(one).toMatchObject({
      membership_status: 'Active',
      starting_date: '2024-03-15 00:00:00.000Z',
    });
    expect(one.phone_numbers).toEqual(['0912 111 222', '0912 333 444']);
  });
  test('membership types are managed in the settings; one in use is not removed', async () => {
    const pb = await adminApi();
    const title = unique('Honorary');
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/members');
    await page.locator('#main-content').getByRole('link', { name: 'Member settings' }).click();
    await page.waitForURL((url) => url.pathname === '/hr/members/settings');

    await page.getByRole('button', { name: 'Add membership type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add membership type' });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Fee/).fill('25.5');
    await dialog.getByLabel(/^Period/).fill('24');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('25.50 USD').waitFor();
    await row.getByText('24 months').waitFor();
    const type = await pb
      .collection('membership_types')
      .getFirstListItem(pb.filter('title = {:title}', { title }));
    expect(type).toMatchObject({ fee: 25.5, period_months: 24 });

    const member = unique('Holder');
    await pb
      .collection('members')
      .create({ name: member, membership_status: 'Active', membership_type: type.id });
    await row.getByRole('button', { name: `Remove ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Remove' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm
      .getByText(`Cannot delete: still used by Members (Membership type): ${member}.`)
      .waitFor();
    expect((await pb.collection('membership_types').getOne(type.id)).id).toBe(type.id);
  });
});
