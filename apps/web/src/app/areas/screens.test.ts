import { describe, expect, it } from 'vitest';
import { AREAS } from './index';

/** Every route module of the app (`app/routes`), loaded on demand. */
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>([
  '../routes/**/*.tsx',
  '!../routes/**/*.test.tsx',
]);

describe('route modules', () => {
  it('are each the screen of a route in the registry, or one of the router’s own', async () => {
    const screens = new Set<unknown>();
    for (const area of AREAS)
      for (const route of area.routes)
        if ('screen' in route) screens.add((await route.screen()).default);
    const unused: string[] = [];
    for (const [file, load] of Object.entries(ROUTE_MODULES))
      if (!screens.has((await load()).default)) unused.push(file);
    // The 404 page and the error boundary are the router's (router.tsx); anything else that no
    // route opens is a screen left behind.
    expect(unused.sort()).toEqual(['../routes/not-found.tsx', '../routes/route-error.tsx']);
  }, 120_000);
});
