import type { Permission } from '../permissions';
import type { CollectionDef } from '../collection';
import type { WorkflowDef } from '../workflow';

/**
 * The public website's content. The collection and field names (title, description, topic,
 * short_description, full_text, cover_image, embed_script, tags, attachments) are the public
 * website's contract: it reads them as a guest with the pocketbase SDK, so they must not change.
 * status, published_at and slug were added for the editors.
 */

/** A post is invisible to guests until it is published and its publish date has come. */
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The kinds of resource the public website files its resources under. */
export const RESOURCE_TAGS = ['videos', 'podcasts', 'books', 'reports', 'others'] as const;
export type ResourceTag = (typeof RESOURCE_TAGS)[number];

/** The least text (tags left out) an article and a resource post must hold. */
export const ARTICLE_MIN_TEXT = 100;
export const RESOURCE_MIN_TEXT = 30;

/**
 * What a guest (and a signed-in account without the read permission) may see of a post:
 * published, with a publish date that has come. The same rule guards lists, views, files,
 * `expand` and relation filters, since the engine applies a collection's rule everywhere.
 */
export const PUBLISHED_RULE = 'status = "published" && published_at != "" && published_at <= @now';

/** A post is a draft until published; it may be published at once, and taken down again. */
function publishing(permission: Permission, noun: { en: string; ar: string }) {
  return {
    field: 'status',
    initial: 'draft',
    createIn: ['published'],
    states: {
      draft: { label: { en: 'Draft', ar: 'مسودة' }, color: 'gray', money: 'none' },
      published: { label: { en: 'Published', ar: 'منشور' }, color: 'green', money: 'none' },
    },
    moves: [
      { from: 'draft', to: 'published', label: { en: 'Publish', ar: 'نشر' }, permission },
      {
        from: 'published',
        to: 'draft',
        label: { en: 'Unpublish', ar: 'إلغاء النشر' },
        permission,
      },
    ],
    editable: { draft: '*', published: '*' },
    deletable: ['draft', 'published'],
    noun,
    refresh: [],
  } as const satisfies WorkflowDef<PostStatus>;
}

const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The fields articles and resources share for publishing. */
const publishingFields = [
  // Unset on create means draft (set by the server).
  { name: 'status', label: 'Status', type: 'select', values: POST_STATUSES, maxSelect: 1 },
  // Set by the server to the moment of publishing when a post is published without one.
  { name: 'published_at', label: 'Publish date', type: 'date' },
  // Lower-case words joined by hyphens; made from the title by the server when left blank.
  {
    name: 'slug',
    label: 'Slug',
    type: 'text',
    max: 200,
    pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  },
] as const;

export const blogTopics = {
  name: 'blog_topics',
  type: 'base',
  label: 'Topics',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'description', label: 'Description', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['title'], lower: true }],
  access: {
    // Topics are public: guests list and view them all.
    list: { permission: 'topics.read', guestRule: '' },
    view: { permission: 'topics.read', guestRule: '' },
    create: { permission: 'topics.create' },
    update: { permission: 'topics.update' },
    delete: { permission: 'topics.remove' },
  },
  audit: ['website', 'web_topics'],
} as const satisfies CollectionDef;

export const blogArticles = {
  name: 'blog_articles',
  type: 'base',
  label: 'Articles',
  fields: [
    {
      name: 'topic',
      label: 'Topic',
      type: 'relation',
      collection: 'blog_topics',
      maxSelect: 1,
      required: true,
      // A topic that still holds articles cannot be deleted: the refusal names them.
      restrictDelete: true,
    },
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'short_description', label: 'Description', type: 'text', max: 1000 },
    // Sanitised by the server on every write; at least ARTICLE_MIN_TEXT characters of text.
    {
      name: 'full_text',
      label: 'Article',
      type: 'editor',
      required: true,
      min: ARTICLE_MIN_TEXT,
      max: 200000,
    },
    {
      name: 'cover_image',
      label: 'Cover',
      type: 'file',
      maxSelect: 1,
      maxSize: 5 * 1024 * 1024,
      mimeTypes: imageTypes,
      thumbs: ['100x100', '480x270', '960x540'],
      // A draft's cover is not served to guests.
      followsViewAccess: true,
    },
    ...publishingFields,
  ],
  indexes: [
    { columns: ['topic'] },
    { columns: ['title'], search: true },
    { columns: ['slug'], unique: true },
    { columns: ['status', 'published_at'] },
  ],
  access: {
    list: { permission: 'articles.read', guestRule: PUBLISHED_RULE },
    view: { permission: 'articles.read', guestRule: PUBLISHED_RULE },
    create: { permission: 'articles.create' },
    update: { permission: 'articles.update' },
    delete: { permission: 'articles.remove' },
  },
  audit: ['website', 'web_articles'],
  heldBy: 'topic',
  workflow: publishing('articles.update', { en: 'article', ar: 'المقال' }),
} as const satisfies CollectionDef;

export const websiteResources = {
  name: 'website_resources',
  type: 'base',
  label: 'Resources',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    // An embed code (a video or podcast player); the server keeps only https iframes and links.
    { name: 'embed_script', label: 'Embed', type: 'text', max: 10000 },
    // Sanitised by the server on every write; at least RESOURCE_MIN_TEXT characters of text.
    {
      name: 'full_text',
      label: 'Post',
      type: 'editor',
      required: true,
      min: RESOURCE_MIN_TEXT,
      max: 200000,
    },
    {
      name: 'tags',
      label: 'Tags',
      type: 'select',
      values: RESOURCE_TAGS,
      maxSelect: RESOURCE_TAGS.length,
    },
    {
      name: 'attachments',
      label: 'Attachments',
      type: 'file',
      maxSelect: 10,
      maxSize: 20 * 1024 * 1024,
      thumbs: ['100x100'],
      followsViewAccess: true,
    },
    ...publishingFields,
  ],
  indexes: [
    { columns: ['title'], search: true },
    { columns: ['slug'], unique: true },
    { columns: ['status', 'published_at'] },
  ],
  access: {
    list: { permission: 'resources.read', guestRule: PUBLISHED_RULE },
    view: { permission: 'resources.read', guestRule: PUBLISHED_RULE },
    create: { permission: 'resources.create' },
    update: { permission: 'resources.update' },
    delete: { permission: 'resources.remove' },
  },
  audit: ['website', 'web_resources'],
  workflow: publishing('resources.update', { en: 'resource', ar: 'المورد' }),
} as const satisfies CollectionDef;
