import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './free-port';

const SERVER_DIR = resolve(import.meta.dirname, '../..');

/** The real server (src/server.ts) as a child process of the test, on a port of its own. */
export type ServerProcess = {
  url: string;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Waits until its output matches `pattern` (or it exits, or `timeout` passes). */
  waitFor(pattern: RegExp, timeout?: number): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts src/server.ts with `env` on top of this process's environment (DATABASE_URL removed
 * unless given) and waits until it answers /api/health.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    // Like the in-process suites: tests sign the administrator in with a password alone.
    RATE_LIMIT: 'off',
    MFA: 'off',
    LOG: 'off',
    WORKERS: '1',
    ...env,
  });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;

  const waitFor = async (pattern: RegExp, timeout = 60_000) => {
    const deadline = Date.now() + timeout;
    while (!pattern.test(output)) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`no ${pattern} in the server's output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, output: () => output, waitFor, stop };
}
