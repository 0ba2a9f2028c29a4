#!/usr/bin/env node
/**
 * The e2e runner (`npm run test:e2e -w @app/web`, `npm run screenshots -w @app/web`):
 * ensures Chromium, builds the web app, then runs vitest with e2e/vitest.config.ts, whose global
 * setup starts and stops the server and the capture SMTP server. Extra arguments go to vitest
 * (e.g. a file-name filter). Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');
const vitestArgs = args.filter((arg) => arg !== '--screenshots');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, commandArgs, options = {}) {
  console.log(`[e2e] $ ${[command, ...commandArgs].join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function fail(message) {
  console.error(`[e2e] ${message}`);
  process.exit(1);
}

// (a) Debian's Chromium.
if (!existsSync(chromium)) {
  console.log(`[e2e] ${chromium} is missing: installing Debian's chromium package with apt-get.`);
  const status = run('sh', [
    '-c',
    'apt-get update && apt-get install -y --no-install-recommends chromium',
  ]);
  if (status !== 0 || !existsSync(chromium)) fail(`could not install chromium (exit ${status})`);
  console.log(`[e2e] installed ${chromium}.`);
} else {
  console.log(`[e2e] using ${chromium}.`);
}

// (b) The web app the server serves, built into a private directory: other people may rebuild
// apps/web/dist while the tests run, which would swap the chunks under the browser's feet.
const webDist = mkdtempSync(join(tmpdir(), 'e2e-web-dist-'));
process.on('exit', () => rmSync(webDist, { recursive: true, force: true }));
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
if (process.env.E2E_SKIP_BUILD === '1' && existsSync(`${repoRoot}apps/web/dist/index.html`)) {
  console.log('[e2e] E2E_SKIP_BUILD=1: serving a copy of the existing apps/web/dist.');
  cpSync(`${repoRoot}apps/web/dist`, webDist, { recursive: true });
} else if (
  run('npm', ['run', 'build', '-w', '@app/web', '--', '--outDir', webDist, '--emptyOutDir']) !== 0
) {
  fail('the web build failed');
}

// (c)-(e) Server + SMTP (global setup), specs, teardown.
rmSync('/tmp/e2e-failures', { recursive: true, force: true });
const status = run(
  'npx',
  ['vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts', ...vitestArgs],
  {
    env: { ...process.env, E2E_MODE: screenshots ? 'screenshots' : 'test', E2E_WEB_DIST: webDist },
  },
);
if (status !== 0) fail(`${screenshots ? 'screenshots' : 'e2e tests'} failed (exit ${status})`);
console.log(
  `[e2e] ${screenshots ? 'screenshots written to apps/web/e2e/screenshots/' : 'all e2e tests passed'}.`,
);
