import type { Database } from './database';
import type { Migration } from './migration';
import { MIGRATIONS } from './migrations/index';

/**
 * Applies pending migrations, each in its own transaction. On PostgreSQL an advisory lock
 * keeps several server processes starting at once from applying the same migration twice.
 */
export async function runMigrations(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS "_migrations" ("name" text PRIMARY KEY, "applied" timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727274)');
      const seen = await tx.query('SELECT 1 FROM "_migrations" WHERE "name" = $1', [
        migration.name,
      ]);
      if (seen.rows.length > 0) return false;
      await migration.up(tx);
      await tx.query('INSERT INTO "_migrations" ("name") VALUES ($1)', [migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
