import type { Database } from './database';

/** The first run, once the server has settled, then every six hours. */
const FIRST_AFTER_MS = 10 * 60_000;
const EVERY_MS = 6 * 60 * 60_000;

export type VacuumSchedule = { runNow(): Promise<void>; stop(): void };

/**
 * PostgreSQL vacuums and re-reads its tables' statistics by itself (autovacuum); PGlite cannot (it
 * is one process, with no background workers). Without it, the space of updated and deleted rows
 * is never reused and the planner keeps the statistics of the first days, when the tables were
 * small. So, with PGlite, `VACUUM ANALYZE` runs ten minutes after the start and then every six
 * hours. It holds the database for as long as it runs (a second or two for this organisation's
 * data; figures in bench/README.md). Null on PostgreSQL.
 */
export function scheduleVacuum(
  db: Database,
  log: (message: string, error?: unknown) => void,
  { firstAfterMs = FIRST_AFTER_MS, everyMs = EVERY_MS } = {},
): VacuumSchedule | null {
  if (db.kind !== 'pglite') return null;
  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= (async () => {
      const started = Date.now();
      try {
        await db.query('VACUUM ANALYZE');
        log(`VACUUM ANALYZE took ${Date.now() - started} ms`);
      } catch (error) {
        log('VACUUM ANALYZE failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  let timer: NodeJS.Timeout = setTimeout(function again() {
    void runNow().then(() => {
      timer = setTimeout(again, everyMs);
      timer.unref();
    });
  }, firstAfterMs);
  timer.unref();
  return {
    runNow,
    stop: () => clearTimeout(timer),
  };
}
