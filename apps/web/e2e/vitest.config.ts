import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The e2e run (see README.md): NOT one of the root vitest projects. `e2e/run.mjs` starts it.
const screenshots = process.env.E2E_MODE === 'screenshots';

export default defineConfig({
  // The accessibility spec reads the app's area registry (its screens), which imports with '@/'.
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: screenshots ? ['screenshots.shots.ts'] : ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'screenshots/**'],
    globalSetup: ['./harness/global-setup.ts'],
    pool: 'forks',
    maxWorkers: screenshots ? 1 : 2,
    fileParallelism: !screenshots,
    testTimeout: 90_000,
    // expect.poll waits for the browser, and often for the server behind it (a search sent after
    // a 300 ms pause): Vitest's 1 s default failed once on a loaded machine with the right rows
    // on screen a moment later.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    reporters: ['default'],
  },
});
