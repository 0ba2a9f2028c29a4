import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { GUEST_PAGE_NAME, guestFirstBytes } from './guest-first-bytes.ts';

type Renderer = { renderSignIn: (language: 'en' | 'ar') => Promise<string> };

const NONCE = '__CSP_NONCE__';

/** The HTML escapes React writes into attribute values. */
const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
};

/** `a:b;c:url(x;y)` → `['a:b', 'c:url(x;y)']`: splits on semicolons outside quotes and brackets. */
function declarations(style: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const char of style) {
    if (quote) quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ';' && depth === 0) {
      if (current.trim()) out.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/**
 * The page's Content-Security-Policy refuses `style="…"` attributes in HTML (React sets styles
 * through the DOM at run time, which it allows). Each distinct one becomes a rule of a style tag
 * with the page's nonce, `!important` so that it wins over the style sheets as an attribute would.
 */
class StyleAttributes {
  private readonly ids = new Map<string, number>();

  extract(markup: string): string {
    return markup.replace(/ style="([^"]*)"/g, (_whole, escaped: string) => {
      const style = escaped.replace(/&(?:quot|#x27|amp|lt|gt);/g, (entity) => ENTITIES[entity]);
      let id = this.ids.get(style);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(style, id);
      }
      return ` data-ssr-style="${id}"`;
    });
  }

  styleTag(): string {
    const rules = [...this.ids].map(
      ([style, id]) =>
        `[data-ssr-style="${id}"]{${declarations(style)
          .map((d) => `${d} !important`)
          .join(';')}}`,
    );
    return `<style nonce="${NONCE}">${rules.join('')}</style>`;
  }
}

/** Where the sign-in markup goes: just before the app's own root. */
const ROOT = '<div id="root"></div>';

/**
 * Mantine's theme variables and class styles (about 26 KB, the same in both languages): kept
 * once, beside the templates, instead of once in each.
 */
const SHARED_STYLE = /<style data-mantine-styles="(?:true|classes)"[^>]*>[\s\S]*?<\/style>/g;

/**
 * Renders the sign-in page (src/prerender/sign-in.tsx) into `guest.html`, the guest pages'
 * entry, at build time, in both languages, as templates beside the root. The page's inline
 * script shows the one in the visitor's language (`holdStaticSignIn`, lib/static-sign-in.ts;
 * ./guest-first-bytes.ts), so that on a slow line the form is there with the page instead of
 * after React and the form's code; the React form takes it over, with what was typed.
 */
export function prerenderSignIn(): Plugin {
  let outDir = '';
  let webRoot = '';
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // No page means the build failed before writing it; its own error is the one to show.
      if (!existsSync(join(outDir, 'guest.html'))) return;
      const work = mkdtempSync(join(tmpdir(), 'sign-in-prerender-'));
      try {
        await build({
          configFile: false,
          root: webRoot,
          // Its one warning says that the sign-in route is imported here as well as lazily.
          logLevel: 'error',
          plugins: [react()],
          resolve: { alias: { '@': join(webRoot, 'src') } },
          // One self-contained file: it runs once, here, in Node.
          ssr: { noExternal: true },
          build: { ssr: 'src/prerender/sign-in.tsx', outDir: work, emptyOutDir: true },
        });
        const renderer = (await import(pathToFileURL(join(work, 'sign-in.js')).href)) as Renderer;
        const templates = [];
        const attributes = new StyleAttributes();
        let shared: string[] = [];
        for (const language of ['en', 'ar'] as const) {
          const markup = await renderer.renderSignIn(language);
          shared = markup.match(SHARED_STYLE) ?? [];
          const body = attributes.extract(markup.replace(SHARED_STYLE, ''));
          templates.push(`<template id="sign-in-${language}">${body}</template>`);
        }
        shared.push(attributes.styleTag());
        const pagePath = join(outDir, 'guest.html');
        let html = readFileSync(pagePath, 'utf8');
        if (!html.includes(ROOT)) throw new Error('prerender-sign-in: guest.html has no root');
        // Hidden until the page's inline script shows the one in the visitor's language.
        html = html.replace(
          ROOT,
          `<div id="sign-in-static" hidden>${shared.join('')}${templates.join('')}</div>${ROOT}`,
        );
        const page = await guestFirstBytes(html, webRoot, outDir);
        writeFileSync(pagePath, page.html);
        writeFileSync(
          join(outDir, GUEST_PAGE_NAME),
          JSON.stringify({ scriptHashes: page.scriptHashes }),
        );
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
