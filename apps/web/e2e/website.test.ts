/**
 * The website content end to end: an editor writes an article with a cover as a draft, previews
 * it, publishes it, and a guest (the public website, through the SDK) sees it only then; a
 * resource with an attachment; the dashboard counts the post; the monitor finds the editor's
 * changes by person and date and exports them as CSV.
 */
import { readFile } from 'node:fs/promises';
import PocketBase from 'pocketbase';
import { describe, expect, test } from 'vitest';
import {
  adminApi,
  createAccount,
  e2e,
  signIn,
  signInAsAdmin,
  unique,
  useBrowser,
  type Page,
} from './harness';

const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const dialog = (page: Page) => page.getByRole('dialog');

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
  'base64',
);
const ARTICLE =
  'The new well in the village now gives clean water to every family, all year round, thanks to the committee.';

function guest(): PocketBase {
  const pb = new PocketBase(e2e.baseURL);
  pb.autoCancellation(false);
  return pb;
}

async function postsThisMonth(page: Page): Promise<number> {
  const card = page.getByTestId('figure').filter({ hasText: 'Website posts this month' });
  const text = await card.locator('p').last().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

describe('website content', () => {
  const browser = useBrowser();

  test('draft with a cover, preview, publish, seen by a guest; resource; dashboard; monitor', async () => {
    const api = await adminApi();
    const topic = await api.collection('blog_topics').create({ title: unique('Topic') });
    const editor = await createAccount({
      name: unique('Editor'),
      permissions: [
        'topics.read',
        'articles.read',
        'articles.create',
        'articles.update',
        'resources.read',
        'resources.create',
        'resources.update',
      ],
    });
    const title = unique('Well article');

    // Dashboard figure before (the administrator sees every area).
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.getByTestId('figure').first().waitFor();
    const before = await postsThisMonth(admin);

    // The editor writes a draft with a cover.
    const page = await browser.newPage();
    await signIn(page, editor.email, editor.password);
    await page.goto(`/manage-website/topics/${topic.id}`);
    await page.getByRole('button', { name: 'Add Article' }).click();
    // The editor may not read the activity monitor: no "History" beside the topic's title.
    expect(await page.getByRole('link', { name: 'History' }).count()).toBe(0);
    await dialog(page).getByLabel(labelled('Title')).fill(title);
    await dialog(page).getByLabel(labelled('Short description')).fill('Clean water at last');
    await dialog(page)
      .getByRole('textbox', { name: /^Article/ })
      .fill(ARTICLE);
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Draft').waitFor();

    // Not public yet.
    const filter = guest().filter('title = {:title}', { title });
    expect((await guest().collection('blog_articles').getList(1, 10, { filter })).totalItems).toBe(
      0,
    );

    // The preview shows it as the public would see it.
    await row.getByRole('button', { name: `Preview ${title}` }).click();
    await dialog(page).locator('article').getByRole('heading', { name: title }).waitFor();
    await dialog(page).locator('article img').waitFor();
    await dialog(page).getByRole('button', { name: 'Close' }).click();

    // Publish.
    await row.getByRole('button', { name: `Update ${title}` }).click();
    await dialog(page).getByLabel(labelled('Status')).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await row.getByText('Published').waitFor();

    // The public website now gets it, with its cover.
    const seen = await guest().collection('blog_articles').getFullList({ filter, expand: 'topic' });
    expect(seen.map((a) => a.title)).toEqual([title]);
    expect(seen[0].expand?.topic.id).toBe(topic.id);
    const cover = await fetch(guest().files.getURL(seen[0], seen[0].cover_image));
    expect(cover.status).toBe(200);

    // A resource with an attachment.
    const resource = unique('Handbook');
    await page.goto('/manage-website/resources');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await dialog(page).getByLabel(labelled('Title')).fill(resource);
    await dialog(page)
      .getByRole('textbox', { name: /^Post/ })
      .fill('A handbook for water committees.');
    // The tags' input sits under its pills box, which takes the click.
    await dialog(page).getByLabel(labelled('Tags')).click({ force: true });
    await page.getByRole('option', { name: 'Books' }).click();
    await dialog(page).getByRole('heading', { name: 'Add resource' }).click();
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'handbook.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 handbook'),
      });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: new RegExp(resource) })
      .getByRole('link', { name: /handbook.*\.pdf/ })
      .waitFor();

    // The dashboard counts the published article.
    await admin.reload();
    await admin.getByTestId('figure').first().waitFor();
    expect(await postsThisMonth(admin)).toBe(before + 1);

    // The monitor: the editor's changes today, then CSV.
    const today = new Date().toISOString().slice(0, 10);
    await admin.goto('/activity-monitor/website');
    const who = admin.getByLabel('Person', { exact: true }).first();
    await who.click();
    await who.fill(editor.name);
    await admin.getByRole('option', { name: editor.name }).click();
    // Each filter is written to the URL; wait for one before setting the next, as a person would.
    await expect.poll(() => admin.url()).toContain(`who=${editor.id}`);
    // The days are typed as the forms' dates are (mm/dd/yyyy), and kept in the URL as ISO days.
    const [year, month, day] = today.split('-');
    for (const [label, param] of [
      ['From', 'from'],
      ['To', 'to'],
    ]) {
      const field = admin.getByLabel(label, { exact: true });
      await field.click();
      await admin.locator(`input[aria-label="${label}"]:not([readonly])`).waitFor();
      await field.fill(`${month}/${day}/${year}`);
      await field.press('Tab');
      await expect.poll(() => admin.url()).toContain(`${param}=${today}`);
    }
    expect(admin.url()).toContain(`who=${editor.id}`);
    await admin.getByRole('link', { name: title }).first().waitFor();
    const rows = admin.locator('table tbody tr');
    // Created, published (an update), and the resource.
    await expect.poll(() => rows.count()).toBe(3);
    for (const text of await rows.allInnerTexts()) expect(text).toContain(editor.name);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(csv).toContain(title);
    expect(csv).toContain(resource);
    expect(csv).toContain('Articles');

    // The article's creation in detail: one column of values, its topic by name (not its id).
    await rows
      .filter({ hasText: 'Created' })
      .filter({ hasText: title })
      .getByRole('button')
      .click();
    const details = dialog(admin);
    await details.getByRole('columnheader', { name: 'Value', exact: true }).waitFor();
    expect(await details.getByRole('columnheader', { name: 'Before' }).count()).toBe(0);
    // The row whose stored field name is `topic`.
    const topicRow = details
      .getByRole('row')
      .filter({ has: admin.getByText('topic', { exact: true }) });
    await expect.poll(() => topicRow.innerText()).toContain(topic.title);
    expect(await topicRow.innerText()).toContain(topic.id);
    await admin.keyboard.press('Escape');

    // A record's history: the topic's "History" opens the monitor on its changes alone.
    await admin.goto(`/manage-website/topics/${topic.id}`);
    await admin.getByRole('link', { name: 'History' }).click();
    await admin
      .getByText(`Only the changes to “${topic.title}” and to the records it holds`)
      .waitFor();
    // The topic's creation, and its article's creation and publication (what it holds).
    await expect.poll(() => rows.count()).toBe(3);
    const history = await rows.allInnerTexts();
    expect(history.filter((text) => text.includes(title))).toHaveLength(2);
    expect(history[2]).toContain(topic.title);
    expect(history[2]).toContain('Created');
    await admin.getByRole('button', { name: 'Show all changes' }).click();
    await expect.poll(() => admin.url()).not.toContain('record=');
    // The notice goes once the page has drawn the whole trail again.
    await admin
      .getByText(`Only the changes to “${topic.title}” and to the records it holds`)
      .waitFor({ state: 'detached' });
  });
});
