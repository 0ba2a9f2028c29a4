import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { adminApi, signInAsAdmin, unique, useBrowser } from './harness';
import { photo } from './outbox-helpers';

/**
 * A photo of a queued post sent in pieces (lib/offline/resumable-upload.ts, the server's
 * /api/uploads): the connection is cut on its second piece, and the next try goes on from the
 * bytes the server has; nothing the server received is sent again, and the post is made once.
 */

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a half-sent upload', () => {
  const browser = useBrowser();

  test('resumes after a cut from the bytes the server has, and the post is made once', async () => {
    const api = await adminApi();
    const project = await api.collection('projects').create({ title: unique('Resume project') });
    const activity = await api
      .collection('projects_activities')
      .create({ project: project.id, title: unique('Borehole') });
    const subject = unique('Resumed post');

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/activities/${activity.id}?tab=timeline`);
    const form = page.getByRole('form', { name: 'Create' });
    await form.waitFor();

    // Offline, the post waits in the outbox with its photo.
    await page.context().setOffline(true);
    await form.getByLabel(/^Subject/).fill(subject);
    await form.getByRole('textbox', { name: /^Details/ }).fill('The borehole is dug.');
    await form
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'borehole.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await form.getByRole('button', { name: 'Post' }).click();
    const outboxButton = page.getByTestId('outbox-button');
    await expect.poll(() => outboxButton.getAttribute('aria-label')).toMatch(/^Outbox: 1 waiting/);
    const toSend = async () => {
      const text =
        (await page.getByRole('status').filter({ hasText: 'waiting' }).textContent()) ?? '';
      const [, amount, unit] = /· ([\d.]+) (KB|MB) to send$/.exec(text) ?? [];
      return Number(amount) * (unit === 'MB' ? 1024 * 1024 : 1024);
    };
    const before = await toSend();

    // Every piece that reaches the server is counted; the second one is cut on the way.
    const pieces: { offset: number; bytes: Buffer }[] = [];
    let begun = 0;
    let cut = 0;
    let posts = 0;
    await page.route('**/api/uploads', async (route) => {
      if (route.request().method() === 'POST') begun += 1;
      return route.continue();
    });
    await page.route('**/api/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      if (pieces.length === 1 && cut === 0) {
        cut += 1;
        return route.abort('connectionreset');
      }
      pieces.push({
        offset: Number(await request.headerValue('upload-offset')),
        bytes: request.postDataBuffer() ?? Buffer.alloc(0),
      });
      return route.continue();
    });
    await page.route('**/api/collections/activities_timelines/records', async (route) => {
      if (route.request().method() === 'POST') posts += 1;
      return route.continue();
    });
    await page.context().setOffline(false);

    // After the cut, what is left to send counts the piece the server has.
    await expect.poll(() => cut, { timeout: 20_000 }).toBe(1);
    await expect.poll(toSend).toBeLessThan(before);
    // The next try (5 s later) goes on and sends the post.
    await expect.poll(() => outboxButton.count(), { timeout: 40_000 }).toBe(0);

    const [made] = await api.collection('activities_timelines').getFullList({
      filter: api.filter('activity = {:a} && title = {:t}', { a: activity.id, t: subject }),
    });
    expect(made.photos).toHaveLength(1);
    const stored = Buffer.from(
      await (await fetch(api.files.getURL(made, made.photos[0]))).arrayBuffer(),
    );
    // One upload; its pieces follow each other from 0, none sent twice, and make the photo.
    expect(begun).toBe(1);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    let next = 0;
    for (const piece of pieces) {
      expect(piece.offset).toBe(next);
      next += piece.bytes.length;
    }
    const sent = pieces.reduce((sum, piece) => sum + piece.bytes.length, 0);
    expect(sent).toBe(stored.length);
    expect(sha(Buffer.concat(pieces.map((piece) => piece.bytes)))).toBe(sha(stored));
    // The post was sent once, and exists once.
    expect(posts).toBe(1);
    const all = await api.collection('activities_timelines').getFullList({
      filter: api.filter('title = {:t}', { t: subject }),
    });
    expect(all).toHaveLength(1);
  });
});
