import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { framed } from './tools/console/framed';
import { scheduleBackups, validateCron } from './core/backup/schedule';
import { DirectoryLockedError } from './db/directory-lock';
import { announceReady, isFirstWorker, runWorkers } from './cluster';
import type { AppConfig } from './config';
import { checkBucket, type BucketCheck } from './tools/filesystem/bucket-check';

/** Starts the server (in WORKERS processes) and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = readConfig();
  await runWorkers(config.workers, () => serve(config));
}

/** One server process. */
async function serve(config: AppConfig): Promise<void> {
  let adminNotice: string[] = [];
  if (config.backupCron) validateCron(config.backupCron);
  // Asked while the server starts, said once it listens (by one process of WORKERS).
  const buckets = isFirstWorker() ? checkBuckets(config) : Promise.resolve([]);
  const built = await buildApp(config, {
    onAdminCreated: (email, generated) => {
      adminNotice = generated
        ? [
            `Created the administrator ${email} with the password: ${generated}`,
            'It is shown only this once; change it after signing in.',
          ]
        : [`Created the administrator ${email} with ADMIN_PASSWORD.`];
    },
  });
  await built.app.listen({ port: config.port, host: config.host });
  announceReady();
  void buckets.then((checks) => {
    for (const check of checks) (check.ok ? console.log : console.error)(check.message);
  });
  // Printed last, once the server listens, so it follows the build output instead of hiding in it
  // (the short wait lets the logger's own "listening" line go out first).
  if (adminNotice.length) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    console.log(framed(adminNotice));
  }
  // One process makes the scheduled backups, however many serve requests.
  const schedule =
    config.backupCron && isFirstWorker()
      ? scheduleBackups(built.backups, {
          expression: config.backupCron,
          keep: config.backupKeep,
          log: (message, err) =>
            err ? built.app.log.error({ err }, message) : built.app.log.info(message),
        })
      : null;
  if (schedule)
    console.log(
      `Scheduled backups: "${config.backupCron}", keeping ${config.backupKeep}; next at ${schedule.next()?.toISOString()}.`,
    );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    schedule?.stop();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Whether the configured buckets answer. A bucket that does not is said in the log but does not
 * stop the start: records stay readable and writable, files answer 503 until it is back
 * (docs/decisions.md, "A bucket that does not answer at start").
 */
async function checkBuckets(config: AppConfig): Promise<BucketCheck[]> {
  return Promise.all([
    ...(config.s3 ? [checkBucket('files', config.s3)] : []),
    ...(config.backupsS3 ? [checkBucket('backups', config.backupsS3)] : []),
  ]);
}

main().catch((err) => {
  // A setting it cannot start with, or a second server on the same DATA_DIR: the message says
  // what to change or which process holds the directory; a stack trace would only hide it.
  const known = err instanceof ConfigError || err instanceof DirectoryLockedError;
  console.error(known ? err.message : err);
  process.exit(1);
});
