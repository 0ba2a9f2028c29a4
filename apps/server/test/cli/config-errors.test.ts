/**
 * A setting the server cannot start with stops it with one line that says what to change, not a
 * stack trace (server.ts prints a ConfigError's message only).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'bo-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): Promise<{ code: number; err: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['apps/server/src/server.ts'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: dataDir,
          LOG: 'off',
          ...env,
        },
        timeout: 60_000,
      },
      (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, err: stderr }),
    );
  });
}

describe('a bad setting at startup', () => {
  it.each([
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be a whole number of at least 1, not "0".'],
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535, not "eighty".'],
    [{ BACKUP_CRON: 'every night' }, 'BACKUP_CRON "every night" is not a valid cron expression'],
  ])(
    '%o stops the server with its message only',
    async (env, message) => {
      const { code, err } = await start(env);
      expect(code).toBe(1);
      expect(err).toContain(message);
      expect(err).not.toMatch(/^\s+at /m);
      expect(err).not.toContain('ConfigError');
    },
    60_000,
  );
});
