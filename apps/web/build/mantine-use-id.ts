import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { redirectImport } from './redirect-import.ts';

/** The app's `useId` for Mantine (src/lib/mantine/mantine-use-id.ts). */
export const APP_USE_ID = fileURLToPath(
  new URL('../src/lib/mantine/mantine-use-id.ts', import.meta.url),
);

/**
 * Gives Mantine's components the app's `useId` instead of their own, which renders each of them
 * twice as it appears (the reasons are in src/lib/mantine/mantine-use-id.ts). Mantine imports it in
 * one place, its hooks' index.
 */
export function mantineUseId(): Plugin {
  return redirectImport({
    name: 'mantine-use-id',
    importer: /[\\/]@mantine[\\/]hooks[\\/]/,
    source: /\/use-id\/use-id\.mjs$/,
    to: APP_USE_ID,
    whenGone:
      '@mantine/hooks no longer imports ./use-id/use-id.mjs; see whether ' +
      "Mantine's useId still renders twice before removing this plugin.",
  });
}
