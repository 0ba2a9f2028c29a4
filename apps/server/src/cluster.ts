import cluster, { type Worker } from 'node:cluster';

/**
 * WORKERS: several server processes on one port (node:cluster hands each new connection to the
 * next process in turn). Everything a request may need from another process goes through
 * PostgreSQL: realtime events and subscriptions, the account cache, rate limits, import jobs and
 * backups (see docs/scaling.md).
 *
 * The first worker starts alone: it runs the migrations and creates the administrator. The others
 * start once it listens, so they never race it. A worker that dies is started again.
 */

/** Which worker this process is: 1 for the first (and for a server without workers). */
export function workerNumber(): number {
  return Number(process.env.BO_WORKER ?? '1') || 1;
}

/** Whether this process runs the once-per-server jobs (scheduled backups, the admin notice). */
export function isFirstWorker(): boolean {
  return workerNumber() === 1;
}

/** Told by a worker to the primary once it listens. */
const READY = 'bo:ready';

/** Called by a worker (or the only process) once it listens. */
export function announceReady(): void {
  if (cluster.isWorker) process.send?.(READY);
}

/**
 * Runs `serve` in this process when there is one worker; otherwise becomes the primary and runs it
 * in `count` workers. Returns once the primary has started its first worker.
 */
export function runWorkers(count: number, serve: () => Promise<void>): Promise<void> {
  if (count <= 1 || cluster.isWorker) return serve();
  let stopping = false;
  let othersStarted = false;
  const running = new Map<number, Worker>();
  const ready = new Set<number>();
  const start = (n: number): void => {
    const worker = cluster.fork({ BO_WORKER: String(n) });
    running.set(n, worker);
    worker.on('message', (message) => {
      if (message !== READY) return;
      ready.add(n);
      if (n === 1 && !othersStarted) {
        othersStarted = true;
        for (let other = 2; other <= count; other++) start(other);
      }
      if (ready.size === count) console.log(`All ${count} server processes are listening.`);
    });
    worker.on('exit', (code, signal) => {
      running.delete(n);
      ready.delete(n);
      if (stopping) {
        if (running.size === 0) process.exit(0);
        return;
      }
      // The first worker failing before it listens (a wrong DATABASE_URL, a port in use) ends the
      // server, its message already printed, instead of restarting it forever.
      if (!othersStarted) process.exit(code || 1);
      console.error(`Worker ${n} stopped (${signal ?? `exit ${code}`}); starting it again.`);
      // A worker that cannot start must not be restarted in a tight loop.
      setTimeout(() => start(n), 1_000);
    });
  };
  start(1);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (running.size === 0) process.exit(0);
    for (const worker of running.values()) worker.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return Promise.resolve();
}
