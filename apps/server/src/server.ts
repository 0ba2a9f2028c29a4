import { buildApp } from './app';
import { readConfig } from './config';
import { scheduleBackups, validateCron } from './core/backup/schedule';

/** Starts the server and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = readConfig();
  if (config.backupCron) validateCron(config.backupCron);
  const built = await buildApp(config, {
    onAdminCreated: (email, generated) => {
      if (generated) {
        console.log(
          `\nCreated the administrator ${email} with the password: ${generated}\nIt is shown only this once; change it after signing in.\n`,
        );
      } else {
        console.log(`Created the administrator ${email} with ADMIN_PASSWORD.`);
      }
    },
  });
  await built.app.listen({ port: config.port, host: config.host });
  const schedule = config.backupCron
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
  const stop = async () => {
    schedule?.stop();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
