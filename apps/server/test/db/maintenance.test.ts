import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { scheduleVacuum } from '../../src/db/maintenance';
import { openTestDatabase } from '../helpers/test-app';

/** PGlite has no autovacuum, so the server runs VACUUM ANALYZE itself; PostgreSQL needs none. */
describe('the vacuum schedule', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(async () => drop?.());

  it('vacuums and analyses PGlite on its schedule, and leaves PostgreSQL to autovacuum', async () => {
    const logged: string[] = [];
    const schedule = scheduleVacuum(db, (message) => logged.push(message), {
      firstAfterMs: 10,
      everyMs: 30,
    });
    if (db.kind === 'postgres') {
      expect(schedule).toBeNull();
      return;
    }
    try {
      await db.query('CREATE TABLE "vacuum_probe" ("id" int)');
      await db.query('INSERT INTO "vacuum_probe" SELECT generate_series(1, 1000)');
      await db.query('DELETE FROM "vacuum_probe" WHERE "id" <= 500');
      // The timer runs it again and again: the table, written after the first run, is vacuumed
      // and analysed by a later one.
      const done = async () =>
        (
          await db.query<{ vacuumed: boolean; analysed: boolean }>(
            `SELECT "last_vacuum" IS NOT NULL AS vacuumed, "last_analyze" IS NOT NULL AS analysed
               FROM pg_stat_user_tables WHERE "relname" = 'vacuum_probe'`,
          )
        ).rows;
      await expect.poll(done, { timeout: 5_000 }).toEqual([{ vacuumed: true, analysed: true }]);
      expect(logged.length).toBeGreaterThanOrEqual(1);
      expect(logged[0]).toMatch(/^VACUUM ANALYZE took \d+ ms$/);
    } finally {
      schedule!.stop();
    }
  });
});
