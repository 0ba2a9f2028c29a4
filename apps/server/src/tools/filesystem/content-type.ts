import { fileTypeFromBuffer } from 'file-type';

/** Fallback for content we can't identify. */
export const OCTET_STREAM = 'application/octet-stream';
/** What content that looks like UTF-8 text is served as. */
export const TEXT_PLAIN = 'text/plain; charset=utf-8';

// Types decided by extension alone, as PocketBase does, because sniffing gets them wrong
// (svg/css/js look like text, OOXML looks like a zip).
const FORCED_BY_EXTENSION = new Map<string, string>(
  Object.entries({
    '.svg': 'image/svg+xml',
    '.css': 'text/css',
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  }),
);

// PocketBase's inline list plus a few common audio/video types; everything else is served as
// an attachment so a browser never renders it in our origin.
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpg',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/bmp',
  'video/webm',
  'video/mp4',
  'video/ogg',
  'video/3gpp',
  'video/quicktime',
  'video/x-ms-wmv',
  'audio/basic',
  'audio/aiff',
  'audio/mpeg',
  'audio/midi',
  'audio/mp3',
  'audio/mp4',
  'audio/ogg',
  'audio/opus',
  'audio/flac',
  'audio/webm',
  'audio/wave',
  'audio/wav',
  'audio/x-wav',
  'audio/x-mpeg',
  'audio/x-m4a',
  'audio/aac',
  'application/pdf',
  'application/x-pdf',
]);

// A Map, not an object literal, so `constructor` or `__proto__` can't hit prototype members.
const EXTENSION_BY_TYPE = new Map<string, string>(
  Object.entries({
    'image/png': '.png',
    'image/jpg': '.jpg',
    'image/jpeg': '.jpg',
    'image/gif': '.gif',
    'image/webp': '.webp',
    'image/avif': '.avif',
    'image/heic': '.heic',
    'image/svg+xml': '.svg',
    'image/x-icon': '.ico',
    'image/vnd.microsoft.icon': '.ico',
    'image/bmp': '.bmp',
    'image/tiff': '.tiff',
    'video/mp4': '.mp4',
    'video/webm': '.webm',
    'video/ogg': '.ogv',
    'video/quicktime': '.mov',
    'video/3gpp': '.3gp',
    'video/x-msvideo': '.avi',
    'video/x-matroska': '.mkv',
    'audio/mpeg': '.mp3',
    'audio/mp3': '.mp3',
    'audio/mp4': '.m4a',
    'audio/x-m4a': '.m4a',
    'audio/aac': '.aac',
    'audio/ogg': '.ogg',
    'audio/opus': '.opus',
    'audio/flac': '.flac',
    'audio/wav': '.wav',
    'audio/wave': '.wav',
    'audio/x-wav': '.wav',
    'audio/webm': '.weba',
    'application/pdf': '.pdf',
    'application/zip': '.zip',
    'application/gzip': '.gz',
    'application/x-tar': '.tar',
    'application/x-7z-compressed': '.7z',
    'application/json': '.json',
    'application/xml': '.xml',
    'text/xml': '.xml',
    'application/rtf': '.rtf',
    'application/msword': '.doc',
    'application/vnd.ms-excel': '.xls',
    'application/vnd.ms-powerpoint': '.ppt',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
    'application/vnd.oasis.opendocument.text': '.odt',
    'application/vnd.oasis.opendocument.spreadsheet': '.ods',
    'text/plain': '.txt',
    'text/csv': '.csv',
    'text/html': '.html',
    'text/css': '.css',
    'text/javascript': '.js',
    'text/markdown': '.md',
  }),
);

/** How many leading bytes are inspected to decide whether content is text. */
const TEXT_SNIFF_BYTES = 4096;

/** The media type without parameters, lower-cased: `Text/Plain; charset=x` ⇒ `text/plain`. */
function essence(contentType: string): string {
  return contentType.split(';', 1)[0].trim().toLowerCase();
}

/** Lower-cased last extension of a file name with its dot, or ''. */
function lastExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot).toLowerCase();
}

/**
 * Whether the leading bytes look like UTF-8 text: valid UTF-8 (a sequence cut at the end of
 * the sample is fine), no NUL, and control characters other than tab/CR/LF/FF/ESC rare.
 */
function looksLikeText(buffer: Buffer): boolean {
  const sample = buffer.subarray(0, TEXT_SNIFF_BYTES);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (
      byte < 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0x0c &&
      byte !== 0x1b
    ) {
      controls++;
    }
  }
  if (controls > sample.length / 100) return false;
  // Drop an incomplete trailing sequence (at most 3 bytes) before validating.
  let end = sample.length;
  for (let back = 1; back <= Math.min(3, sample.length); back++) {
    const byte = sample[sample.length - back];
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < needed) end = sample.length - back;
    }
    break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type a stored file is served with (§6.1). By extension first for `.svg`,
 * `.css`, `.js`/`.mjs` and `.xlsx`/`.docx`/`.pptx`; then by magic bytes (file-type); then
 * `text/plain; charset=utf-8` for content that looks like UTF-8 text (empty content
 * included); otherwise `application/octet-stream`. Never rejects.
 */
export async function detectContentType(buffer: Buffer, fileName: string): Promise<string> {
  const forced = FORCED_BY_EXTENSION.get(
    lastExtension(typeof fileName === 'string' ? fileName : ''),
  );
  if (forced) return forced;
  try {
    const sniffed = await fileTypeFromBuffer(buffer);
    if (sniffed) return sniffed.mime;
  } catch {
    // A parser choking on a malformed file just means we fall back to the checks below.
  }
  return looksLikeText(buffer) ? TEXT_PLAIN : OCTET_STREAM;
}

/**
 * Whether a file of this type may be shown inline (`Content-Disposition: inline`): common
 * images, audio, video and PDF. Parameters and case are ignored.
 */
export function isInlineContentType(contentType: string): boolean {
  return typeof contentType === 'string' && INLINE_TYPES.has(essence(contentType));
}

/**
 * The usual file extension, with its leading dot, for a content type (`image/jpeg` ⇒ `.jpg`),
 * or '' when unknown. Parameters and case are ignored.
 */
export function extensionForContentType(contentType: string): string {
  if (typeof contentType !== 'string') return '';
  return EXTENSION_BY_TYPE.get(essence(contentType)) ?? '';
}
