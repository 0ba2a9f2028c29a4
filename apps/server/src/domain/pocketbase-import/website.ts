import { RESOURCE_TAGS } from '@app/schema';
import type { Engine } from '../../core/engine';
import type { SqliteRow } from './source';
import { PB_DATE, existing, fileOf, filesOf, importRows, list, text, type Context } from './rows';

/**
 * The website's topics, articles (with covers) and resources (with attachments). The old site
 * showed every post, so they arrive published, on the day they were written.
 */
export async function importWebsite(ctx: Context, tx: Engine): Promise<void> {
  const published = (row: SqliteRow) => ({
    status: 'published',
    published_at: PB_DATE.test(text(row.created)) ? text(row.created) : '',
  });
  await importRows(ctx, tx, 'website', 'blog_topics', 'blog_topics', async (row) => ({
    data: { title: text(row.title), description: text(row.description) },
  }));
  await importRows(ctx, tx, 'website', 'blog_articles', 'blog_articles', async (row) => {
    const topic = await existing(tx, 'blog_topics', text(row.topic));
    if (!topic) return { refuse: `topic ${text(row.topic) || '(none)'} does not exist` };
    return {
      data: {
        topic,
        title: text(row.title),
        short_description: text(row.short_description),
        full_text: text(row.full_text),
        ...published(row),
      },
      files: await fileOf(ctx, 'blog_articles', row, 'cover_image'),
    };
  });
  const tags = new Set<string>(RESOURCE_TAGS);
  await importRows(ctx, tx, 'website', 'website_resources', 'website_resources', async (row) => {
    const values = list(row.tags);
    if ('error' in values) return { refuse: `tags: ${values.error}` };
    for (const tag of values)
      if (!tags.has(tag))
        ctx.report.problem(
          `tag "${tag}" is not one of ours; left out`,
          'website_resources',
          text(row.id),
        );
    return {
      data: {
        title: text(row.title),
        embed_script: text(row.embed_script),
        full_text: text(row.full_text),
        tags: values.filter((tag) => tags.has(tag)),
        ...published(row),
      },
      files: await filesOf(ctx, 'website_resources', row, 'attachments'),
    };
  });
}
