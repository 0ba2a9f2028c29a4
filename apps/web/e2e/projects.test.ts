import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import {
  adminApi,
  createAccount,
  signInAsAdmin,
  typeDate,
  unique,
  useBrowser,
  type Page,
} from './harness';

/** Types into a relation picker and picks the option with this text. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, text: string) {
  // Its code comes when it is opened (a click), as a person would open it before typing.
  await scope.getByRole('combobox', { name: label }).click();
  await scope.getByRole('combobox', { name: label }).fill(text.slice(0, 10));
  await page.getByRole('option', { name: text }).click();
}

describe('projects', () => {
  const browser = useBrowser();

  test('a project from creation to its PDF report', async () => {
    const person = await createAccount({ collection: 'employees', name: unique('Staffer') });
    const page = await browser.newPage();
    await signInAsAdmin(page);

    // Create: the title needs three characters; the end cannot come before the start.
    await page.goto('/projects/new');
    await page.getByRole('heading', { name: 'Create New Project' }).waitFor();
    const title = unique('Clean water');
    await page.getByLabel(/^Title/).fill('ab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('At least 3 characters.').waitFor();
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Place/).fill('Kassala');
    await typeDate(page, /^Starting Date/, '02/01/2026');
    await typeDate(page, /^End Date/, '01/01/2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The end date cannot come before the starting date.').waitFor();
    await typeDate(page, /^End Date/, '12/31/2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/projects\/[a-z0-9]{15}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: title }).first().waitFor();
    await page.getByText('334 days').waitFor();

    // Two activities through the create dialog.
    await page.getByRole('tab', { name: 'Activities' }).click();
    const activities = [unique('Well visit'), unique('Committee training')];
    for (const activity of activities) {
      await page.getByRole('button', { name: 'Create New Activity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Activity' });
      await dialog.getByLabel(/^Title/).fill(activity);
      await dialog.getByLabel(/^Place/).fill('Girba');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: activity }).waitFor();
    }

    // Timeline: a post and a reply.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByLabel(/^Subject/).fill('Kick-off meeting');
    await page.getByRole('textbox', { name: /^Details/ }).fill('The committees met today.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('article', { name: 'Kick-off meeting' }).waitFor();
    await page.getByRole('button', { name: 'Reply to "Kick-off meeting"' }).click();
    await page.getByLabel('Reply Details').fill('Vehicles are booked.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Vehicles are booked.').waitFor();

    // Staff: assign the employee.
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Add staff' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add To Staff' });
    await dialog.getByLabel(/^Position/).fill('Field coordinator');
    await pick(page, dialog, /^Employee/, person.name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Field coordinator' }).waitFor();

    // Settings: the employee joins the financial committee and may create requests.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add a member to the financial committee' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a member to the financial committee' });
    await pick(page, dialog, /^Select Employee/, person.name);
    await dialog.getByLabel('Can Create Financial Request').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const pb = await adminApi();
    const seat = await pb
      .collection('project_financial_committees')
      .getFirstListItem(pb.filter('project = {:id}', { id }));
    expect(seat).toMatchObject({ employee: person.id, can_create: true, can_update_status: false });
    const posts = await pb
      .collection('projects_timelines')
      .getFullList({ filter: pb.filter('project = {:id}', { id }), sort: 'created' });
    expect(posts.map((p) => [p.title, Boolean(p.reply_to)])).toEqual([
      ['Kick-off meeting', false],
      ['', true],
    ]);

    // The report, then its PDF from the server.
    await page.getByRole('tab', { name: 'Project' }).click();
    await page.getByRole('link', { name: 'View Full Text Report' }).click();
    await page.waitForURL((url) => url.pathname === `/projects/${id}/report`);
    await page.getByRole('heading', { name: 'Project report' }).waitFor();
    await page.getByText(activities[1]).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(title);
    expect(text).toContain(activities[0]);
    expect(text).toContain(activities[1]);
  }, 180_000);
});
