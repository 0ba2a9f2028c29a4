import type { CollectionDef } from '@app/schema';

/** Names of the two benchmark post collections (PocketBase's posts10k and posts100k). */
export const BENCH_POSTS = ['bench_posts10k', 'bench_posts100k'] as const;
export type BenchPosts = (typeof BENCH_POSTS)[number];

/** Rows seeded into each post collection. */
export const BENCH_SIZES: Record<BenchPosts, number> = {
  bench_posts10k: 10_000,
  bench_posts100k: 100_000,
};

/**
 * PocketBase's `posts*` collections, in our schema: text title, ~500-character editor
 * description, bool, multi-select (max 3), and a single author relation with cascade delete,
 * indexed. Anyone may list, view and create (PocketBase's rule `""`); changing or deleting
 * needs a signed-in account.
 */
function posts(name: BenchPosts): CollectionDef {
  return {
    name,
    type: 'base',
    label: `Bench ${name.slice('bench_'.length)}`,
    fields: [
      { name: 'title', type: 'text', max: 200 },
      { name: 'description', type: 'editor', max: 20_000 },
      { name: 'public', type: 'bool' },
      { name: 'type', type: 'select', values: ['a', 'b', 'c', 'd'], maxSelect: 3 },
      {
        name: 'author',
        type: 'relation',
        collection: 'employees',
        maxSelect: 1,
        cascadeDelete: true,
      },
    ],
    indexes: [{ columns: ['author'] }],
    access: {
      list: { guestRule: '' },
      view: { guestRule: '' },
      create: { guestRule: '' },
      update: { ownRule: '' },
      delete: { ownRule: '' },
    },
    audit: [],
  };
}

/** The bench-only collections, added to the product's registry by the bench server. */
export const benchCollections: readonly CollectionDef[] = BENCH_POSTS.map(posts);
