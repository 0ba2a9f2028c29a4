import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineTrims } from './build/mantine-trims.ts';
import { mantineUseId } from './build/mantine-use-id.ts';
import { precompress } from './build/precompress.ts';
import { prerenderSignIn } from './build/prerender-sign-in.ts';
import { signInPreload, START_CHUNK_TEST } from './build/sign-in-preload.ts';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:8090';

// Every area route is a lazy module (see src/app/router.tsx), so each screen is its own chunk.
export default defineConfig({
  // signInPreload: the links to what a page needs next (build/sign-in-preload.ts).
  // prerenderSignIn: the sign-in form's markup in guest.html (build/prerender-sign-in.ts).
  // precompress: brotli and gzip copies of the built text files, served by content negotiation.
  // mantineUseId: Mantine's components keep React's ids (build/mantine-use-id.ts).
  // mantineTrims: two imports inside Mantine that cost every page for nothing
  // (build/mantine-trims.ts).
  plugins: [
    react(),
    mantineUseId(),
    ...mantineTrims(),
    signInPreload(),
    prerenderSignIn(),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      // The API, its files and the realtime SSE stream live under /api.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  // The server fills in a fresh nonce per answer (apps/server/src/plugins/security-headers.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    // Two pages: the signed-in app (index.html, src/main.tsx) and the guest pages (guest.html,
    // src/app/guest/: sign-in, forgotten password, its reset link), made of the same components.
    // The server sends the one that fits the browser (apps/server/src/plugins/web.ts).
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        guest: fileURLToPath(new URL('./guest.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // The bundler splits the code that several screens share into chunks of its own, and
          // left alone made hundreds of them, most under 1 KB (a Mantine component, an icon): the
          // dashboard took 68 files and an employee's page 96. On a slow line each file waits
          // for one of the browser's six connections and a 400 ms round trip. Shared code under
          // 16 KB (before minifying) is instead copied into each chunk that uses it: the
          // dashboard takes 21 files and an employee's page 24, each within 2 KB of its weight
          // before (bench/README.md, "fewer files"). The copies share one state through the
          // bundler's runtime, which needs its strict execution order (each module runs when
          // first called). Styles stay in their own files, as Vite links them from the chunk
          // that holds them.
          experimentalInlineCommonChunks: {
            maxSize: 16 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          // Left to itself, the bundler put the popover positioning code (@floating-ui) in one
          // chunk with React, so every page, the sign-in page too, downloaded it. React gets a
          // chunk of its own (it changes least, so it stays cached longest), and @floating-ui one
          // that only the screens with menus, selects and tooltips load.
          groups: [
            // The guest page's entry and what it imports (the address rules, the early form's
            // hold: a few KB), in one file of its own, so that the form works as soon as it
            // arrives; React, Mantine and the form's code come after (src/app/guest/).
            {
              name: 'guest',
              test: /src[\\/]app[\\/]guest[\\/]main\.ts$/,
              priority: 3,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
            // The main file and what it imports on demand as it starts (START_MODULES in
            // build/sign-in-preload.ts: the area registry, the app, its router), with everything
            // they use that no other group takes (the others have a higher priority), in one
            // file. Imported on demand from the same file, a module runs when asked for, not with
            // the main file: start-up is cut into short tasks without a round trip more.
            { name: 'web', test: START_CHUNK_TEST, priority: 0 },
            // The router and the API client: libraries that change only when upgraded, so a
            // new version of the app's own code leaves them in the browser's cache.
            {
              name: 'libraries',
              test: /node_modules[\\/](react-router|pocketbase)[\\/]/,
              priority: 1,
            },
            // The small hooks that Mantine's inputs, buttons and transitions share, the sign-in
            // page's among them, and the translator, in one file. Left to itself, the bundler
            // spread them over tiny files that moved with each change of which screen uses which
            // component (taking the notifications bell's scroll area out gave the sign-in page one
            // more file; fetching the confirmations on demand split the translator off).
            {
              name: 'mantine-hooks',
              test: /(@mantine[\\/]hooks[\\/]esm[\\/](use-(merged-ref|did-update|reduced-motion|media-query|isomorphic-effect|uncontrolled|mounted|shallow-effect|timeout|window-event|disclosure|force-update)|utils)[\\/]|src[\\/]lib[\\/](mantine-use-id\.ts|i18n[\\/](instance|translator|use-translation)\.ts))/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What every form is built from and the sign-in form uses first: the form's state
            // and its text fields, in one file. Forms fetched on demand (a record's dialog)
            // otherwise split the text fields into a file of their own.
            {
              name: 'form-basics',
              test: /src[\\/]components[\\/]form[\\/](use-form|form-state|text-fields)\.tsx?$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The data layer that comes with the app's layout: the query cache, the record
            // queries and the tables' early request (app/table-ahead.ts) in one file instead of
            // half a dozen small ones, each a round trip on a slow line. Only these modules: what
            // they import stays where it was (the API client is the sign-in page's too). With
            // them, three helpers of a few hundred bytes that nearly every screen imports (who
            // may act, the collections' declarations, the status badge).
            {
              name: 'data',
              test: /(@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]lib[\\/](records|query-client|query-keys)\.ts|data-table[\\/]table-(source|state)\.ts|app[\\/]data-provider\.tsx|components[\\/]resource[\\/](use-can-act|declarations|status-badge)\.tsx?)/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What a list screen needs and a record's screen does not: the data table, its CSV
            // export and filters by choice, the list page and Mantine's pagination with its hook,
            // in one file instead of six (a list on 3G showed its rows 0.25 to 0.3 s sooner with
            // the first four). Not the plain table, the record table or their icons, which views
            // and forms use too: they would pull this file in.
            {
              name: 'table',
              test: /(components[\\/]data-table[\\/](data-table|csv|choice-filter)\.tsx?|components[\\/]resource[\\/]list-page\.tsx|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Pagination[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-pagination[\\/])/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
