import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { START_MODULES } from './sign-in-preload.ts';

/**
 * The files the bundler makes beside one per screen, each a list of folders and modules: a
 * package (`react`), a folder of one (`@mantine/hooks/esm/use-merged-ref/`), a folder of the app
 * (ending in `/`) or one of its modules (`src/lib/data/records.ts`). Every entry must exist (the build
 * stops otherwise), so renaming or moving a module never moves it silently to another file.
 * A module goes to the first bundle by priority that names it; `withImports` takes what it
 * imports too, unless another bundle names it. Why each exists: docs/architecture.md and the
 * comments below; figures in bench/README.md.
 */
export type Bundle = {
  name: string;
  priority: number;
  modules: readonly string[];
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
  { name: 'guest', priority: 3, modules: ['src/app/guest/early/main.ts'], withImports: true },
  // React alone: it changes least, so it stays cached longest.
  {
    name: 'react',
    priority: 2,
    modules: ['react/', 'react-dom/', 'scheduler/'],
    withImports: true,
  },
  // The popovers' positioning code, which only screens with menus, selects and tooltips load
  // (left to itself the bundler put it with React, on every page).
  { name: 'floating-ui', priority: 1, modules: ['@floating-ui/'], withImports: true },
  // The main file and what it imports on demand as it starts (START_MODULES), with everything
  // they use that no other bundle takes: imported on demand from the same file, a module runs
  // when asked for, so start-up is cut into short tasks without a round trip more.
  {
    name: 'web',
    priority: 0,
    modules: ['src/app/start/main.tsx', ...START_MODULES],
    withImports: true,
  },
  // The router and the API client: libraries that change only when upgraded.
  { name: 'libraries', priority: 1, modules: ['react-router/', 'pocketbase/'], withImports: true },
  // Mantine's shared small hooks and the translator, which the bundler otherwise spread over
  // tiny files that moved with each change of which screen uses which component.
  {
    name: 'mantine-hooks',
    priority: 1,
    modules: [
      ...MANTINE_HOOKS,
      '@mantine/hooks/esm/utils/',
      'src/lib/mantine/mantine-use-id.ts',
      'src/lib/i18n/instance.ts',
      'src/lib/i18n/translator.ts',
      'src/lib/i18n/use-translation.ts',
    ],
  },
  // What every form is built from and the sign-in form uses first.
  {
    name: 'form-basics',
    priority: 1,
    modules: [
      'src/components/form/basics/use-form.ts',
      'src/components/form/basics/form-state.ts',
      'src/components/form/basics/text-fields.tsx',
    ],
  },
  // The data layer that comes with the app's layout (query cache, record queries, the tables'
  // early request), with three helpers nearly every screen imports.
  {
    name: 'data',
    priority: 1,
    modules: [
      '@tanstack/query-core/',
      '@tanstack/react-query/',
      'src/lib/data/records.ts',
      'src/lib/data/query-client.ts',
      'src/lib/data/query-keys.ts',
      'src/lib/data/table-source.ts',
      'src/lib/data/table-state.ts',
      'src/app/data/data-provider.tsx',
      'src/components/resource/common/use-can-act.ts',
      'src/components/resource/common/declarations.ts',
      'src/components/resource/common/status-badge.tsx',
    ],
  },
  // What a list screen needs and a record's screen does not (not the plain table or the record
  // table, which views and forms use too).
  {
    name: 'table',
    priority: 1,
    modules: [
      'src/components/data-table/list/data-table.tsx',
      'src/components/data-table/list/csv.ts',
      'src/components/data-table/list/choice-filter.tsx',
      'src/components/resource/list/list-page.tsx',
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

/** Whether the module `id` is `entry` (a module) or under it (a folder ending in `/`). */
function matcher(entry: string): (id: string) => boolean {
  const isApp = entry.startsWith('src/');
  const path = isApp ? join(WEB_ROOT, entry) : packagePath(entry);
  if (!path || !existsSync(path))
    throw new Error(
      `bundles: ${entry} does not exist; a renamed or moved module? (build/bundles.ts)`,
    );
  if (!isApp) {
    // A package as the module graph names it: through node_modules, wherever that is.
    const marker = `/node_modules/${entry}`;
    return entry.endsWith('/')
      ? (id) => slashes(id).includes(marker)
      : (id) => slashes(id).endsWith(marker);
  }
  const full = slashes(path) + (entry.endsWith('/') ? '/' : '');
  return entry.endsWith('/') ? (id) => slashes(id).startsWith(full) : (id) => slashes(id) === full;
}

/** The bundler's groups (rolldown's `codeSplitting.groups`) for `bundles`. */
export function bundleGroups(bundles: readonly Bundle[] = BUNDLES) {
  return bundles.map(({ name, priority, modules, withImports = false }) => {
    const tests = modules.map(matcher);
    return {
      name,
      priority,
      test: (id: string) => tests.some((test) => test(id)),
      includeDependenciesRecursively: withImports,
    };
  });
}
