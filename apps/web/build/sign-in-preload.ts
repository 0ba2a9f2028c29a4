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
 * What the main file imports on demand as it starts (src/main.tsx), so that their modules run in
 * tasks of their own: the area registry, the app and its router. They belong in the main file's
 * chunk (the `web` group in vite.config.ts, whose test is START_CHUNK_TEST): from there each runs
 * when first asked for, with no request more. In chunks of their own they would cost every page
 * a round trip, and the code they share with the screens would be copied into the screens' files
 * (about 10 KB, gzip, on 2026-11-27), so the build stops instead (signInPreload).
 */
export const START_MODULES = [
  'src/app/start-texts.ts',
  'src/app/areas/index.ts',
  'src/app/areas/auth/index.ts',
  'src/app/app.tsx',
  'src/app/router.tsx',
];

/** A module's path as a pattern that matches it at the end of an id, with either separator. */
const pathPattern = (path: string) =>
  path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]');

/** The main file and START_MODULES: the test of the bundler's group that keeps them together. */
export const START_CHUNK_TEST = new RegExp(
  `(${['src/main.tsx', ...START_MODULES].map(pathPattern).join('|')})$`,
);

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
  ar: ['src/app/areas/texts-ar.ts', 'src/app/areas/auth/ar.ts', 'src/lib/i18n/ar.ts'],
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

const moduleLink = (file: string): HtmlTagDescriptor => ({
  tag: 'link',
  attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
  injectTo: 'head',
});

/**
 * Adds `<link rel="modulepreload">` for the sign-in page's chunks and the chunks they import
 * (those the main file imports already have theirs), so they download in parallel with the main
 * file. Those the app's layout needs too are in the page for everyone; the sign-in page's own
 * (its form, its language switch: about 8 KB) are in a template that only a guest's page opens.
 *
 * It also writes, in inert `<template data-preload="address">` elements, the same links for what
 * a signed-in visit needs next (LAYOUT_MODULE, SCREENS_BY_PATH). For a browser with a session
 * the server opens the template of every page (`*`) and the one of the page's own address, and
 * drops the others; for a guest it opens only the sign-in page's (apps/server/src/plugins/web.ts).
 * Announced in the page, the files download as soon as it arrives. Without them, Vite's loader
 * adds one link per file when the screen is imported: about 50 elements for the layout, which
 * took 0.15 s of the page's main thread on Lighthouse's slower CPU. The loader skips the files
 * that already have a link. A screen's template leaves out what the layout's announces, as the
 * page opens both.
 */
export function signInPreload(): Plugin {
  return {
    name: 'sign-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle || !context.chunk) return [];
        const chunks = Object.values(bundle).filter(
          (c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk',
        );
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // What every page runs first: the main file and its imports (Vite links those).
        const startFiles = new Set<string>([context.chunk.fileName]);
        const addImports = (file: string, into: Set<string>) => {
          for (const imported of byFile.get(file)?.imports ?? []) {
            if (into.has(imported)) continue;
            into.add(imported);
            addImports(imported, into);
          }
        };
        addImports(context.chunk.fileName, startFiles);
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

        const apart = START_MODULES.filter(
          (module) => !startFiles.has(chunkOf(chunks, module).fileName),
        );
        if (apart.length > 0)
          throw new Error(
            `sign-in-preload: ${apart.join(', ')} left the main file's chunks; main.tsx imports ` +
              'them on demand as it starts, and they belong with it (the web group in ' +
              'vite.config.ts, START_CHUNK_TEST).',
          );
        const wanted = filesOf(SIGN_IN_MODULES);
        const signInFiles = [...wanted].filter((file) => !startFiles.has(file)).sort();
        const scriptCount = startFiles.size + signInFiles.length;
        if (scriptCount > SIGN_IN_SCRIPT_BUDGET)
          throw new Error(
            `sign-in-preload: the sign-in page now needs ${scriptCount} script files, more than its ` +
              `budget of ${SIGN_IN_SCRIPT_BUDGET}: on a slow line each costs a round trip. Look for ` +
              'what split the shared chunks (vite.config.ts groups) before raising the budget.',
          );
        const layoutFiles = filesOf([LAYOUT_MODULE]);
        // In the page for everyone: what the sign-in page and the layout share. The rest only
        // for a guest, in a template of its own (a signed-in page would never use it).
        const forEveryone = signInFiles.filter((file) => layoutFiles.has(file));
        const forGuests = signInFiles.filter((file) => !layoutFiles.has(file));
        const announced = new Set([...startFiles, ...forEveryone]);
        const stylesOf = (files: Set<string>) =>
          new Set(
            [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
          );
        /** The links to `files` and their styles, less those already announced elsewhere. */
        const template = (
          path: string,
          files: Set<string>,
          skip: { scripts: Set<string>; styles: Set<string> },
        ): HtmlTagDescriptor => ({
          tag: 'template',
          attrs: { 'data-preload': path },
          children: [
            ...[...files]
              .filter((file) => !skip.scripts.has(file))
              .sort()
              .map(moduleLink),
            ...[...stylesOf(files)]
              .filter((file) => !skip.styles.has(file))
              .sort()
              .map((file): HtmlTagDescriptor => ({
                tag: 'link',
                attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
              })),
          ],
          injectTo: 'head',
        });
        // The server opens a screen's template with the layout's: it leaves out what that has.
        const withLayout = {
          scripts: new Set([...announced, ...layoutFiles]),
          styles: stylesOf(layoutFiles),
        };
        const templates = [
          {
            tag: 'template',
            attrs: { 'data-preload': GUEST_TEMPLATE },
            children: forGuests.map(moduleLink),
            injectTo: 'head',
          } satisfies HtmlTagDescriptor,
          template(LAYOUT_TEMPLATE, layoutFiles, { scripts: announced, styles: new Set() }),
          ...SCREENS_BY_PATH.map(({ path, modules }) =>
            template(path, filesOf(modules), withLayout),
          ),
          ...(['en', 'ar'] as const).map((language) =>
            template(
              `${TEXTS_TEMPLATE_PREFIX}${language}`,
              filesOf(TEXTS_MODULES[language]),
              withLayout,
            ),
          ),
        ];
        return [...forEveryone.map(moduleLink), ...templates];
      },
    },
  };
}
