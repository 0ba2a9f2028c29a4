import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../apps/web/e2e/harness/stack';

/**
 * Builds the web app into a private directory (others may rebuild apps/web/dist meanwhile);
 * `skipBuild` copies the existing apps/web/dist instead.
 */
export function buildApp({ skipBuild = false } = {}): string {
  const out = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  if (skipBuild && existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    cpSync(join(REPO_ROOT, 'apps/web/dist'), out, { recursive: true });
    return out;
  }
  const built = spawnSync(
    'npm',
    [
      'run',
      'build',
      '-w',
      '@app/web',
      '--',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the web build failed');
  return out;
}
