import { sqlMigration } from '../migration';

/**
 * The sign-in, e-mail and old-password budgets counted in the database on PostgreSQL, so that
 * every server process (WORKERS) and every server counts the same attempts
 * (plugins/rate-limit.ts). A row is a fixed window: its count and when it began
 * (milliseconds since 1970, by the server's clock, as the in-memory counts use).
 */
export const migration = sqlMigration('0017_shared_rate_limits', [
  `CREATE TABLE "_rate_limits" (
     "key" text PRIMARY KEY,
     "count" integer NOT NULL,
     "window_start" bigint NOT NULL
   )`,
]);
