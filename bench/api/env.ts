import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BenchDb = 'pglite' | 'postgres';

/** `bench/` */
export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
/** Everything generated lives here (gitignored). */
export const DATA_ROOT = join(BENCH_DIR, '.data');
/** One JSON file per run of run.ts. */
export const RESULTS_DIR = join(DATA_ROOT, 'results');

/** The server every PostgreSQL run talks to, and the dedicated database it creates and drops. */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PG_DATABASE = 'bench_api';

export function pgBenchUrl(): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
}

/** The server's DATA_DIR for one database kind (PGlite's files, uploads). */
export function dataDir(db: BenchDb): string {
  return join(DATA_ROOT, db);
}

export const ADMIN_EMAIL = 'admin@bench.local';
export const ADMIN_PASSWORD = 'bench-admin-password';
/** Every seeded author shares this password; author 0 is the "regular user" of the scenarios. */
export const USER_PASSWORD = 'bench-user-password';
export const AUTHOR_COUNT = 100;
export const userEmail = (i: number): string => `author${i}@bench.local`;

/** Reads `--db pglite|postgres` (or `--db=…`) from argv. */
export function parseDbArg(argv: readonly string[] = process.argv.slice(2)): BenchDb {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--db') value = argv[i + 1];
    else if (arg.startsWith('--db=')) value = arg.slice('--db='.length);
  });
  if (value === undefined) return 'pglite';
  if (value !== 'pglite' && value !== 'postgres')
    throw new Error(`--db must be pglite or postgres, not ${value}`);
  return value;
}

export function hasFlag(name: string, argv: readonly string[] = process.argv.slice(2)): boolean {
  return argv.includes(name);
}
