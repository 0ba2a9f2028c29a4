/**
 * The stack under test: a capture SMTP server and the real server (`apps/server/src/server.ts`)
 * on a free port with a fresh temporary DATA_DIR. Used by the e2e global setup and bench/web.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpCapture, type SmtpCapture } from '../../../server/test/helpers/smtp-capture';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');
export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-admin-password-1';
/** The server's DEFAULT_PASSWORD (spec §9); the web app has the same constant. */
export const DEFAULT_PASSWORD = '12345678';

export type StackOptions = {
  /** Run `cli.ts seed-demo` against the fresh database before the server starts. */
  seedDemo?: boolean;
  /** Where the server's stdout/stderr go (default /tmp/e2e-server.log). */
  logFile?: string;
  /** Start the capture SMTP server and point SMTP_URL at it (default true). */
  smtp?: boolean;
  /** The built web app to serve (default E2E_WEB_DIST, else apps/web/dist). */
  webDist?: string;
  /** Settings that replace the harness's own (e.g. `MFA: 'on'` for the second factor's spec). */
  env?: Record<string, string>;
};

export type Stack = {
  baseURL: string;
  adminEmail: string;
  adminPassword: string;
  defaultPassword: string;
  dataDir: string;
  smtp: SmtpCapture | null;
  stop(): Promise<void>;
};

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(`the server exited (${exited}) before it was ready; see ${logFile}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server did not answer ${baseURL}/api/health within 90 s; see ${logFile}`);
}

/** Stops a detached child and everything it started (its process group). */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const logFile = options.logFile ?? '/tmp/e2e-server.log';
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const smtp = options.smtp === false ? null : await startSmtpCapture();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    DEFAULT_PASSWORD,
    RATE_LIMIT: 'off',
    MFA: 'off',
    LOG: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseURL,
    WEB_DIST: options.webDist ?? process.env.E2E_WEB_DIST ?? WEB_DIST,
    SMTP_URL: smtp?.url ?? '',
    ...options.env,
  };
  delete env.DATABASE_URL;

  const cleanup = async () => {
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  if (options.seedDemo) {
    const seeded = spawnSync('npx', ['tsx', 'apps/server/src/cli.ts', 'seed-demo'], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
    });
    if (seeded.status !== 0) {
      await cleanup();
      throw new Error(`seed-demo failed (${seeded.status}):\n${seeded.stdout}\n${seeded.stderr}`);
    }
  }

  const log = createWriteStream(logFile);
  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    await waitForHealth(baseURL, child, logFile);
  } catch (error) {
    await stopGroup(child);
    await cleanup();
    throw error;
  }

  return {
    baseURL,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    defaultPassword: DEFAULT_PASSWORD,
    dataDir,
    smtp,
    async stop() {
      await stopGroup(child);
      log.end();
      await cleanup();
    },
  };
}
