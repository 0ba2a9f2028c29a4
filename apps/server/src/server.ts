import { buildApp } from './app';
import { readConfig } from './config';
import { DirectoryLockedError } from './db/directory-lock';

/** Starts the server and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = readConfig();
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
  const stop = async () => {
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  // A second server on the same DATA_DIR: the message says which process holds it.
  console.error(err instanceof DirectoryLockedError ? err.message : err);
  process.exit(1);
});
