import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { paths } from '../src/config/paths.ts';

/**
 * The modules of the sign-in page, which a visitor who is not signed in sees first. Their code is
 * imported lazily (each route is its own chunk), so without a hint the browser learns of it only
 * once the app's main file has run: on a slow line that is one more round trip (400 ms on 3G)
 * for each level of imports.
 */
const SIGN_IN_MODULES = [
  'src/app/layouts/blank-layout.tsx',
  'src/app/routes/auth/login.tsx',
  'src/app/areas/auth/en.ts',
];

/**
 * What the main file imports on demand as it starts (src/app/start/main.tsx), so that their modules run in
 * tasks of their own: the area registry, the app and its router. They belong in the main file's
 * chunk (the `web` bundle in build/bundles.ts): from there each runs
 * when first asked for, with no request more. In chunks of their own they would cost every page
 * a round trip, and the code they share with the screens would be copied into the screens' files
 * (about 10 KB, gzip, on 2026-11-27), so the build stops instead (signInPreload).
 */
export const START_MODULES = [
  'src/app/start/start-texts.ts',
  'src/app/areas/index.ts',
  'src/app/areas/auth/index.ts',
  'src/app/start/app.tsx',
  'src/app/start/router.tsx',
];

/** The route module of a record list (`src/app/routes/<folder>/list.tsx`). */
const listScreen = (folder: string) => `src/app/routes/${folder}/list.tsx`;

/** What every signed-in page needs at once: the app's layout (see signInPreload). */
const LAYOUT_MODULE = 'src/app/layouts/default-layout.tsx';

/**
 * The templates' names that are not addresses: the layout's, which every signed-in page opens,
 * and the sign-in page's own files, which only a guest's page opens.
 */
export const LAYOUT_TEMPLATE = '*';
export const GUEST_TEMPLATE = 'guest';
/**
 * The templates of the texts of every area in one language (`texts-en`, `texts-ar`), which the
 * layout loads as it starts: the early sign-in form fetches those of its language ahead, and a
 * signed-in page names those of the language the app told the server (its language cookie).
 */
export const TEXTS_TEMPLATE_PREFIX = 'texts-';

/**
 * The texts of every area in one language and the sign-in screens' own (`src/app/areas/
 * texts-<language>.ts`, `auth/<language>.ts`), with the shell's Arabic texts.
 */
const TEXTS_MODULES: Record<'en' | 'ar', readonly string[]> = {
  en: ['src/app/areas/texts-en.ts', 'src/app/areas/auth/en.ts'],
  ar: ['src/app/areas/texts-ar.ts', 'src/app/areas/auth/ar.ts', 'src/lib/texts/ar.ts'],
};

/**
 * The screens people open directly (from a bookmark, a reload, a link in a message), by address:
 * a signed-in page at that address also announces the screen's own files. Every record list of
 * the area registry is here (sign-in-preload.test.ts checks it); a moved module stops the
 * build (chunkOf).
 */
export const SCREENS_BY_PATH: ReadonlyArray<{ path: string; modules: readonly string[] }> = [
  { path: paths.home.path, modules: ['src/app/routes/dashboard.tsx'] },
  { path: paths.hr.employees.list.path, modules: [listScreen('employees')] },
  { path: paths.hr.members.list.path, modules: [listScreen('members')] },
  { path: paths.hr.volunteers.list.path, modules: [listScreen('volunteers')] },
  { path: paths.projects.list.path, modules: [listScreen('projects')] },
  { path: paths.users.list.path, modules: [listScreen('users')] },
  { path: paths.users.roles.list.path, modules: [listScreen('roles')] },
];

/**
 * How many script files the sign-in page may need (the main file, its imports and the sign-in
 * chunks): 10 on 2026-11-27, 15 before the main file and the app shared one file. The bundler's
 * chunks can split on a small change elsewhere (moving one function to a shared package once put
 * a dozen Mantine components that had shared a file each in a file of its own, 13 more for the
 * sign-in page), and nothing else would notice.
 */
export const SIGN_IN_SCRIPT_BUDGET = 13;

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds?: readonly string[];
  imports: string[];
  /** The stylesheets Vite links for this chunk. */
  viteMetadata?: { importedCss?: Set<string> };
};

/**
 * The chunk that `module` starts. Most have it as their entry (facade). The bundler's strict
 * execution order (vite.config.ts) leaves a screen fetched on demand without one, its chunk then
 * only starting its modules when called; it is still the one chunk that holds the module, as a
 * chunk imported on demand is never copied into others. A renamed module must not silently drop
 * the hint, nor a module found in several chunks pick one at random.
 */
function chunkOf(chunks: readonly Chunk[], module: string): Chunk {
  const isModule = (id: string | null | undefined) =>
    id?.replaceAll('\\', '/').endsWith(module) ?? false;
  const entry = chunks.find((c) => isModule(c.facadeModuleId));
  if (entry) return entry;
  const holders = chunks.filter((c) => c.moduleIds?.some(isModule));
  if (holders.length === 1) return holders[0]!;
  throw new Error(
    holders.length === 0
      ? `sign-in-preload: no chunk for ${module}`
      : `sign-in-preload: ${module} is in ${holders.length} chunks, none of which starts with it`,
  );
}

/** One link of a group: a script (module preload) or a stylesheet. */
export type PreloadLink = { rel: 'modulepreload' | 'preload'; href: string };

/**
 * What a page links to, worked out from the bundle: `page`, the links every page of the app
 * carries (what the sign-in screen and the layout share, beyond the main file's own imports,
 * which Vite links); `groups`, the links of what a signed-in visit needs next, by name: `*` for
 * every signed-in page (the app's layout), an address (`/`, `/hr/employees`, …) for that
 * screen's own files, `texts-en` / `texts-ar` for every area's texts in one language, and
 * `guest` for the app's own sign-in screen. `start` is the main file and its imports, which
 * the guest page fetches ahead.
 */
export type AppFiles = {
  start: string[];
  page: string[];
  groups: Record<string, PreloadLink[]>;
};

export function appFilesOf(bundle: Record<string, { type: string }>, mainFile: string): AppFiles {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // What every page runs first: the main file and its imports (Vite links those).
  const startFiles = new Set<string>([mainFile]);
  const addImports = (file: string, into: Set<string>) => {
    for (const imported of byFile.get(file)?.imports ?? []) {
      if (into.has(imported)) continue;
      into.add(imported);
      addImports(imported, into);
    }
  };
  addImports(mainFile, startFiles);
  /** The chunks of `modules` and every chunk they import. */
  const filesOf = (modules: readonly string[]) => {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunkOf(chunks, module);
      files.add(chunk.fileName);
      addImports(chunk.fileName, files);
    }
    return files;
  };

  const apart = START_MODULES.filter((module) => !startFiles.has(chunkOf(chunks, module).fileName));
  if (apart.length > 0)
    throw new Error(
      `sign-in-preload: ${apart.join(', ')} left the main file's chunks; main.tsx imports ` +
        'them on demand as it starts, and they belong with it (the web bundle in ' +
        'build/bundles.ts).',
    );
  const wanted = filesOf(SIGN_IN_MODULES);
  const signInFiles = [...wanted].filter((file) => !startFiles.has(file)).sort();
  const scriptCount = startFiles.size + signInFiles.length;
  if (scriptCount > SIGN_IN_SCRIPT_BUDGET)
    throw new Error(
      `sign-in-preload: the sign-in page now needs ${scriptCount} script files, more than its ` +
        `budget of ${SIGN_IN_SCRIPT_BUDGET}: on a slow line each costs a round trip. Look for ` +
        'what split the shared chunks (build/bundles.ts) before raising the budget.',
    );
  const layoutFiles = filesOf([LAYOUT_MODULE]);
  // In the page for everyone: what the sign-in screen and the layout share. The rest only
  // where the app shows its own sign-in screen.
  const forEveryone = signInFiles.filter((file) => layoutFiles.has(file));
  const forGuests = signInFiles.filter((file) => !layoutFiles.has(file));
  const announced = new Set([...startFiles, ...forEveryone]);
  const stylesOf = (files: Set<string>) =>
    new Set([...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
  /** The links to `files` and their styles, less those already announced elsewhere. */
  const group = (
    files: Set<string>,
    skip: { scripts: Set<string>; styles: Set<string> },
  ): PreloadLink[] => [
    ...[...files]
      .filter((file) => !skip.scripts.has(file))
      .sort()
      .map((file) => ({ rel: 'modulepreload' as const, href: `/${file}` })),
    ...[...stylesOf(files)]
      .filter((file) => !skip.styles.has(file))
      .sort()
      .map((file) => ({ rel: 'preload' as const, href: `/${file}` })),
  ];
  // The server links a screen's group with the layout's: it leaves out what that has.
  const withLayout = {
    scripts: new Set([...announced, ...layoutFiles]),
    styles: stylesOf(layoutFiles),
  };
  const groups: Record<string, PreloadLink[]> = {
    [GUEST_TEMPLATE]: forGuests.map((file) => ({ rel: 'modulepreload', href: `/${file}` })),
    [LAYOUT_TEMPLATE]: group(layoutFiles, { scripts: announced, styles: new Set() }),
  };
  for (const { path, modules } of SCREENS_BY_PATH)
    groups[path] = group(filesOf(modules), withLayout);
  for (const language of ['en', 'ar'] as const)
    groups[`${TEXTS_TEMPLATE_PREFIX}${language}`] = group(
      filesOf(TEXTS_MODULES[language]),
      withLayout,
    );
  const startCss = [...stylesOf(startFiles)].map((file) => `/${file}`);
  return {
    start: [...[...startFiles].map((file) => `/${file}`), ...startCss],
    page: forEveryone.map((file) => `/${file}`),
    groups,
  };
}

/** The file beside the built pages that holds the groups, for the server (plugins/web.ts). */
export const APP_FILES_NAME = 'app-files.json';

/**
 * Where the server writes, per answer, the links of the groups a signed-in page at that
 * address needs (the layout's, the screen's, the language's texts). A comment in index.html's
 * source, so that a page served without the server (vite preview) is still whole.
 */
export const PRELOADS_PLACEHOLDER = '<!--app-preloads-->';

/** The id of the guest page's JSON list of the app's files, which it fetches ahead. */
export const GUEST_APP_FILES_ID = 'app-files';

const linkTag = (href: string): HtmlTagDescriptor => ({
  tag: 'link',
  attrs: { rel: 'modulepreload', crossorigin: true, href },
  injectTo: 'head',
});

/**
 * The guest page's own code beyond its entry (src/app/guest/start.tsx and what it imports:
 * React, Mantine, the API client, the sign-in screen), which the entry imports on demand. Linked
 * in the page (at the end of its body, after the form that shows without them:
 * ./guest-first-bytes.ts), they are asked for as it arrives rather than a round trip later (1 s
 * on 3G), at a low priority; the entry's import then takes them from the browser's cache. Plain
 * preloads, not module preloads, which would also compile them on the main thread while the
 * page shows.
 */
export function guestStartFiles(bundle: Record<string, { type: string }>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const withImports = (file: string, into = new Set<string>()) => {
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? [])
      if (!into.has(imported)) withImports(imported, into);
    return into;
  };
  const entry = withImports(chunkOf(chunks, 'src/app/guest/early/main.ts').fileName);
  return [...withImports(chunkOf(chunks, 'src/app/guest/start.tsx').fileName)]
    .filter((file) => !entry.has(file))
    .sort()
    .map((file) => `/${file}`);
}

const guestLinkTag = (href: string): HtmlTagDescriptor => ({
  tag: 'link',
  attrs: { rel: 'preload', as: 'script', fetchpriority: 'low', crossorigin: true, href },
  injectTo: 'head',
});

/** The app's entry chunk: index.html's (or, in a bundle without pages, the one of src/app/start/main.tsx). */
function mainChunkOf(bundle: Record<string, { type: string }>): string {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const endsWith = (id: string | null | undefined, end: string) =>
    id?.replaceAll('\\', '/').endsWith(end) ?? false;
  const main =
    chunks.find((c) => endsWith(c.facadeModuleId, '/index.html')) ??
    chunks.find((c) => endsWith(c.facadeModuleId, 'src/app/start/main.tsx'));
  if (!main) throw new Error('sign-in-preload: no chunk starts index.html');
  return main.fileName;
}

/**
 * The links of the two pages of the build (vite.config.ts):
 *
 * - `index.html`, the signed-in app: module preloads of what the sign-in screen and the layout
 *   share, and PRELOADS_PLACEHOLDER where the server writes the groups of the page's address and
 *   language (`app-files.json`, written beside it). Announced in the page, the files download as
 *   soon as it arrives: without them, Vite's loader adds one link per file when the screen is
 *   imported (about 50 for the layout, 0.15 s of the main thread on Lighthouse's slower CPU).
 * - `guest.html`, the guest pages (src/app/guest/): the same list, as JSON, which the guest
 *   entry fetches ahead while the person types (the main file and its imports, the layout, the
 *   next screen, the texts), so that the app opens at once after signing in.
 */
export function signInPreload(): Plugin {
  let outDir = '';
  let files: AppFiles | null = null;
  return {
    name: 'sign-in-preload',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        files ??= appFilesOf(context.bundle, mainChunkOf(context.bundle));
        if (context.filename.endsWith('guest.html'))
          return [
            ...guestStartFiles(context.bundle).map(guestLinkTag),
            {
              tag: 'script',
              attrs: { type: 'application/json', id: GUEST_APP_FILES_ID },
              // `<` escaped: the list can never end the script element.
              children: JSON.stringify(files).replaceAll('<', '\\u003c'),
              injectTo: 'body',
            },
          ];
        return files.page.map(linkTag);
      },
    },
    writeBundle() {
      if (files) writeFileSync(join(outDir, APP_FILES_NAME), JSON.stringify(files));
    },
  };
}
