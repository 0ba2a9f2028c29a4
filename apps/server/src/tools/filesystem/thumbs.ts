import sharp from 'sharp';

/** How a thumb fills its box: crop anchored at the center, top or bottom, or fit inside. */
export type ThumbMode = 'center' | 'top' | 'bottom' | 'fit';

/** A parsed `?thumb=` size; one side may be 0, meaning "keep the aspect ratio". */
export type ThumbSize = { width: number; height: number; mode: ThumbMode };

/** Content types thumbs are made for (§6.1). */
export const THUMBABLE_TYPES: readonly string[] = [
  'image/png',
  'image/jpg',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

/** Largest accepted thumb side, and largest side a keep-aspect resize may produce. */
export const MAX_THUMB_SIDE = 10_000;

/** Decoding refuses images with more pixels than this, so decompression bombs fail fast. */
export const MAX_INPUT_PIXELS = 50_000_000;

const THUMB_SIZE_RE = /^(\d{1,5})x(\d{1,5})([tbf])?$/;
const MODE_BY_SUFFIX: Record<string, ThumbMode> = { t: 'top', b: 'bottom', f: 'fit' };

/**
 * Parses a thumb spec: `WxH` (crop from the center), `WxHt` (from the top), `WxHb` (from the
 * bottom), `WxHf` (fit inside), `0xH` / `Wx0` (resize keeping the aspect ratio; a suffix is
 * then irrelevant). Returns null for `0x0`, sides above 10000 and anything malformed.
 */
export function parseThumbSize(spec: string): ThumbSize | null {
  if (typeof spec !== 'string') return null;
  const match = THUMB_SIZE_RE.exec(spec);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if ((width === 0 && height === 0) || width > MAX_THUMB_SIDE || height > MAX_THUMB_SIDE) {
    return null;
  }
  const mode: ThumbMode = match[3] ? MODE_BY_SUFFIX[match[3]] : 'center';
  return { width, height, mode };
}

/**
 * Makes a thumbnail of a png/jpeg/gif/webp image, in the same format as the input.
 *
 * EXIF orientation is applied first. Crop modes cover the box exactly (upscaling small
 * images, as PocketBase does); `fit` fits inside it and never upscales; a 0 side keeps the
 * aspect ratio. Animated GIF/WebP inputs yield a still thumb of the first frame (PocketBase
 * does the same); GIF output stays GIF. Rejects for other formats, images over
 * {@link MAX_INPUT_PIXELS} pixels, and keep-aspect results with a side over 10000.
 */
export async function makeThumb(input: Buffer, size: ThumbSize): Promise<Buffer> {
  const { width, height, mode } = size;
  if (
    !Number.isSafeInteger(width) ||
    !Number.isSafeInteger(height) ||
    width < 0 ||
    height < 0 ||
    (width === 0 && height === 0) ||
    width > MAX_THUMB_SIDE ||
    height > MAX_THUMB_SIDE
  ) {
    throw new Error(`makeThumb: invalid size ${width}x${height}`);
  }

  const image = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    autoOrient: true,
    animated: false,
  });
  const metadata = await image.metadata();
  const format = metadata.format;
  if (format !== 'png' && format !== 'jpeg' && format !== 'gif' && format !== 'webp') {
    throw new Error(`makeThumb: unsupported image format ${String(format)}`);
  }

  if (width === 0 || height === 0) {
    // A tiny-by-huge input scaled to a big side could ask for billions of pixels.
    const source = metadata.autoOrient;
    const outWidth = width || Math.round((source.width * height) / source.height);
    const outHeight = height || Math.round((source.height * width) / source.width);
    if (outWidth > MAX_THUMB_SIDE || outHeight > MAX_THUMB_SIDE) {
      throw new Error(`makeThumb: ${width}x${height} would produce ${outWidth}x${outHeight}`);
    }
    image.resize({ width: width || undefined, height: height || undefined });
  } else if (mode === 'fit') {
    image.resize({ width, height, fit: 'inside', withoutEnlargement: true });
  } else {
    image.resize({ width, height, fit: 'cover', position: mode === 'center' ? 'centre' : mode });
  }

  switch (format) {
    case 'png':
      return image.png().toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 85 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
  }
}
