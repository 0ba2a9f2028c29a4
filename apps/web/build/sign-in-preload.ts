import type { HtmlTagDescriptor, Plugin } from 'vite';

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

type Chunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };

/**
 * Adds `<link rel="modulepreload">` for the sign-in page's chunks and the chunks they import
 * (those the main file imports already have theirs), so they download in parallel with the main
 * file. A signed-in first visit fetches them too: they are small, and the app's layout needs most
 * of them.
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
        const preloadedByEntry = new Set<string>([context.chunk.fileName]);
        const addImports = (file: string, into: Set<string>) => {
          for (const imported of byFile.get(file)?.imports ?? []) {
            if (into.has(imported)) continue;
            into.add(imported);
            addImports(imported, into);
          }
        };
        addImports(context.chunk.fileName, preloadedByEntry);

        const wanted = new Set<string>();
        for (const module of SIGN_IN_MODULES) {
          const chunk = chunks.find((c) =>
            c.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          );
          // A renamed module must not silently drop the hint.
          if (!chunk) throw new Error(`sign-in-preload: no chunk for ${module}`);
          wanted.add(chunk.fileName);
          addImports(chunk.fileName, wanted);
        }
        return [...wanted]
          .filter((file) => !preloadedByEntry.has(file))
          .sort()
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
