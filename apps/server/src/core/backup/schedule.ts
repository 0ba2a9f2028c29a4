import { Cron } from 'croner';
import { ConfigError } from '../../tools/console/config-error';
import type { BackupService } from './service';

export type BackupSchedule = {
  /** When the next scheduled backup runs. */
  next(): Date | null;
  stop(): void;
};

/** Throws a clear error when `expression` is not a cron expression (checked at startup). */
export function validateCron(expression: string): void {
  try {
    new Cron(expression, { paused: true }).stop();
  } catch (err) {
    throw new ConfigError(
      `BACKUP_CRON "${expression}" is not a valid cron expression (${err instanceof Error ? err.message : String(err)}); use five fields, e.g. "0 3 * * *" for 03:00 every day.`,
    );
  }
}

/**
 * Makes a backup at every time `expression` names (server time zone), then deletes the oldest
 * scheduled backups beyond `keep`. Backups made by hand are never deleted by it.
 */
export function scheduleBackups(
  backups: BackupService,
  options: { expression: string; keep: number; log: (message: string, err?: unknown) => void },
): BackupSchedule {
  validateCron(options.expression);
  const job = new Cron(
    options.expression,
    // A run still going when the next is due is not started twice.
    { protect: true, catch: (err) => options.log('scheduled backup failed', err) },
    async () => {
      const { key } = await backups.create(undefined, 'scheduler');
      const removed = await backups.prune(options.keep);
      options.log(
        `scheduled backup ${key} made${removed.length ? `; deleted ${removed.join(', ')}` : ''}`,
      );
    },
  );
  return { next: () => job.nextRun(), stop: () => job.stop() };
}
