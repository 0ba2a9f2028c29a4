/**
 * The server process of a bench run: the real app (config from the environment, as in
 * apps/server/src/server.ts, WORKERS included) with the bench collections added to the registry. run.ts starts
 * it as a child so the load generator never shares its event loop.
 */
import { buildApp } from '../../apps/server/src/app';
import { announceReady, runWorkers } from '../../apps/server/src/cluster';
import { readConfig, type AppConfig } from '../../apps/server/src/config';
import { benchRegistry } from './setup';

async function main(): Promise<void> {
  const config = readConfig();
  // WORKERS as in the real server (run.ts --workers).
  await runWorkers(config.workers, () => serve(config));
}

async function serve(config: AppConfig): Promise<void> {
  const built = await buildApp(config, { registry: benchRegistry() });
  await built.app.listen({ port: config.port, host: config.host });
  announceReady();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await built.close();
    // A normal exit, so --cpu-prof gets to write its profile.
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
