// `npm start`'s first step: builds the web app only when its sources changed since the last build.
//
// The build's inputs (the web app's sources and build files, the shared schema, the lockfile) are
// hashed; the hash is written into the build (`apps/web/dist/.source-hash`) once it is complete.
// An equal hash means the build is current and the server starts at once. A build goes into a
// folder of its own and then takes the place of `dist`, so a server already serving `dist` never
// sees half a build; a lock file (`apps/web/.build.lock`, holding the pid) keeps two starts in the
// same folder from building at once: the second waits, then finds the build current.
//
// `WEB_DIST` set: the server serves that folder and nothing is built here.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const hashFile = join(dist, '.source-hash');
const lockFile = join(web, '.build.lock');
let held = false;

/** What the build reads: a change to any of these makes a new build. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/guest.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/schema/src',
  'packages/schema/package.json',
  'package-lock.json',
];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** SHA-256 over every input file's path and content, in a fixed order. */
function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const current = (hash) =>
  existsSync(join(dist, 'index.html')) &&
  existsSync(hashFile) &&
  readFileSync(hashFile, 'utf8').trim() === hash;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Takes the build lock, waiting while another living process holds it. */
async function lock() {
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      held = true;
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (!Number.isInteger(holder) || !alive(holder)) {
      // Left by a build that died: taken over.
      rmSync(lockFile, { force: true });
      continue;
    }
    if (!told) {
      console.log(`[start] another start (pid ${holder}) is building the web app; waiting for it`);
      told = true;
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}

function unlock() {
  if (held) rmSync(lockFile, { force: true });
  held = false;
}

async function main() {
  if (process.env.WEB_DIST) return;
  const hash = sourceHash();
  if (current(hash)) {
    console.log('[start] the web app is built from the current sources');
    return;
  }
  await lock();
  try {
    // Another start may have built it while this one waited.
    if (current(hash)) return;
    console.log('[start] building the web app (its sources changed since the last build)');
    const out = join(web, `.dist-${process.pid}`);
    rmSync(out, { recursive: true, force: true });
    const built = spawnSync('npm', ['run', 'build', '-w', '@app/web', '--', '--outDir', out], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) {
      rmSync(out, { recursive: true, force: true });
      throw new Error(`the web app's build failed (exit ${built.status ?? built.signal})`);
    }
    writeFileSync(join(out, '.source-hash'), `${hash}\n`);
    const old = join(web, `.dist-old-${process.pid}`);
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(out, dist);
    rmSync(old, { recursive: true, force: true });
  } finally {
    unlock();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    unlock();
    process.exit(1);
  });

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  process.exit(1);
});
