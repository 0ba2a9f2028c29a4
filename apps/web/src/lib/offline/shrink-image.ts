/**
 * Photos are made smaller in the browser before they are sent or wait in the outbox: a phone's
 * photo (4 MB, 4000 px) becomes a JPEG of at most 1600 px on its longest side, quality 0.8,
 * usually a few hundred KB, which is what a timeline or a receipt needs. Other files (a PDF) and
 * images already smaller than their shrunk copy are left as they are.
 */
export const MAX_SIDE = 1600;
export const QUALITY = 0.8;

const SHRUNK_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
}

/** The photo made smaller, or the file itself when it cannot be or need not be. */
export async function shrinkImage(file: File): Promise<File> {
  if (!SHRUNK_TYPES.has(file.type) || typeof createImageBitmap === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    // The photo's EXIF orientation is applied, so a portrait stays upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not an image the browser can read: the server judges it
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encode(bitmap, width, height);
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^./]*$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** A change's values with every photo in them shrunk. */
export async function shrinkImages(
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value instanceof File) out[field] = await shrinkImage(value);
    else if (Array.isArray(value) && value.some((v) => v instanceof File))
      out[field] = await Promise.all(value.map((v) => (v instanceof File ? shrinkImage(v) : v)));
    else out[field] = value;
  }
  return out;
}
