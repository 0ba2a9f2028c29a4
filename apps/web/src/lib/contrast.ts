/**
 * WCAG 2 contrast arithmetic on `#rrggbb` colours, used by the theme to pick text colours that
 * stay readable on the surfaces they sit on (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance of 0..255 channels, 0 (black) to 1 (white). */
function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  return luminanceOf(parseHex(hex));
}

/** The channels of `rgb` moved `amount` (0..1) of the way towards black, as whole numbers. */
function darkened(rgb: Rgb, amount: number): Rgb {
  return rgb.map((c) => Math.round(c * (1 - amount))) as Rgb;
}

/** Contrast ratio between two relative luminances. */
function ratioOf(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(luminance(a), luminance(b));
}

/** `hex` moved `amount` (0..1) of the way towards black. */
export function darken(hex: string, amount: number): string {
  return toHex(darkened(parseHex(hex), amount));
}

/**
 * `hex` itself when it already reaches `ratio` against every one of `surfaces`, else the
 * lightest darker shade of it that does (steps of 2 %), so hues keep their character.
 */
export function readableOn(hex: string, surfaces: readonly string[], ratio = 4.5): string {
  // The theme calls this some sixty times as the app starts: the colours are parsed once, and
  // each shade's luminance is worked out once.
  const surfaceLuminances = surfaces.map(luminance);
  const rgb = parseHex(hex);
  for (let step = 0; step <= 50; step++) {
    const candidate = darkened(rgb, step / 50);
    const own = luminanceOf(candidate);
    if (surfaceLuminances.every((surface) => ratioOf(own, surface) >= ratio))
      return toHex(candidate);
  }
  return '#000000';
}
