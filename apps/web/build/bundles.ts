import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The files the bundler makes beside one per screen, each a list of folders: of a package
 * (`react/`, `@mantine/hooks/esm/use-merged-ref/`) or of the app (`src/lib/data/`), always ending
 * in `/`. Where one of the app's modules goes follows from where it lives: a module in a listed
 * folder (or below it) goes to that bundle, any other to the screens that use it; so a module
 * is moved to another file only by moving it to another folder, never by a rename, and a new
 * module finds its file by the folder it is put in (docs/architecture.md, "The bundler's
 * files"). Every folder must exist (the build stops otherwise). A module goes to the first bundle
 * by priority that holds it; `withImports` takes what it imports too, unless another bundle
 * holds it. Why each exists: docs/architecture.md and the comments below; figures in
 * bench/README.md.
 */
export type Bundle = {
  name: string;
  priority: number;
  folders: readonly string[];
  withImports?: boolean;
};

/** Mantine's small hooks that its inputs, buttons and transitions share. */
const MANTINE_HOOKS = [
  'merged-ref',
  'did-update',
  'reduced-motion',
  'media-query',
  'isomorphic-effect',
  'uncontrolled',
  'mounted',
  'shallow-effect',
  'timeout',
  'window-event',
  'disclosure',
  'force-update',
].map((hook) => `@mantine/hooks/esm/use-${hook}/`);

export const BUNDLES: readonly Bundle[] = [
  // The guest page's entry and what it imports (the address rules, the early form's hold: a few
  // KB), so that the form works as soon as it arrives; React, Mantine and the form's code come
  // after (src/app/guest/).
  { name: 'guest', priority: 3, folders: ['src/app/guest/early/'], withImports: true },
  // React alone: it changes least, so it stays cached longest.
  {
    name: 'react',
    priority: 2,
    folders: ['react/', 'react-dom/', 'scheduler/'],
    withImports: true,
  },
  // The popovers' positioning code, which only screens with menus, selects and tooltips load
  // (left to itself the bundler put it with React, on every page).
  { name: 'floating-ui', priority: 1, folders: ['@floating-ui/'], withImports: true },
  // The main file and what it imports on demand as it starts (src/app/start/: the app, its
  // router and the start-up texts, which import the area registry: START_MODULES in
  // build/sign-in-preload.ts, which checks they stay here), with everything they use that no
  // other bundle takes: imported on demand from the same file, a module runs when asked for, so
  // start-up is cut into short tasks without a round trip more.
  { name: 'web', priority: 0, folders: ['src/app/start/'], withImports: true },
  // The router and the API client: libraries that change only when upgraded.
  { name: 'libraries', priority: 1, folders: ['react-router/', 'pocketbase/'], withImports: true },
  // Mantine's shared small hooks, the app's hooks for Mantine and the translator (not the texts:
  // the shell's are src/lib/texts/, the Arabic ones fetched only by who reads Arabic), which the
  // bundler otherwise spread over tiny files that moved with each change of which screen uses
  // which component.
  {
    name: 'mantine-hooks',
    priority: 1,
    folders: [...MANTINE_HOOKS, '@mantine/hooks/esm/utils/', 'src/lib/mantine/', 'src/lib/i18n/'],
  },
  // What every form is built from and the sign-in form uses first (its state and text fields);
  // the rest of the form kit (src/components/form/) goes with the screens that use it.
  { name: 'form-basics', priority: 1, folders: ['src/components/form/basics/'] },
  // The data layer that comes with the app's layout (query cache, record queries, the tables'
  // early request, and its provider), with the record helpers nearly every screen imports
  // (resource/common/: who may act, the field declarations, the status badge).
  {
    name: 'data',
    priority: 1,
    folders: [
      '@tanstack/query-core/',
      '@tanstack/react-query/',
      'src/lib/data/',
      'src/app/data/',
      'src/components/resource/common/',
    ],
  },
  // What a list screen needs and a record's screen does not: the list's table with its CSV
  // export and filters, and the list page (not the plain table or the record table, which views
  // and forms use too: they stay in src/components/data-table/ and resource/).
  {
    name: 'table',
    priority: 1,
    folders: [
      'src/components/data-table/list/',
      'src/components/resource/list/',
      '@mantine/core/esm/components/Pagination/',
      '@mantine/hooks/esm/use-pagination/',
    ],
  },
];

const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where a package's folder is: the web app's own node_modules, or the workspace's. */
function packagePath(entry: string): string | null {
  for (let folder = WEB_ROOT; ; folder = dirname(folder)) {
    const path = join(folder, 'node_modules', entry);
    if (existsSync(path)) return path;
    if (dirname(folder) === folder) return null;
  }
}

const slashes = (path: string) => path.replaceAll('\\', '/');

/** Whether the module `id` is under the folder `entry` (ending in `/`). */
function matcher(entry: string): (id: string) => boolean {
  if (!entry.endsWith('/'))
    throw new Error(
      `bundles: ${entry} is not a folder; a bundle lists folders, so that a module's file ` +
        'follows from where it lives (build/bundles.ts)',
    );
  const isApp = entry.startsWith('src/');
  const path = isApp ? join(WEB_ROOT, entry) : packagePath(entry);
  if (!path || !existsSync(path) || !statSync(path).isDirectory())
    throw new Error(
      `bundles: the folder ${entry} does not exist; moved or renamed? (build/bundles.ts)`,
    );
  // A package as the module graph names it: through node_modules, wherever that is.
  if (!isApp) return (id) => slashes(id).includes(`/node_modules/${entry}`);
  const full = slashes(path).replace(/\/?$/, '/');
  return (id) => slashes(id).startsWith(full);
}

/** The bundler's groups (rolldown's `codeSplitting.groups`) for `bundles`. */
export function bundleGroups(bundles: readonly Bundle[] = BUNDLES) {
  return bundles.map(({ name, priority, folders, withImports = false }) => {
    const tests = folders.map(matcher);
    return {
      name,
      priority,
      test: (id: string) => tests.some((test) => test(id)),
      includeDependenciesRecursively: withImports,
    };
  });
}
