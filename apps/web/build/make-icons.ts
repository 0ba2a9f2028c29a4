/**
 * Draws the installed app's icons (public/icons/*.png, named in public/manifest*.json) from the
 * same mark as the favicon: the W on the brand's purple. Run after changing the mark:
 * `npx tsx apps/web/build/make-icons.ts`; the PNGs are committed, so the build does not need it.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const PURPLE = '#4A148C';
const MARK =
  '<path d="M14 20l7 24 6-16 5 16 6-16 5 16 7-24" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>';

/** Rounded tile with the mark filling it (an icon the system shows as it is). */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${PURPLE}"/>${MARK}</svg>`;
/**
 * Full-bleed square with the mark in the middle 60 %: a "maskable" icon, which the system cuts
 * to its own shape (a circle, a squircle) without cutting into the mark.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${PURPLE}"/><g transform="translate(12.8 12.8) scale(0.6)">${MARK}</g></svg>`;

mkdirSync(OUT, { recursive: true });
const render = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${OUT}${name}`);

await Promise.all([
  render(tile, 192, 'icon-192.png'),
  render(tile, 512, 'icon-512.png'),
  render(maskable, 512, 'maskable-512.png'),
  render(tile, 180, 'apple-touch-icon.png'),
]);
console.log(`icons written to ${OUT}`);
