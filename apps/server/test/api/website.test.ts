import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_TAGS } from '@app/schema';
import { buildAuthState } from '../../src/core/auth';
import type { Row } from '../../src/core/record-export';
import { formatDate } from '../../src/core/values';
import { dashboardFor } from '../../src/domain/dashboard';
import { runDemoSeed } from '../../src/domain/demo-seed';
import { AREAS } from '../../src/domain/index';
import { sanitizeEmbed, sanitizeRichText, visibleText } from '../../src/tools/html/sanitize';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

type Headers = Record<string, string>;
const url = (collection: string, id = '') =>
  `/api/collections/${collection}/records${id ? `/${id}` : ''}`;
const post = (collection: string, payload: Record<string, unknown>, headers: Headers = admin()) =>
  t.app.inject({ method: 'POST', url: url(collection), headers, payload });
const patch = (
  collection: string,
  id: string,
  payload: Record<string, unknown>,
  headers: Headers = admin(),
) => t.app.inject({ method: 'PATCH', url: url(collection, id), headers, payload });
const del = (collection: string, id: string, headers: Headers = admin()) =>
  t.app.inject({ method: 'DELETE', url: url(collection, id), headers });
const get = (collection: string, id: string, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url: url(collection, id), headers });
const list = (collection: string, query: Record<string, string> = {}, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url: url(collection), query, headers });

const LONG_TEXT = `<p>${'A story about clean water in the village, told by the people who built it. '.repeat(2)}</p>`;

async function topic(title = 'Water') {
  const res = await post('blog_topics', { title, description: 'About water' });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
}
async function article(topicId: string, data: Record<string, unknown> = {}) {
  const res = await post('blog_articles', {
    topic: topicId,
    title: 'A new well',
    short_description: 'The well',
    full_text: LONG_TEXT,
    ...data,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, string> & { id: string };
}

describe('the monitor in words', () => {
  it('keeps the name of who signed in (or failed to) with the address they came from', async () => {
    const person = await t.employeeWith([]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/collections/employees/auth-with-password',
      payload: { identity: person.email, password: person.password },
      remoteAddress: '203.0.113.7',
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/collections/employees/auth-with-password',
      payload: { identity: person.email, password: 'wrong-password-1' },
      remoteAddress: '203.0.113.8',
    });
    expect(bad.statusCode).toBe(400);
    const { rows } = await t.db.query(
      `SELECT "action", "record_title", "ip" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
      [person.id],
    );
    expect(rows).toEqual([
      { action: 'SIGN_IN', record_title: expect.stringMatching(/^Person \d+$/), ip: '203.0.113.7' },
      {
        action: 'SIGN_IN_FAILED',
        record_title: expect.stringMatching(/^Person \d+$/),
        ip: '203.0.113.8',
      },
    ]);
  });
});

describe('sanitiser', () => {
  it('keeps the editor formatting and drops anything that can run', () => {
    const dirty =
      '<p onclick="alert(1)">Hi <b>there</b><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">x</a><a href="https://ex.org">y</a>' +
      '<img src=x onerror=alert(1)><svg><script>alert(2)</script></svg>' +
      '<style>p{}</style><font>kept text</font><!-- c --></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe(
      '<p>Hi <b>there</b><a>x</a><a href="https://ex.org" rel="noopener noreferrer" target="_blank">y</a>kept text</p>',
    );
    // Broken markup is parsed the way a browser parses it, so it cannot sneak past.
    expect(sanitizeRichText('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(sanitizeRichText('<p title="a&quot;b">"x" & <y></p>')).toBe('<p>"x" &amp; </p>');
  });

  it('keeps https players in embed codes and drops scripts and unsafe addresses', () => {
    expect(
      sanitizeEmbed(
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc" title="Video" ' +
          'frameborder="0" allow="autoplay; encrypted-media" allowfullscreen onload="x()"></iframe>' +
          '<script src="https://evil.example/x.js"></script>',
      ),
    ).toBe(
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc" title="Video" frameborder="0" allow="autoplay; encrypted-media" allowfullscreen=""></iframe>',
    );
    expect(sanitizeEmbed('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
    expect(sanitizeEmbed('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
    expect(sanitizeEmbed('<iframe src="http://plain.example/"></iframe>')).toBe('');
    expect(visibleText('<p>a</p><p>b  c</p><script>zz</script>')).toBe('a b c');
  });
});

describe('website content', () => {
  it('cleans rich text and embed codes on write and checks the text length', async () => {
    const tp = await topic();
    const short = await post('blog_articles', {
      topic: tp.id,
      title: 'Too short',
      full_text: '<p>tiny</p>' + '<b></b>'.repeat(200),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().data.full_text.code).toBe('validation_min_text_constraint');

    const a = await article(tp.id, {
      full_text: `${LONG_TEXT}<script>alert(1)</script><p><a href="javascript:alert(1)" onmouseover="x()">link</a></p>`,
    });
    expect(a.full_text).not.toMatch(/script|javascript|onmouseover/i);
    expect(a.full_text).toContain('<a>link</a>');
    const stored = await t.db.query<{ full_text: string }>(
      `SELECT "full_text" FROM "blog_articles" WHERE "id" = $1`,
      [a.id],
    );
    expect(stored.rows[0].full_text).not.toMatch(/<script/i);
    const updated = await patch('blog_articles', a.id, {
      full_text: `${LONG_TEXT}<iframe src="https://x.example"></iframe>`,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().full_text).not.toMatch(/iframe/);

    const resource = await post('website_resources', {
      title: 'A video',
      embed_script:
        '<iframe src="https://player.example/1"></iframe><script>document.cookie</script><img src=x onerror=alert(1)>',
      full_text: '<p>Thirty characters or more of text here.</p><script>x</script>',
      tags: ['videos'],
    });
    expect(resource.statusCode, resource.body).toBe(200);
    expect(resource.json().embed_script).toBe('<iframe src="https://player.example/1"></iframe>');
    expect(resource.json().full_text).toBe('<p>Thirty characters or more of text here.</p>');
    const shortPost = await post('website_resources', { title: 'Short', full_text: 'short' });
    expect(shortPost.statusCode).toBe(400);
    expect(shortPost.json().data.full_text.code).toBe('validation_min_text_constraint');
    const badTag = await post('website_resources', {
      title: 'Bad tag',
      full_text: LONG_TEXT,
      tags: ['movies'],
    });
    expect(badTag.statusCode).toBe(400);
  });

  it('starts posts as drafts, stamps the publish date, and makes unique slugs', async () => {
    const tp = await topic();
    const a = await article(tp.id, { title: 'Clean Water for All!' });
    expect(a.status).toBe('draft');
    expect(a.published_at).toBe('');
    expect(a.slug).toBe('clean-water-for-all');
    const b = await article(tp.id, { title: 'Clean water for all' });
    expect(b.slug).toBe('clean-water-for-all-2');
    const arabic = await article(tp.id, { title: 'مياه نظيفة للجميع' });
    expect(arabic.slug).toBe(arabic.id.toLowerCase());

    const taken = await patch('blog_articles', b.id, { slug: 'clean-water-for-all' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data.slug.code).toBe('validation_not_unique');
    const badSlug = await patch('blog_articles', b.id, { slug: 'Not A Slug' });
    expect(badSlug.statusCode).toBe(400);

    const before = Date.now();
    const published = await patch('blog_articles', a.id, { status: 'published' });
    expect(published.statusCode).toBe(200);
    const stamped = Date.parse(published.json().published_at.replace(' ', 'T'));
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);
    // A date given by the editor is kept.
    const scheduled = await article(tp.id, {
      status: 'published',
      published_at: '2030-01-01 08:00:00.000Z',
    });
    expect(scheduled.published_at).toBe('2030-01-01 08:00:00.000Z');
    const badStatus = await patch('blog_articles', a.id, { status: 'archived' });
    expect(badStatus.statusCode).toBe(400);
  });

  it('shows guests published posts whose date has come, and nothing else anywhere', async () => {
    const tp = await topic('Guest topic');
    const draft = await article(tp.id, { title: 'Secret draft' });
    const live = await article(tp.id, { title: 'Live article', status: 'published' });
    const future = await article(tp.id, {
      title: 'Future article',
      status: 'published',
      published_at: formatDate(new Date(Date.now() + 86_400_000)),
    });

    const guestList = await list('blog_articles', { filter: `topic = "${tp.id}"`, perPage: '500' });
    expect(guestList.statusCode).toBe(200);
    expect(guestList.json().items.map((r: { id: string }) => r.id)).toEqual([live.id]);
    expect((await get('blog_articles', live.id)).statusCode).toBe(200);
    expect((await get('blog_articles', draft.id)).statusCode).toBe(404);
    expect((await get('blog_articles', future.id)).statusCode).toBe(404);

    // Through a topic's back-relation and through filters on it.
    const topics = await list('blog_topics', {
      filter: `id = "${tp.id}"`,
      expand: 'blog_articles_via_topic',
    });
    const via = topics.json().items[0].expand.blog_articles_via_topic as Array<{ id: string }>;
    expect(via.map((r) => r.id)).toEqual([live.id]);
    const probe = await list('blog_topics', {
      filter: `blog_articles_via_topic.title ~ "Secret"`,
    });
    expect(probe.statusCode).toBe(200);
    expect(probe.json().items).toEqual([]);
    const statusProbe = await list('blog_articles', { filter: 'status = "draft"' });
    expect(statusProbe.json().items).toEqual([]);

    // A signed-in account without articles.read sees what a guest sees; with it, everything.
    const reader = await t.employeeWith([]);
    const theirs = await list(
      'blog_articles',
      { filter: `topic = "${tp.id}"` },
      { authorization: reader.token },
    );
    expect(theirs.json().items.map((r: { id: string }) => r.id)).toEqual([live.id]);
    const editor = await t.employeeWith(['articles.read']);
    const all = await list(
      'blog_articles',
      { filter: `topic = "${tp.id}"`, sort: 'created' },
      { authorization: editor.token },
    );
    expect(all.json().totalItems).toBe(3);

    // Unpublishing hides it again.
    await patch('blog_articles', live.id, { status: 'draft' });
    expect((await get('blog_articles', live.id)).statusCode).toBe(404);
  });

  it('serves the files of published posts to guests, never those of drafts', async () => {
    const tp = await topic('Files');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
      'base64',
    );
    const body = await multipart([
      ['topic', tp.id],
      ['title', 'With a cover'],
      ['full_text', LONG_TEXT],
      ['cover_image', { filename: 'cover.png', data: png, type: 'image/png' }],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: url('blog_articles'),
      headers: { ...admin(), ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const rec = created.json() as { id: string; collectionId: string; cover_image: string };
    const fileUrl = `/api/files/${rec.collectionId}/${rec.id}/${rec.cover_image}`;
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(404);
    await patch('blog_articles', rec.id, { status: 'published' });
    const served = await t.app.inject({ method: 'GET', url: fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `${fileUrl}?thumb=100x100` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);
  });

  it('lets only accounts with the website permissions write, and audits every change', async () => {
    const guestCreate = await post('blog_topics', { title: 'Guest topic' }, {});
    expect(guestCreate.statusCode).toBe(401);
    const nobody = await t.employeeWith(['articles.read', 'resources.read']);
    const asNobody = { authorization: nobody.token };
    expect((await post('blog_topics', { title: 'No right' }, asNobody)).statusCode).toBe(403);
    const tp = await topic('Rights');
    const a = await article(tp.id);
    expect((await patch('blog_articles', a.id, { title: 'Changed' }, asNobody)).statusCode).toBe(
      403,
    );
    expect((await del('blog_articles', a.id, asNobody)).statusCode).toBe(403);
    expect(
      (await post('website_resources', { title: 'No', full_text: LONG_TEXT }, asNobody)).statusCode,
    ).toBe(403);

    const writer = await t.employeeWith(['articles.create', 'articles.update', 'articles.read']);
    const asWriter = { authorization: writer.token };
    const mine = await post(
      'blog_articles',
      { topic: tp.id, title: 'Writer article', full_text: LONG_TEXT },
      asWriter,
    );
    expect(mine.statusCode).toBe(200);
    expect((await del('blog_articles', mine.json().id, asWriter)).statusCode).toBe(403);
    // Topics are separate: an article writer cannot touch them.
    expect((await patch('blog_topics', tp.id, { title: 'Renamed' }, asWriter)).statusCode).toBe(
      403,
    );

    // A topic that still holds articles cannot be deleted.
    const refused = await del('blog_topics', tp.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Articles');

    const { rows } = await t.db.query<{ action: string; categories: string[]; actor: string }>(
      `SELECT "action", "categories", "actor" FROM "user_activities" WHERE "record" = $1 ORDER BY "_rowid"`,
      [mine.json().id],
    );
    expect(rows).toEqual([
      { action: 'CREATE', categories: ['website', 'web_articles'], actor: writer.id },
    ]);
    const topicAudit = await t.db.query<{ categories: string[]; record_title: string }>(
      `SELECT "categories", "record_title" FROM "user_activities" WHERE "record" = $1`,
      [tp.id],
    );
    // The monitor says what changed in words: the record's title is kept with the entry.
    expect(topicAudit.rows[0]).toEqual({
      categories: ['website', 'web_topics'],
      record_title: 'Rights',
    });
  });

  it('filters resources by tag the way the public website asks', async () => {
    const made: Record<string, string> = {};
    for (const tag of ['videos', 'podcasts', 'books']) {
      const res = await post('website_resources', {
        title: `Resource ${tag}`,
        full_text: LONG_TEXT,
        tags: [tag],
        status: 'published',
      });
      made[tag] = res.json().id;
    }
    await post('website_resources', {
      title: 'Draft podcast',
      full_text: LONG_TEXT,
      tags: ['podcasts'],
    });
    const podcasts = await list('website_resources', { filter: 'tags ~ "podcasts"' });
    expect(podcasts.json().items.map((r: { id: string }) => r.id)).toEqual([made.podcasts]);
    // With several tags, `~` still finds each of them: `tags` named alone is its JSON text
    // (`["videos","books"]`), as in PocketBase.
    const both = await post('website_resources', {
      title: 'Video and book',
      full_text: LONG_TEXT,
      tags: ['videos', 'books'],
      status: 'published',
    });
    const anyVideo = await list('website_resources', { filter: 'tags ~ "videos"' });
    expect(
      anyVideo
        .json()
        .items.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([made.videos, both.json().id].sort());
  });
});

describe('demo content', () => {
  it('has three topics with published and draft articles, and a resource of every tag', async () => {
    const demo = await startTestApp();
    try {
      const { rows } = await demo.db.query<Row>(`SELECT * FROM "employees" WHERE "email" = $1`, [
        ADMIN_EMAIL,
      ]);
      await runDemoSeed(
        demo.engine,
        {
          auth: await buildAuthState(demo.db, demo.engine.registry.get('employees')!, rows[0]),
          method: 'POST',
          context: 'default',
          query: {},
          headers: {},
          body: {},
        },
        AREAS.filter((a) => a.name === 'website'),
      );
      const asGuest = (collection: string, query: Record<string, string> = {}) =>
        demo.app.inject({
          method: 'GET',
          url: url(collection),
          query: { perPage: '200', ...query },
        });
      const topics = (await asGuest('blog_topics', { expand: 'blog_articles_via_topic' })).json();
      expect(topics.totalItems).toBe(3);
      for (const topic of topics.items)
        expect(topic.expand.blog_articles_via_topic.length).toBeGreaterThan(0);
      const { rows: counts } = await demo.db.query<{
        topic: string;
        drafts: number;
        published: number;
      }>(
        `SELECT "topic", count(*) FILTER (WHERE "status" = 'draft')::int AS drafts,
                count(*) FILTER (WHERE "status" = 'published')::int AS published
           FROM "blog_articles" GROUP BY 1`,
      );
      expect(counts).toHaveLength(3);
      for (const c of counts) expect(c.drafts > 0 && c.published > 0).toBe(true);
      for (const tag of RESOURCE_TAGS)
        expect(
          (await asGuest('website_resources', { filter: `tags ~ "${tag}"` })).json().totalItems,
        ).toBe(1);
      const figures = await dashboardFor(demo.db, new Set(['articles.read', 'resources.read']));
      // Published without a date: stamped now, so counted in this month (one article is older).
      expect(figures.website).toEqual({
        articles_this_month: 3,
        resources_this_month: 5,
        drafts: 4,
      });
    } finally {
      await demo.stop();
    }
  }, 60_000);
});
