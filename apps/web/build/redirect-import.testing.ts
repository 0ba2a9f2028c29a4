import type { Plugin } from 'vite';

/** A redirect plugin's two hooks, as the tests call them (redirect-import.ts). */
export type RedirectHooks = {
  resolveId: (source: string, importer?: string) => string | null;
  buildEnd: (this: { error: (message: string) => never }, error?: Error) => void;
};

export const hooksOf = (plugin: Plugin) => plugin as unknown as RedirectHooks;

/** The build's `this` in `buildEnd`: its error stops the build by throwing. */
export const failingBuild = {
  error: (message: string): never => {
    throw new Error(message);
  },
};
