import { describe, expect, test } from 'vitest';
import { adminApi, signInAsAdmin, unique, uniqueEmail, useBrowser, type Page } from './harness';

/** Picks options of a Mantine (multi) select by their labels. */
async function choose(page: Page, label: string | RegExp, ...options: string[]): Promise<void> {
  for (const option of options) {
    const item = page.getByRole('option', { name: option, exact: true });
    // A multiple select stays open after a choice; open it only when it is closed.
    if (!(await item.isVisible())) await page.getByRole('combobox', { name: label }).click();
    await item.click();
  }
  await page.keyboard.press('Escape');
}

async function countVolunteers(filter: string): Promise<number> {
  const pb = await adminApi();
  return (await pb.collection('volunteers').getList(1, 1, { filter })).totalItems;
}

describe('volunteers', () => {
  const browser = useBrowser();

  test('create, edit, log hours and remove a volunteer through the screens', async () => {
    const pb = await adminApi();
    const skill = unique('First aid');
    await pb.collection('volunteer_skills').create({ title: skill });
    const project = await pb.collection('projects').create({ title: unique('Flood relief') });
    const name = unique('Nour Salih');

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/volunteers');
    await page.getByRole('heading', { name: 'Volunteers List' }).waitFor();
    await page.locator('#main-content').getByRole('link', { name: 'Create Volunteer' }).click();
    await page.waitForURL((url) => url.pathname === '/hr/volunteers/new');

    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('nour'));
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, 'Skills', skill);
    await choose(page, 'Availability', 'Weekends', 'Remote');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => /^\/hr\/volunteers\/[a-z0-9]+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await pb.collection('volunteers').getOne(id);
    expect(saved.status).toBe('Active');
    expect(saved.skills).toHaveLength(1);
    expect([...saved.availability].sort()).toEqual(['Remote', 'Weekends']);
    await page.getByRole('tabpanel').getByText(skill).waitFor();
    await page.getByText(/^Volunteering since \d\d\/\d\d\/\d{4} \(/).waitFor();

    // Edit: suspend the volunteer from the third step.
    await page.getByRole('link', { name: 'Update', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/hr/volunteers/${id}/update`);
    await page.getByRole('button', { name: 'Volunteering' }).click();
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Suspended', exact: true }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === `/hr/volunteers/${id}`);
    await page.getByRole('tabpanel').getByText('Suspended').waitFor();
    expect((await pb.collection('volunteers').getOne(id)).status).toBe('Suspended');

    // Hours: log two entries (one on a project), and see the totals.
    await page.getByRole('tab', { name: 'Hours' }).click();
    await page.getByText('No hours logged yet.').waitFor();
    await page.getByRole('button', { name: 'Log hours' }).click();
    let dialog = page.getByRole('dialog', { name: 'Log hours' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter hours from 0.25 to 24').waitFor();
    await dialog.getByLabel(/^Hours/).fill('2.5');
    await dialog.getByRole('combobox', { name: 'Project' }).fill(project.title.slice(0, 8));
    await page.getByRole('option', { name: project.title }).click();
    await dialog.getByLabel('Activity').fill('Sandbagging');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const summary = page.getByLabel('Hours summary');
    await summary.getByText('2.5 h').first().waitFor();

    await page.getByRole('button', { name: 'Log hours' }).click();
    dialog = page.getByRole('dialog', { name: 'Log hours' });
    await dialog.getByLabel(/^Hours/).fill('1.25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Total and this year (both entries are today), entries, and the split by project.
    await expect.poll(() => summary.getByText('3.75 h').count()).toBe(2);
    await summary.getByText('2', { exact: true }).waitFor();
    await page.getByText('Hours by project').waitFor();
    await page.getByText(project.title).first().waitFor();
    await page.getByText('No project').waitFor();

    // Change an entry, then remove one: the totals follow.
    const entry = page.getByRole('row').filter({ hasText: 'Sandbagging' });
    await entry.getByRole('button', { name: /^Update the entry of/ }).click();
    const edit = page.getByRole('dialog', { name: 'Update hours' });
    await edit.getByLabel(/^Hours/).fill('4');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => summary.getByText('5.25 h').count()).toBe(2);
    await entry.getByRole('button', { name: /^Remove the entry of/ }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Remove' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect.poll(() => summary.getByText('1.25 h').count()).toBe(2);
    const summaryApi = await pb.send(`/api/hr/volunteers/${id}/hours-summary`, {});
    expect(summaryApi).toMatchObject({ totalHours: 1.25, entries: 1 });

    // Remove the volunteer (and their hours) from the danger zone.
    await page.getByRole('tab', { name: 'Danger zone' }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Remove' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.waitForURL((url) => url.pathname === '/hr/volunteers');
    expect(await countVolunteers(pb.filter('id = {:id}', { id }))).toBe(0);
    const hours = await pb
      .collection('volunteer_hours')
      .getList(1, 1, { filter: pb.filter('volunteer = {:id}', { id }) });
    expect(hours.totalItems).toBe(0);
  });

  test('a CSV with an unknown skill imports nothing until the row is fixed', async () => {
    const pb = await adminApi();
    const skill = unique('Teaching');
    await pb.collection('volunteer_skills').create({ title: skill });
    const prefix = unique('Helper');
    const csv = (skills: string) =>
      [
        'Name,Email,Skills,Availability',
        `${prefix} One,${uniqueEmail('h1')},${skill},Weekends`,
        `${prefix} Two,,${skills},Remote; Weekends`,
      ].join('\n');
    const byPrefix = pb.filter('name ~ {:prefix}', { prefix });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/volunteers');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import volunteers from CSV' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'volunteers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv(`${skill}; Juggling`)),
    });
    await dialog.getByText('With errors: 1').waitFor();
    const bad = dialog.getByRole('row').filter({ hasText: `${prefix} Two` });
    await bad.getByText('Unknown skills: Juggling.').waitFor();
    await bad.getByText('Refused').waitFor();
    expect(await dialog.getByRole('button', { name: 'Import 2 people' }).isDisabled()).toBe(true);
    expect(await countVolunteers(byPrefix)).toBe(0);

    // Fixing the row in the text and checking again enables the import.
    await dialog.getByRole('button', { name: 'Paste or edit the rows' }).click();
    const text = dialog.getByLabel('CSV text');
    await text.fill(csv(skill));
    await dialog.getByText('The text changed since it was checked.').waitFor();
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    await dialog.getByText('With errors: 0').waitFor();
    const submit = dialog.getByRole('button', { name: 'Import 2 people' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('2 volunteers imported.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await countVolunteers(byPrefix)).toBe(2);

    // The list filters by the skill: both new volunteers have it.
    const skillId = (
      await pb
        .collection('volunteer_skills')
        .getFirstListItem(pb.filter('title = {:t}', { t: skill }))
    ).id;
    await page.goto(`/hr/volunteers?skill=${skillId}`);
    await page
      .getByRole('row')
      .filter({ hasText: `${prefix} One` })
      .waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `${prefix} Two` })
      .waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(2);
  });
});
