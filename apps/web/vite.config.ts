import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineTrims } from './build/mantine-trims.ts';
import { mantineUseId } from './build/mantine-use-id.ts';
import { pageHead } from './build/page-head.ts';
import { precompress } from './build/precompress.ts';
import { prerenderSignIn } from './build/prerender-sign-in.ts';
import { bundleGroups } from './build/bundles.ts';
import { signInPreload } from './build/sign-in-preload.ts';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:8090';

// Every area route is a lazy module (see src/app/start/router.tsx), so each screen is its own chunk.
export default defineConfig({
  // pageHead: the head both pages share, kept once (build/page-head.ts).
  // signInPreload: the links to what a page needs next (build/sign-in-preload.ts).
  // prerenderSignIn: the sign-in form's markup in guest.html (build/prerender-sign-in.ts), which
  // then shows it with its own bytes (build/guest-first-bytes.ts).
  // precompress: brotli and gzip copies of the built text files, served by content negotiation.
  // mantineUseId: Mantine's components keep React's ids (build/mantine-use-id.ts).
  // mantineTrims: two imports inside Mantine that cost every page for nothing
  // (build/mantine-trims.ts).
  plugins: [
    pageHead(),
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
    // Two pages: the signed-in app (index.html, src/app/start/main.tsx) and the guest pages (guest.html,
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
          // The files made beside one per screen, by the folders and modules they hold
          // (build/bundles.ts).
          groups: bundleGroups(),
        },
      },
    },
  },
});
