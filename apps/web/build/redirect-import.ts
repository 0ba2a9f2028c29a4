import type { Plugin } from 'vite';

export type ImportRedirect = {
  /** The plugin's name, in build messages. */
  name: string;
  /** The modules whose import is redirected (a path inside node_modules, say). */
  importer: RegExp;
  /** The import as those modules write it. */
  source: RegExp;
  /** The file they get instead. */
  to: string;
  /** Why the build stops when the import is no longer found, and what to check then. */
  whenGone: string;
};

/**
 * Gives some of a dependency's modules one of the app's files in place of one of their imports,
 * where the original costs every page for nothing (see each use in vite.config.ts). The build
 * fails if the import is no longer found, so that an upgrade that moves it cannot silently
 * bring the cost back.
 */
export function redirectImport(redirect: ImportRedirect): Plugin {
  let replaced = false;
  return {
    name: redirect.name,
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !redirect.importer.test(importer)) return null;
      if (!redirect.source.test(source)) return null;
      replaced = true;
      return redirect.to;
    },
    buildEnd(error) {
      // A build that failed for another reason shows that reason, not this one.
      if (!error && !replaced) this.error(`${redirect.name}: ${redirect.whenGone}`);
    },
  };
}
