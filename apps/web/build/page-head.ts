import type { Plugin } from 'vite';

/** Where each page's source (index.html, guest.html) takes the head they share. */
export const PAGE_HEAD_MARK = '<!--page-head-->';

/**
 * The head of both pages of the build: the signed-in app's (`index.html`) and the guest pages'
 * (`guest.html`). Kept here once, so that the two cannot drift apart (the icons, the manifest
 * that makes the app installable, the title a screen reader announces). What differs stays in
 * each page: `index.html` has the server's place for its preloads, and each its entry.
 */
export const PAGE_HEAD = `<meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="manifest" href="/manifest.json" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="#4A148C" />
    <meta
      name="description"
      content="The back office of the organisation: staff, members, volunteers, projects, finance and the website."
    />
    <title>Wa3y Back Office</title>`;

/** `html` with the shared head in place of its mark; a page without the mark stops the build. */
export function withPageHead(html: string, page: string): string {
  const parts = html.split(PAGE_HEAD_MARK);
  if (parts.length !== 2)
    throw new Error(`page-head: ${page} must hold ${PAGE_HEAD_MARK} once (build/page-head.ts)`);
  return parts.join(PAGE_HEAD);
}

/** Writes the shared head into each page, before Vite reads the page's links and scripts. */
export function pageHead(): Plugin {
  return {
    name: 'page-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) => withPageHead(html, context.filename),
    },
  };
}
