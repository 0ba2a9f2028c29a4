import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

/**
 * The guest page (`guest.html`) shows the sign-in form with its own bytes. On a slow line each
 * file the page waits for costs a round trip (400 ms on 3G) and shares the line with the
 * others; so the build writes into the page what showing the form needs, and lets the rest
 * follow (bench/README.md, "the form with the page's own bytes"):
 *
 * - the entry's stylesheet, as a style element in the head, with a disabled link naming its
 *   file: the file stays, for the app's own page, and the app started in this page after
 *   signing in does not fetch it again;
 * - the early script (src/app/guest/early/inline.ts: the address, the session check, the form
 *   in the visitor's language and what they do in it before React arrives), right after the
 *   form's templates: the server's policy allows it by its hash, which the build writes beside
 *   the page (GUEST_PAGE_NAME), and no other;
 * - the scripts and preloads, which the browser would otherwise fetch beside the page as soon
 *   as it read the head, at the end of the body: they no longer share the line with the page.
 */

/** The module the build inlines: it calls the guest page's first steps (early/show.ts). */
const INLINE_ENTRY = 'src/app/guest/early/inline.ts';

/** The placeholder of the answer's nonce (vite.config.ts `html.cspNonce`). */
const NONCE = '__CSP_NONCE__';

/** The early script, compiled and minified into one classic script of its own. */
export async function earlyScriptOf(webRoot: string): Promise<string> {
  const result = await build({
    configFile: false,
    root: webRoot,
    logLevel: 'error',
    resolve: { alias: { '@': join(webRoot, 'src') } },
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry: join(webRoot, INLINE_ENTRY), formats: ['iife'], name: 'guestStart' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((output) =>
    'output' in output ? output.output.filter((file) => file.type === 'chunk') : [],
  );
  if (chunks.length !== 1)
    throw new Error(`guest-first-bytes: ${INLINE_ENTRY} built into ${chunks.length} files, not 1`);
  return chunks[0]!.code.trim();
}

/** Vite's tags in the head that fetch a file: the entry, its module preloads, the preloads. */
const FETCHING_TAG =
  /^[ \t]*(<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload)"[^>]*>)[ \t]*\n/gm;
const STYLESHEET_TAG = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const HOLD_END = '</div><div id="root"></div>';

/**
 * `html` (guest.html as Vite and the prerender wrote it) with the entry's stylesheet inline,
 * `script` after the form's templates and every fetching tag at the end of the body. `readAsset`
 * reads a file of the build by its address. Stops the build where the page is not as expected.
 */
export function withFirstBytes(
  html: string,
  script: string,
  readAsset: (href: string) => string,
): string {
  const stylesheets = [...html.matchAll(STYLESHEET_TAG)];
  if (stylesheets.length !== 1)
    throw new Error(`guest-first-bytes: guest.html links ${stylesheets.length} stylesheets, not 1`);
  if (html.split(HOLD_END).length !== 2)
    throw new Error('guest-first-bytes: guest.html has no sign-in form before its root');
  const css = readAsset(stylesheets[0]![1]!);
  // Neither may end its element early.
  if (/<\/style/i.test(css)) throw new Error('guest-first-bytes: the stylesheet holds </style');
  if (/<\/script/i.test(script)) throw new Error('guest-first-bytes: the script holds </script');
  const headEnd = html.indexOf('</head>');
  const head = html.slice(0, headEnd);
  const fetching = [...head.matchAll(FETCHING_TAG)].map((match) => match[1]!);
  return (
    (head.replace(FETCHING_TAG, '') + html.slice(headEnd))
      // The rules in the page, then their file as a disabled link, which the browser does not
      // fetch: the bundler's loader, which looks for a stylesheet's link before it fetches one,
      // and the app started in this page after signing in (app/guest/app-files.ts) then know
      // that the page has it.
      .replace(
        STYLESHEET_TAG,
        (_tag, href: string) =>
          `<style nonce="${NONCE}">${css}</style><link rel="stylesheet" href="${href}" disabled>`,
      )
      .replace(HOLD_END, () => `</div><script>${script}</script><div id="root"></div>`)
      .replace('</body>', () => `${fetching.map((tag) => `    ${tag}\n`).join('')}  </body>`)
  );
}

/**
 * The file beside the built pages that names the guest page's inline script by its hash, for
 * the server's policy (apps/server/src/plugins/web.ts): `{ "scriptHashes": ["sha256-…"] }`.
 */
export const GUEST_PAGE_NAME = 'guest-page.json';

/** A script's source in a Content-Security-Policy: the SHA-256 of its text, as a browser hashes it. */
export function scriptHashOf(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/** The built guest.html in `outDir` with its first bytes (see withFirstBytes), and its script's hash. */
export async function guestFirstBytes(html: string, webRoot: string, outDir: string) {
  const script = await earlyScriptOf(webRoot);
  return {
    html: withFirstBytes(html, script, (href) => readFileSync(join(outDir, href), 'utf8')),
    scriptHashes: [scriptHashOf(script)],
  };
}
