/**
 * The bytes sent to sync a timeline post with a 4 MB photo made offline (bench/README.md,
 * "issue 42"), against the same post sent with the photo unchanged:
 *
 *   npx tsx bench/web/outbox-bytes.ts [--skip-build] [--runs 3]
 *
 * A photo of about 4 MB (4000 × 3000 px JPEG, softened noise so that it compresses like a
 * photo) is made with sharp. Signed in with Chromium, each run opens a new activity's timeline,
 * cuts the network, posts the photo (the app shrinks it and queues the post in the outbox),
 * restores the network and waits for the outbox to send it; every other run cuts the connection
 * on the first piece of the photo's upload past its half (resumable-upload.ts), and the sync
 * goes on 5 s later. Measured: the request bodies the sync sent (the photo's pieces, the post;
 * a cut piece counts as sent), and the time from "Post" to the change waiting in the outbox
 * (shrinking included). The limit: the multipart body of the same post with the
 * original photo (title, details, activity and the file, encoded by the platform's FormData).
 */
import PocketBase from 'pocketbase';
import sharp from 'sharp';
import { median, numberOption, signInThroughForm, withWebStack } from './build';

const args = process.argv.slice(2);
const RUNS = numberOption('--runs', 3);
const TARGET = 4 * 1024 * 1024;

/** A 4000 × 3000 JPEG of close to 4 MB. */
async function photo(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  const soft = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(1.1)
    .raw()
    .toBuffer();
  let best: Buffer | undefined;
  for (let quality = 98; quality >= 50; quality -= 4) {
    const jpeg = await sharp(soft, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (!best || Math.abs(jpeg.length - TARGET) < Math.abs(best.length - TARGET)) best = jpeg;
    if (jpeg.length < TARGET) break;
  }
  return best!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

await withWebStack(
  { skipBuild: args.includes('--skip-build'), logFile: '/tmp/bench-outbox-bytes.log' },
  async ({ stack, browser }) => {
    const original = await photo();
    const api = new PocketBase(stack.baseURL);
    await api.collection('employees').authWithPassword(stack.adminEmail, stack.adminPassword);
    const project = await api.collection('projects').create({ title: 'Bench: outbox bytes' });

    const context = await browser.newContext({
      baseURL: stack.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await signInThroughForm(page, stack);

    // Every request body the sync sends (the pieces of the photo's upload, the post), counted
    // as it leaves the browser; `cut` aborts the first piece past half the photo, once, and
    // counts it as sent (lost on the wire).
    let counted = 0;
    let cut: 'no' | 'armed' | 'done' = 'no';
    let sizeOfUpload = 0;
    await page.route('**/api/**', async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      const body = request.postDataBuffer();
      if (
        body &&
        (path.startsWith('/api/uploads') || path.endsWith('/activities_timelines/records'))
      )
        counted += body.length;
      if (cut === 'armed' && request.method() === 'PATCH' && path.startsWith('/api/uploads/')) {
        const offset = Number(await request.headerValue('upload-offset'));
        if (offset + (body?.length ?? 0) > sizeOfUpload / 2) {
          cut = 'done';
          return route.abort('connectionreset');
        }
      }
      return route.continue();
    });
    await page.route('**/api/uploads', async (route) => {
      const body = route.request().postDataJSON() as { size?: number } | null;
      if (body?.size) sizeOfUpload = body.size;
      return route.fallback();
    });

    const sent: number[] = [];
    const sentCut: number[] = [];
    const unchanged: number[] = [];
    const queueing: number[] = [];
    const stored: number[] = [];
    let lastStored: Buffer | undefined;
    for (let run = 0; run < RUNS * 2; run++) {
      const cutting = run % 2 === 1;
      const activity = await api
        .collection('projects_activities')
        .create({ project: project.id, title: `Bench activity ${run + 1}` });
      const title = `Bench post ${run + 1}`;
      const details = '<p>Wells dug in the village; the committee met.</p>';
      await page.goto(`/activities/${activity.id}?tab=timeline`);
      const form = page.getByRole('form', { name: 'Create' });
      await form.getByLabel(/^Subject/).fill(title);
      await form
        .getByRole('textbox', { name: /^Details/ })
        .fill('Wells dug in the village; the committee met.');
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'field.jpg', mimeType: 'image/jpeg', buffer: original });

      await context.setOffline(true);
      const started = Date.now();
      await form.getByRole('button', { name: 'Post' }).click();
      await page.getByTestId('outbox-button').waitFor();
      if (!cutting) queueing.push(Date.now() - started);

      counted = 0;
      cut = cutting ? 'armed' : 'no';
      await context.setOffline(false);
      // A cut sync tries again 5 s later.
      await page.getByTestId('outbox-button').waitFor({ state: 'detached', timeout: 60_000 });
      // (Set by the route handler meanwhile.)
      if (cutting && (cut as string) !== 'done') throw new Error('the upload was not cut');
      (cutting ? sentCut : sent).push(counted);

      const [record] = await api.collection('activities_timelines').getFullList({
        filter: api.filter('activity = {:id}', { id: activity.id }),
      });
      const file = await fetch(api.files.getURL(record, record.photos[0]));
      lastStored = Buffer.from(await file.arrayBuffer());
      if (cutting) continue;
      stored.push(lastStored.length);

      // The same post with the photo as taken, encoded as a client would send it.
      const body = new FormData();
      body.append('activity', activity.id);
      body.append('title', title);
      body.append('post', details);
      body.append(
        'photos',
        new Blob([new Uint8Array(original)], { type: 'image/jpeg' }),
        'field.jpg',
      );
      unchanged.push((await new Response(body).arrayBuffer()).byteLength);
    }
    const dims = await sharp(lastStored!).metadata();
    console.log(`photo: ${original.length} bytes (${kb(original.length)}), 4000 × 3000 px`);
    console.log(`stored photo: ${dims.width} × ${dims.height} px`);
    console.log('| Sync of a post with the photo | Median | Runs (bytes) |');
    console.log('|---|---:|---|');
    console.log(
      `| photo unchanged (the limit) | ${kb(median(unchanged))} | ${unchanged.join(', ')} |`,
    );
    console.log(`| sent by the outbox | ${kb(median(sent))} | ${sent.join(', ')} |`);
    console.log(
      `| sent by the outbox, the upload cut at half | ${kb(median(sentCut))} | ${sentCut.join(', ')} |`,
    );
    console.log(`| of which the stored photo | ${kb(median(stored))} | ${stored.join(', ')} |`);
    console.log(`ratio sent / unchanged: ${(median(sent) / median(unchanged)).toFixed(3)}`);
    console.log(
      `cut at half: sent / stored photo ${(median(sentCut) / median(stored)).toFixed(3)}; sent whole again after the cut (the old way) it would be at least 1.5`,
    );
    console.log(`Post → waiting in the outbox (shrinking included), ms: ${queueing.join(', ')}`);
    await context.close();
  },
);
