/**
 * One process per embedded database directory: a second process is refused with the directory and
 * the holder's pid; a lock left by a killed process is taken over; the demo seed says to stop the
 * server. (PostgreSQL needs no lock: the server arbitrates between its clients.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/database';
import { DirectoryLockedError, lockDirectory } from '../../src/db/directory-lock';

const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(SERVER_ROOT, '../../node_modules/.bin/tsx');

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-lock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `openPglite(dir)` in another process and reports how it went. */
function openInAnotherProcess(dir: string): { status: number | null; output: string } {
  const script = `
    import { openPglite } from './src/db/database.ts';
    try {
      const db = await openPglite(${JSON.stringify(dir)});
      await db.close();
      console.log('opened');
    } catch (err) {
      console.log(err.name + ': ' + err.message);
      process.exitCode = 3;
    }`;
  const run = spawnSync(TSX, ['--input-type=module', '-e', script], {
    cwd: SERVER_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the embedded database directory lock', () => {
  it('refuses a second process on a directory this process has open, naming it and the pid', async () => {
    const dir = join(dataDir, 'db');
    const db = await openPglite(dir);
    try {
      await db.query('CREATE TABLE t (n int)');
      const second = openInAnotherProcess(dir);
      expect(second.status).toBe(3);
      expect(second.output).toContain('DirectoryLockedError');
      expect(second.output).toContain(dir);
      expect(second.output).toContain(`pid ${process.pid}`);
      // Nor may this process open it a second time.
      await expect(openPglite(dir)).rejects.toThrow(DirectoryLockedError);
      // This process's data is untouched and still usable.
      await db.query('INSERT INTO t VALUES (1)');
      expect((await db.query('SELECT count(*)::int AS n FROM t')).rows[0]).toEqual({ n: 1 });
    } finally {
      await db.close();
    }
    // Closed: the lock is gone and another process may open the directory.
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(openInAnotherProcess(dir)).toMatchObject({ status: 0 });
    // Two child processes each start tsx and PGlite: on a busy 2-core machine that alone has
    // taken over 30 s.
  }, 120_000);

  it('takes over a lock left by a process that was killed', async () => {
    const dir = join(dataDir, 'db');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const pid = child.pid!;
    writeFileSync(`${dir}.lock`, `${pid}\n`);
    // While it lives the lock holds.
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
    const db = await openPglite(dir);
    try {
      expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
      expect((await db.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
    } finally {
      await db.close();
    }
  });

  it('`seed-demo` against a running server refuses and says to stop the server first', async () => {
    const db = await openPglite(join(dataDir, 'db'));
    try {
      const run = spawnSync(TSX, ['src/cli.ts', 'seed-demo'], {
        cwd: SERVER_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG: 'off' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(join(dataDir, 'db'));
      expect(run.stderr).toContain(`pid ${process.pid}`);
      expect(run.stderr).toContain('Stop the server first');
      // Nothing was written behind the holder's back.
      expect((await db.query(`SELECT to_regclass('public.roles') AS t`)).rows[0]).toEqual({
        t: null,
      });
    } finally {
      await db.close();
    }
  });
});
