import sharp from 'sharp';
import { expect } from 'vitest';
import { adminApi, unique, type Page } from './harness';

/** What the outbox's end-to-end tests share (offline-outbox, offline-field-work, offline-upload-resume). */

/** A phone-sized photo: 3000 × 2000 px of noise, which JPEG cannot make small. */
export async function photo(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function activityOf(title: string) {
  const api = await adminApi();
  const project = await api.collection('projects').create({ title: unique('Outbox project') });
  const activity = await api
    .collection('projects_activities')
    .create({ project: project.id, title });
  return { project, activity };
}

export async function openTimeline(page: Page, activityId: string): Promise<void> {
  await page.goto(`/activities/${activityId}?tab=timeline`);
  await page.getByRole('form', { name: 'Create' }).waitFor();
}

/** Fills the timeline's post form (with photos) and posts. */
export async function post(page: Page, subject: string, photos: Buffer[] = []): Promise<void> {
  const form = page.getByRole('form', { name: 'Create' });
  await form.getByLabel(/^Subject/).fill(subject);
  await form.getByRole('textbox', { name: /^Details/ }).fill('Wells dug in the village.');
  if (photos.length)
    await form
      .locator('input[type="file"]')
      .setInputFiles(
        photos.map((buffer, i) => ({ name: `field-${i}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
  await form.getByRole('button', { name: 'Post' }).click();
}

export async function postsTitled(activityId: string, title: string) {
  const api = await adminApi();
  return api.collection('activities_timelines').getFullList({
    filter: api.filter('activity = {:a} && title = {:t}', { a: activityId, t: title }),
  });
}

/** Waits until the app can open its forms offline: the forms' code fetched while online. */
export async function readyForOffline(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => caches.has('app-shell-v1'))).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.includes('entry-dialog-open')),
      ),
    )
    .toBe(true);
}
