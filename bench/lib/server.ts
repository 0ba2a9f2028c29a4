/**
 * What the benchmarks share: the real server started as a child process on PostgreSQL, and
 * percentiles of measured times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export type BenchServer = {
  port: number;
  dataDir: string;
  databaseUrl: string;
  admin: { email: string; password: string };
  /** How long to wait for `/api/health`, in tenths of a second. */
  attempts?: number;
};

/** Starts `apps/server/src/server.ts` with logging and rate limits off; resolves once it answers. */
export async function startServer(options: BenchServer): Promise<ChildProcess> {
  const env = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG: 'off',
    RATE_LIMIT: 'off',
    MFA: 'off',
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    DATABASE_URL: options.databaseUrl,
    // One process unless the caller asks for more: the figures compare with earlier runs.
    WORKERS: process.env.WORKERS ?? '1',
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let i = 0; i < (options.attempts ?? 600); i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

/** The p-th percentile of times sorted ascending. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
