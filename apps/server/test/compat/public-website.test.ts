import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startCompatApp, type CompatApp } from './sdk-harness';

/**
 * The organisation's public website reads its blog and resources from this server as a guest,
 * through the official SDK with auto-cancellation off. These are its calls, made exactly as it
 * makes them; the editors' content is created through the SDK as an administrator.
 */

let t: CompatApp;
let guest: PocketBase;
let png: Buffer;
const ARTICLE_TEXT = `<p>${'The village well now gives clean water to every family, all year round. '.repeat(2)}</p>`;

const content = {} as {
  water: RecordModel;
  schools: RecordModel;
  emptyTopic: RecordModel;
  live: RecordModel;
  draft: RecordModel;
  future: RecordModel;
  schoolLive: RecordModel;
  video: RecordModel;
  book: RecordModel;
  yearReport: RecordModel;
  draftVideo: RecordModel;
  draftReport: RecordModel;
};

beforeAll(async () => {
  t = await startCompatApp();
  png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const admin = t.admin();
  const topics = admin.collection('blog_topics');
  const articles = admin.collection('blog_articles');
  const resources = admin.collection('website_resources');
  content.water = await topics.create({ title: 'Water', description: 'Wells and pipes' });
  content.schools = await topics.create({ title: 'Schools', description: 'Classrooms' });
  content.emptyTopic = await topics.create({ title: 'Only drafts' });
  const cover = new File([png], 'well.png', { type: 'image/png' });
  content.live = await articles.create({
    topic: content.water.id,
    title: 'The new well',
    short_description: 'Clean water at last',
    full_text: ARTICLE_TEXT,
    cover_image: cover,
    status: 'published',
  });
  content.draft = await articles.create({
    topic: content.water.id,
    title: 'Secret draft about water',
    full_text: ARTICLE_TEXT,
    cover_image: new File([png], 'draft.png', { type: 'image/png' }),
  });
  content.future = await articles.create({
    topic: content.water.id,
    title: 'Scheduled for next year',
    full_text: ARTICLE_TEXT,
    status: 'published',
    published_at: `${new Date().getUTCFullYear() + 1}-06-01 08:00:00.000Z`,
  });
  content.schoolLive = await articles.create({
    topic: content.schools.id,
    title: 'A classroom opens',
    full_text: ARTICLE_TEXT,
    status: 'published',
  });
  await articles.create({
    topic: content.emptyTopic.id,
    title: 'Draft in an empty topic',
    full_text: ARTICLE_TEXT,
  });
  content.video = await resources.create({
    title: 'Our work on video',
    embed_script: '<iframe src="https://video.example/embed/1" allowfullscreen></iframe>',
    full_text: '<p>A short film about the wells we dug.</p>',
    tags: ['videos'],
    status: 'published',
  });
  content.book = await resources.create({
    title: 'Annual book',
    full_text: '<p>The book of the year, to download.</p>',
    tags: ['books'],
    attachments: [
      new File([Buffer.from('%PDF-1.4 book')], 'book.pdf', { type: 'application/pdf' }),
    ],
    status: 'published',
  });
  // Several tags: the website's page of a tag lists it under each of them.
  content.yearReport = await resources.create({
    title: 'The year in figures',
    full_text: '<p>Our yearly report, also sold as a printed book.</p>',
    tags: ['reports', 'books'],
    status: 'published',
  });
  content.draftReport = await resources.create({
    title: 'Next year in figures',
    full_text: '<p>Not published yet, so no tag page lists it.</p>',
    tags: ['reports', 'others'],
  });
  content.draftVideo = await resources.create({
    title: 'Unfinished video',
    full_text: '<p>Not ready for the public website yet.</p>',
    tags: ['videos'],
  });
  guest = t.sdk();
});
afterAll(async () => t.stop());

const ids = (records: RecordModel[]) => records.map((r) => r.id).sort();

describe('the public website, as a guest through the SDK', () => {
  it('lists topics with their published articles only', async () => {
    const topics = await guest
      .collection('blog_topics')
      .getFullList({ expand: 'blog_articles_via_topic' });
    expect(ids(topics)).toEqual(ids([content.water, content.schools, content.emptyTopic]));
    const byId = new Map(topics.map((tp) => [tp.id, tp]));
    expect(ids(byId.get(content.water.id)!.expand!.blog_articles_via_topic)).toEqual([
      content.live.id,
    ]);
    expect(ids(byId.get(content.schools.id)!.expand!.blog_articles_via_topic)).toEqual([
      content.schoolLive.id,
    ]);
    // A topic holding only drafts shows no articles at all.
    expect(byId.get(content.emptyTopic.id)!.expand?.blog_articles_via_topic).toBeUndefined();
    expect(JSON.stringify(topics)).not.toContain('Secret draft');
  });

  it('opens one topic', async () => {
    const topic = await guest.collection('blog_topics').getOne(content.water.id);
    expect(topic).toMatchObject({ title: 'Water', description: 'Wells and pipes' });
  });

  it('lists published articles with their topic, and by topic with the filter it sends', async () => {
    const all = await guest.collection('blog_articles').getFullList({ expand: 'topic' });
    expect(ids(all)).toEqual(ids([content.live, content.schoolLive]));
    expect(all.find((a) => a.id === content.live.id)!.expand!.topic.title).toBe('Water');

    const byTopic = await guest.collection('blog_articles').getFullList({
      filter: `
          topic = "${content.water.id}"
        `,
      expand: 'topic',
    });
    expect(ids(byTopic)).toEqual([content.live.id]);
    // Filters cannot find drafts either.
    const probe = await guest.collection('blog_articles').getFullList({
      filter: `title ~ "Secret" || status = "draft" || published_at > @now`,
    });
    expect(probe).toEqual([]);
    const throughTopics = await guest.collection('blog_topics').getFullList({
      filter: 'blog_articles_via_topic.title ~ "Secret"',
    });
    expect(throughTopics).toEqual([]);
  });

  it('opens a published article with its topic, and never a draft or a scheduled one', async () => {
    const article = await guest
      .collection('blog_articles')
      .getOne(content.live.id, { expand: 'topic' });
    expect(article).toMatchObject({
      title: 'The new well',
      short_description: 'Clean water at last',
      full_text: ARTICLE_TEXT,
      status: 'published',
    });
    expect(article.expand!.topic.id).toBe(content.water.id);
    for (const hidden of [content.draft, content.future]) {
      const err = await failure(guest.collection('blog_articles').getOne(hidden.id));
      expect(err.status).toBe(404);
    }
  });

  it('serves a published cover and its thumbnail, and nothing of a draft', async () => {
    const article = await guest.collection('blog_articles').getOne(content.live.id);
    const full = await fetch(guest.files.getURL(article, article.cover_image));
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(
      guest.files.getURL(article, article.cover_image, { thumb: '480x270' }),
    );
    expect(thumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([480, 270]);

    const draftCover = await fetch(
      guest.files.getURL(content.draft, content.draft.cover_image as string),
    );
    expect(draftCover.status).toBe(404);
    // An editor (file token) still sees the draft's cover in the back office.
    const admin = t.admin();
    const token = await admin.files.getToken();
    const asEditor = await fetch(
      admin.files.getURL(content.draft, content.draft.cover_image as string, { token }),
    );
    expect(asEditor.status).toBe(200);
  });

  it('lists resources, by tag, opens one and downloads its attachment', async () => {
    const all = await guest.collection('website_resources').getFullList();
    expect(ids(all)).toEqual(ids([content.video, content.book, content.yearReport]));

    const video = await guest.collection('website_resources').getOne(content.video.id);
    expect(video.embed_script).toBe(
      '<iframe src="https://video.example/embed/1" allowfullscreen=""></iframe>',
    );
    const err = await failure(guest.collection('website_resources').getOne(content.draftVideo.id));
    expect(err.status).toBe(404);

    const book = await guest.collection('website_resources').getOne(content.book.id);
    const file = await fetch(guest.files.getURL(book, book.attachments[0]));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.4 book');
  });

  it('lists the published resources of a tag as getWebResourcesByTag asks, several tags or one', async () => {
    // The website's call, as it sends it: a plain multiple field is its JSON text, so `~` finds a
    // tag among several (PocketBase's own meaning).
    const getWebResourcesByTag = (tag: string) =>
      guest.collection('website_resources').getFullList({ filter: `tags ~ "${tag}"` });
    expect(ids(await getWebResourcesByTag('reports'))).toEqual([content.yearReport.id]);
    expect(ids(await getWebResourcesByTag('books'))).toEqual(
      ids([content.book, content.yearReport]),
    );
    expect(ids(await getWebResourcesByTag('videos'))).toEqual([content.video.id]);
    expect(await getWebResourcesByTag('podcasts')).toEqual([]);
    expect(await getWebResourcesByTag('others')).toEqual([]);
  });

  it('cannot write anything', async () => {
    const err = await failure(guest.collection('blog_topics').create({ title: 'Guest topic' }));
    expect(err.status).toBe(401);
    const del = await failure(guest.collection('blog_articles').delete(content.live.id));
    expect(del.status).toBe(401);
  });
});
