import { ARTICLE_MIN_TEXT, RESOURCE_MIN_TEXT } from '@app/schema';
import type { Queryable } from '../db/database';
import { q } from '../core/collection-model';
import { badRequest } from '../core/errors';
import type { HookRegistry } from '../core/hooks';
import type { Row } from '../core/record-export';
import { formatDate } from '../core/values';
import { sanitizeEmbed, sanitizeRichText, visibleText } from '../tools/html/sanitize';

/**
 * Rules of the public website's content (blog_articles, website_resources):
 * - rich text and embed codes are cleaned on every write, so stored content cannot run script
 *   wherever it is shown (the back office included);
 * - a post needs a minimum of readable text (100 characters for an article, 30 for a resource);
 * - a post is a draft until published; publishing without a date stamps it with the moment;
 * - each post gets a unique slug, made from its title when none is given.
 * Who may see what (guests: published posts only) is the collections' declared access.
 */

const CREATE_FAILED = 'Failed to create record.';
const UPDATE_FAILED = 'Failed to update record.';

/** Lower-case latin words joined by hyphens; '' when the title has no latin letters or digits. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** The slug itself when free, else the first free `slug-2`, `slug-3`, … */
async function freeSlug(tx: Queryable, table: string, slug: string, selfId: string) {
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT "slug" FROM ${q(table)} WHERE ("slug" = $1 OR "slug" LIKE $2) AND "id" <> $3`,
    [slug, `${slug.replace(/[\\%_]/g, '\\$&')}-%`, selfId],
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

async function slugTaken(tx: Queryable, table: string, slug: string, selfId: string) {
  const { rows } = await tx.query(`SELECT 1 FROM ${q(table)} WHERE "slug" = $1 AND "id" <> $2`, [
    slug,
    selfId,
  ]);
  return rows.length > 0;
}

type PostRules = { table: string; minText: number; hasEmbed: boolean };

/**
 * Cleans and checks the columns about to be written (`changes`), given the row as stored
 * (`previous`, null on create). Changes `changes` in place.
 */
async function preparePost(
  tx: Queryable,
  rules: PostRules,
  changes: Row,
  previous: Row | null,
  message: string,
): Promise<void> {
  if (changes.full_text !== undefined) {
    changes.full_text = sanitizeRichText(String(changes.full_text ?? ''));
    const length = visibleText(String(changes.full_text)).length;
    if (length < rules.minText)
      throw badRequest(message, {
        full_text: {
          code: 'validation_min_text_constraint',
          message: `Must be at least ${rules.minText} character(s).`,
          params: { min: rules.minText },
        },
      });
  }
  if (rules.hasEmbed && changes.embed_script !== undefined)
    changes.embed_script = sanitizeEmbed(String(changes.embed_script ?? ''));

  const merged = { ...(previous ?? {}), ...changes };
  if (!merged.status) changes.status = 'draft';
  if ((changes.status ?? merged.status) === 'published' && !merged.published_at)
    changes.published_at = formatDate(new Date());

  const id = String(merged.id ?? '');
  const given = changes.slug !== undefined ? String(changes.slug ?? '') : undefined;
  if (given) {
    if (await slugTaken(tx, rules.table, given, id))
      throw badRequest(message, {
        slug: { code: 'validation_not_unique', message: 'Value must be unique.' },
      });
  } else if (given === '' || !merged.slug) {
    // Blank: made from the title, or from the id when the title has no latin letters.
    const base = slugify(String(merged.title ?? '')) || id.toLowerCase();
    changes.slug = await freeSlug(tx, rules.table, base, id);
  }
}

function postHooks(hooks: HookRegistry, rules: PostRules): void {
  hooks.on(rules.table, {
    beforeCreate: ({ tx, row }) => preparePost(tx, rules, row, null, CREATE_FAILED),
    beforeUpdate: ({ tx, changes, previous }) =>
      preparePost(tx, rules, changes, previous, UPDATE_FAILED),
  });
}

export function registerWebsiteHooks(hooks: HookRegistry): void {
  postHooks(hooks, { table: 'blog_articles', minText: ARTICLE_MIN_TEXT, hasEmbed: false });
  postHooks(hooks, { table: 'website_resources', minText: RESOURCE_MIN_TEXT, hasEmbed: true });
}
