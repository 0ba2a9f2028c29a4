import { defineConfig } from 'vitest/config';

// One runner, several projects: the server (unit + API + compat) and the web components.
export default defineConfig({
  test: {
    projects: ['apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
