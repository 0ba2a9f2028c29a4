/**
 * Builds the benchmark database from nothing: the product schema (migrations, bootstrap), the
 * bench-only post collections, 100 authors and 10k / 100k posts.
 *
 *   npx tsx bench/api/setup.ts --db pglite|postgres
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { COLLECTIONS } from '@app/schema';
import { buildApp } from '../../apps/server/src/app';
import { readConfig, type AppConfig } from '../../apps/server/src/config';
import {
  createRegistry,
  type CollectionRegistry,
} from '../../apps/server/src/core/collection-model';
import { formatDate } from '../../apps/server/src/core/values';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/database';
import { createCollectionSql } from '../../apps/server/src/core/ddl';
import { hashPassword } from '../../apps/server/src/tools/security/password';
import { newRecordId, newTokenKey } from '../../apps/server/src/tools/security/random';
import { BENCH_POSTS, BENCH_SIZES, benchCollections } from './collections';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  AUTHOR_COUNT,
  PG_ADMIN_URL,
  PG_DATABASE,
  USER_PASSWORD,
  dataDir,
  parseDbArg,
  pgBenchUrl,
  userEmail,
  type BenchDb,
} from './env';

/** The registry the bench server runs with: the product's collections plus the bench ones. */
export function benchRegistry(): CollectionRegistry {
  return createRegistry([...COLLECTIONS, ...benchCollections]);
}

/** The server configuration of a bench run (also what the child server reads from its env). */
export function benchConfig(db: BenchDb): AppConfig {
  return {
    ...readConfig({}),
    dataDir: dataDir(db),
    databaseUrl: db === 'postgres' ? pgBenchUrl() : undefined,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    rateLimit: false,
    logger: false,
  };
}

const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore ' +
  'magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo ' +
  'consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint ' +
  'occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'
).split(' ');

/** Deterministic pseudo-random numbers (mulberry32), so every setup seeds the same text. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` different lorem-like paragraphs of about 500 characters (HTML, as an editor stores it). */
export function loremParagraphs(count: number, seed = 42): string[] {
  const random = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const sentences: string[] = [];
    let length = 7; // <p></p>
    while (length < 490) {
      const n = 6 + Math.floor(random() * 10);
      const words = Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]);
      const sentence = `${words.join(' ')}.`;
      const capitalised = sentence[0].toUpperCase() + sentence.slice(1);
      sentences.push(capitalised);
      length += capitalised.length + 1;
    }
    out.push(`<p>${sentences.join(' ')}</p>`);
  }
  return out;
}

/** The multi-select values the posts cycle through (0 to 3 values, like random picks). */
export const TYPE_VALUES = [
  '[]',
  '["a"]',
  '["b"]',
  '["a","c"]',
  '["b","d"]',
  '["a","b","c"]',
  '["c"]',
  '["d","a"]',
];

async function recreatePostgresDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_DATABASE}`);
  } finally {
    await admin.end();
  }
}

/** Drops the dedicated PostgreSQL database (after a run). */
export async function dropPostgresDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function seedAuthors(db: Database): Promise<string[]> {
  const now = formatDate(new Date());
  const roleId = newRecordId();
  // A regular member of staff: signed in through a role. It may read employees (PocketBase's
  // bench `users` are viewable, which `expand=author` needs) and nothing that touches posts.
  await db.query(
    `INSERT INTO "roles" ("id","title","description","permissions","created","updated") VALUES ($1,$2,$3,$4::jsonb,$5,$5)`,
    [
      roleId,
      'Bench staff',
      'Regular account of the benchmarks.',
      JSON.stringify(['employees.read', 'projects.read']),
      now,
    ],
  );
  const hash = await hashPassword(USER_PASSWORD);
  const ids: string[] = [];
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (let i = 0; i < AUTHOR_COUNT; i++) {
    const id = newRecordId();
    ids.push(id);
    const base = values.length;
    values.push(
      id,
      userEmail(i),
      hash,
      newTokenKey(),
      `Bench author ${i}`,
      JSON.stringify([roleId]),
      now,
    );
    const p = (k: number) => `$${base + k}`;
    tuples.push(
      `(${p(1)},${p(2)},TRUE,TRUE,${p(3)},${p(4)},${p(5)},'Active',${p(6)}::jsonb,${p(7)},${p(7)})`,
    );
  }
  await db.query(
    `INSERT INTO "employees" ("id","email","emailVisibility","verified","password","tokenKey","name","employment_status","roles","created","updated")
     VALUES ${tuples.join(',\n')}`,
    values,
  );
  return ids;
}

async function seedPosts(
  db: Database,
  table: string,
  count: number,
  authors: string[],
  paragraphs: string[],
): Promise<void> {
  // One INSERT … SELECT over generate_series: ids from md5 (15 chars of [0-9a-f]), one post a
  // second from 2025-01-01, authors round-robin, descriptions from the paragraph pool.
  await db.query(
    `INSERT INTO "${table}" ("id","title","description","public","type","author","created","updated")
     SELECT substr(md5($1::text || g::text), 1, 15),
            'Post number ' || g::text,
            ($2::text[])[1 + (g * 7919) % cardinality($2::text[])],
            g % 3 = 0,
            (($3::text[])[1 + g % cardinality($3::text[])])::jsonb,
            ($4::text[])[1 + g % cardinality($4::text[])],
            c.ts, c.ts
       FROM generate_series(1, $5::int) AS g,
            LATERAL (SELECT to_char(timestamp '2025-01-01 00:00:00' + g * interval '1 second', 'YYYY-MM-DD HH24:MI:SS.MS"Z"') AS ts) AS c
      ORDER BY g`,
    [table, paragraphs, TYPE_VALUES, authors, count],
  );
}

async function openBenchDb(db: BenchDb): Promise<Database> {
  if (db === 'postgres') return openPostgres(pgBenchUrl(), 4);
  return openPglite(join(dataDir(db), 'db'));
}

/** Recreates the benchmark data of one database kind; returns what it seeded. */
export async function setupBench(
  kind: BenchDb,
  log: (line: string) => void = console.log,
): Promise<{ authors: number; posts: Record<string, number> }> {
  const started = Date.now();
  rmSync(dataDir(kind), { recursive: true, force: true });
  mkdirSync(dataDir(kind), { recursive: true });
  if (kind === 'postgres') await recreatePostgresDatabase();

  const db = await openBenchDb(kind);
  try {
    const registry = benchRegistry();
    // Migrations, secrets and the administrator, exactly as the server does on first start.
    const built = await buildApp(benchConfig(kind), { db, registry });
    await built.close();

    for (const name of BENCH_POSTS) {
      for (const statement of createCollectionSql(registry.get(name)!)) await db.query(statement);
    }
    const authors = await seedAuthors(db);
    const paragraphs = loremParagraphs(200);
    const posts: Record<string, number> = {};
    for (const name of BENCH_POSTS) {
      await seedPosts(db, name, BENCH_SIZES[name], authors, paragraphs);
      const { rows } = await db.query<{ n: string | number }>(
        `SELECT count(*)::int AS n FROM "${name}"`,
      );
      posts[name] = Number(rows[0].n);
    }
    // Fresh statistics and visibility map, as on a database that has been running for a while.
    await db.query('VACUUM ANALYZE');
    log(
      `setup ${kind}: ${AUTHOR_COUNT} authors, ${Object.entries(posts)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { authors: AUTHOR_COUNT, posts };
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  setupBench(parseDbArg()).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
