/**
 * How long `npm start` takes to answer its first HTTP request: starts it (in its own process
 * group, on PORT, with DATA_DIR) and asks `GET /api/health` every 50 ms until an answer comes.
 * `npx tsx bench/start/run.ts [--runs 3] [--port 18090] [--data <dir>]`; the first run on a
 * fresh data directory includes creating the database. See bench/README.md, "Start".
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(arg('runs', '3'));
const port = Number(arg('port', '18090'));
const given = arg('data', '');
const dataDir = given || mkdtempSync(join(tmpdir(), 'bench-start-'));

async function once(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-start-1' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start ended with ${child.exitCode}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (answer.status > 0) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const ms = await once();
  times.push(ms);
  console.log(`run ${i + 1}: first answer after ${(ms / 1000).toFixed(2)} s`);
}
if (!given) rmSync(dataDir, { recursive: true, force: true });
