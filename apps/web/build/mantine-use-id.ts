import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The app's `useId` for Mantine (src/lib/mantine-use-id.ts). */
export const APP_USE_ID = fileURLToPath(new URL('../src/lib/mantine-use-id.ts', import.meta.url));

/** Mantine's own module, as `@mantine/hooks` imports it. */
const MANTINE_USE_ID = /\/use-id\/use-id\.mjs$/;

/**
 * Gives Mantine's components the app's `useId` instead of their own, which renders each of them
 * twice as it appears (the reasons are in src/lib/mantine-use-id.ts). Mantine imports it in
 * one place, its hooks' index; the build fails if that import is no longer found, so that a new
 * version of Mantine does not silently bring the second render back.
 */
export function mantineUseId(): Plugin {
  let replaced = false;
  return {
    name: 'mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mantine[\\/]hooks[\\/]/.test(importer)) return null;
      if (!MANTINE_USE_ID.test(source)) return null;
      replaced = true;
      return APP_USE_ID;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error(
          'mantine-use-id: @mantine/hooks no longer imports ./use-id/use-id.mjs; see whether ' +
            "Mantine's useId still renders twice before removing this plugin.",
        );
    },
  };
}
