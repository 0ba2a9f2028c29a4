import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
]);

/** Below this size the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every text file of
 * the build, so the server sends them as they are (apps/server/src/plugins/web.ts) instead of
 * compressing on each answer. A variant is kept only when it is smaller than the file.
 */
export function precompressFiles(dir: string): {
  files: number;
  bytes: number;
  br: number;
  gz: number;
} {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      // The server fills a fresh nonce into the pages (index.html, guest.html) per answer, so
      // they are compressed then.
      else if (folder === dir && extname(entry.name) === '.html') continue;
      else if (COMPRESSIBLE.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) {
        const bytes = readFileSync(path);
        const br = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
        totals.files += 1;
        totals.bytes += bytes.length;
        totals.br += Math.min(br.length, bytes.length);
        totals.gz += Math.min(gz.length, bytes.length);
      }
    }
  };
  walk(dir);
  return totals;
}

/** Vite plugin: precompresses the output directory once the build has written it. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const totals = precompressFiles(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info?.(
        `precompressed ${totals.files} files: ${kb(totals.bytes)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
      );
    },
  };
}
