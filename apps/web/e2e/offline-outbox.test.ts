import { describe, expect, test } from 'vitest';
import {
  adminApi,
  createAccount,
  reloadUnderServiceWorker,
  signIn,
  signInAsAdmin,
  unique,
  useBrowser,
} from './harness';
import {
  activityOf,
  openTimeline,
  photo,
  post,
  postsTitled,
  readyForOffline,
} from './outbox-helpers';

/**
 * The outbox (lib/offline/outbox.ts): what a person records without a connection waits in the
 * browser and is sent, once, when the connection returns; a refusal is kept with its reason.
 */

describe('the outbox', () => {
  const browser = useBrowser();

  test('a post with a photo and hours recorded offline wait, then are sent once, even after a lost answer', async () => {
    const api = await adminApi();
    const { activity } = await activityOf(unique('Well digging'));
    const volunteer = await api
      .collection('volunteers')
      .create({ name: unique('Volunteer'), status: 'Active' });
    const subject = unique('Field post');
    const note = unique('Hours note');
    const original = await photo();

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);
    // The screens are opened once with the connection (the app keeps them for offline use).
    await page.goto(`/hr/volunteers/${volunteer.id}?tab=hours`);
    await page.getByText('No hours logged yet.').waitFor();
    await openTimeline(page, activity.id);
    // The forms' code is fetched while online, so that they open without a connection.
    await readyForOffline(page);

    await page.context().setOffline(true);
    await page.goto(`/hr/volunteers/${volunteer.id}?tab=hours`);
    await page.getByRole('button', { name: 'Log hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log hours' });
    await dialog.getByLabel(/^Hours/).fill('3');
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const outboxButton = page.getByTestId('outbox-button');
    await expect.poll(() => outboxButton.getAttribute('aria-label')).toMatch(/^Outbox: 1 waiting/);

    await openTimeline(page, activity.id);
    await post(page, subject, [original]);
    await page.getByText('No connection: the change is kept in the outbox').first().waitFor();
    await expect.poll(() => outboxButton.getAttribute('aria-label')).toMatch(/^Outbox: 2 waiting/);
    // The count is announced politely, with what is left to send.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'waiting' }).textContent())
      .toMatch(/^2 waiting · \d+ KB to send$/);
    await outboxButton.click();
    const panel = page.getByRole('dialog', { name: 'Outbox' });
    await panel.getByRole('listitem', { name: 'Log hours' }).getByText('Waiting').waitFor();
    const queuedPost = panel.getByRole('listitem', { name: 'Timeline post' });
    await queuedPost.getByText(subject).waitFor();
    await queuedPost.getByText('1 file').waitFor();
    await page.keyboard.press('Escape');

    // Back online: the first POST of the post reaches the server, but its answer is lost.
    let postTries = 0;
    const keys: string[] = [];
    await page.route('**/api/collections/activities_timelines/records', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      postTries += 1;
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (postTries === 1) {
        await route.fetch(); // the server writes the post…
        return route.abort('failed'); // …and the browser never hears of it
      }
      return route.continue();
    });
    await page.context().setOffline(false);
    await expect.poll(() => outboxButton.count(), { timeout: 30_000 }).toBe(0);
    expect(postTries).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    // Exactly one post, with its photo made smaller; exactly one hours entry.
    const posts = await postsTitled(activity.id, subject);
    expect(posts).toHaveLength(1);
    expect(posts[0].photos).toHaveLength(1);
    expect(posts[0].photos[0]).toMatch(/\.jpg$/);
    const stored = await fetch(api.files.getURL(posts[0], posts[0].photos[0]));
    const storedBytes = (await stored.arrayBuffer()).byteLength;
    expect(storedBytes).toBeLessThan(original.length / 2);
    const hours = await api.collection('volunteer_hours').getFullList({
      filter: api.filter('volunteer = {:v}', { v: volunteer.id }),
    });
    expect(hours.map((h) => [h.hours, h.note])).toEqual([[3, note]]);

    // The timeline shows the post's photo, named for a screen reader, opening the full photo.
    await page.reload();
    const thumbnail = page.getByRole('img', { name: `Photo 1 of 1, "${subject}"` });
    await thumbnail.waitFor();
    const link = page.getByRole('link', { name: new RegExp(`^Photo 1 of 1, "${subject}": open`) });
    expect(await link.getAttribute('href')).toContain(posts[0].photos[0]);
  });

  test('a change the server refuses is kept with its reason, can be fixed, and is discarded only when asked', async () => {
    const api = await adminApi();
    const { activity } = await activityOf(unique('Cancelled visit'));
    const subject = unique('Refused post');
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openTimeline(page, activity.id);

    await page.context().setOffline(true);
    await post(page, subject);
    const outboxButton = page.getByTestId('outbox-button');
    await expect.poll(() => outboxButton.getAttribute('aria-label')).toMatch(/^Outbox: 1 waiting/);
    // Meanwhile, someone removes the activity.
    await api.collection('projects_activities').delete(activity.id);
    await page.context().setOffline(false);
    await expect
      .poll(() => outboxButton.getAttribute('aria-label'), { timeout: 20_000 })
      .toMatch(/^Outbox: Nothing waiting · 1 refused/);

    await outboxButton.click();
    const panel = page.getByRole('dialog', { name: 'Outbox' });
    const item = panel.getByRole('listitem', { name: 'Timeline post' });
    await item.getByText('Refused', { exact: true }).waitFor();
    await item.getByText('The server refused it').waitFor();
    // Fix and resend opens the change's texts (the reason above them).
    await item.getByRole('button', { name: 'Fix and resend "Timeline post"' }).click();
    const fix = page.getByRole('dialog', { name: 'Fix and resend: Timeline post' });
    expect(await fix.getByLabel(/^Subject/).inputValue()).toBe(subject);
    await fix.getByRole('button', { name: 'Cancel' }).click();
    // Reloading does not lose it.
    await page.reload();
    await expect.poll(() => outboxButton.getAttribute('aria-label')).toMatch(/1 refused/);
    await outboxButton.click();
    await item.getByRole('button', { name: 'Discard "Timeline post"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await item.waitFor();
    await item.getByRole('button', { name: 'Discard "Timeline post"' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await panel.getByText('Nothing is waiting to be sent.').waitFor();
    await expect.poll(() => outboxButton.count()).toBe(0);
    expect(await postsTitled(activity.id, subject)).toHaveLength(0);
  });

  test('after the tab is closed, the change waits for its own account and is sent once it signs in', async () => {
    const { activity } = await activityOf(unique('Clinic'));
    const subject = unique('Closed tab post');
    const page = await browser.newPage();
    const context = page.context();
    await signInAsAdmin(page);
    await openTimeline(page, activity.id);
    await context.setOffline(true);
    await post(page, subject);
    await expect
      .poll(() => page.getByTestId('outbox-button').getAttribute('aria-label'))
      .toMatch(/^Outbox: 1 waiting/);
    await page.close();
    await context.setOffline(false);

    // Another account signs in on this browser: it neither sees nor sends the first one's change.
    const other = await createAccount({
      collection: 'employees',
      permissions: ['projects.read', 'activity_timeline.read', 'activity_timeline.post'],
    });
    const second = await context.newPage();
    await signIn(second, other.email, other.password);
    await second.waitForTimeout(1500);
    expect(await second.getByTestId('outbox-button').count()).toBe(0);
    expect(await postsTitled(activity.id, subject)).toHaveLength(0);
    await second.close();

    // The account that made it signs in again (a new tab): it is sent, once.
    const third = await context.newPage();
    await signInAsAdmin(third);
    await expect.poll(() => postsTitled(activity.id, subject).then((p) => p.length)).toBe(1);
    await expect.poll(() => third.getByTestId('outbox-button').count()).toBe(0);
    await third.waitForTimeout(1000);
    expect(await postsTitled(activity.id, subject)).toHaveLength(1);
  });

  test("hours logged from an activity's page start with the activity's name and project", async () => {
    const api = await adminApi();
    const title = unique('Seed distribution');
    const { project, activity } = await activityOf(title);
    const volunteer = await api
      .collection('volunteers')
      .create({ name: unique('Helper'), status: 'Active' });
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/activities/${activity.id}`);
    await page.getByRole('button', { name: 'Log volunteer hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log volunteer hours' });
    expect(await dialog.getByLabel('Activity').inputValue()).toBe(title);
    const picker = dialog.getByRole('combobox', { name: 'Volunteer' });
    await picker.click();
    await picker.fill(volunteer.name.slice(0, 9));
    await page.getByRole('option', { name: volunteer.name }).click();
    await dialog.getByLabel(/^Hours/).fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [entry] = await api.collection('volunteer_hours').getFullList({
      filter: api.filter('volunteer = {:v}', { v: volunteer.id }),
    });
    expect([entry.activity, entry.project, entry.hours]).toEqual([title, project.id, 2]);
  });
});
