import { randomString, ALPHABET_LOWER_ALNUM } from '../security/random';

/** How many trailing bytes of the original name are considered. */
const MAX_ORIGINAL_BYTES = 300;
/** Longest kept extension, not counting its leading dot. */
const MAX_EXT_CHARS = 20;
const MIN_BASE_CHARS = 3;
const MAX_BASE_CHARS = 100;
const RANDOM_PART_CHARS = 10;
/** Upper bound for names accepted by {@link isSafeStoredName}. */
const MAX_STORED_NAME_CHARS = 255;

// PocketBase allows `\w.*-+=#` in extensions; we keep only characters that are also valid in a
// storage key segment and need no escaping in a URL path.
const EXT_INVALID_CHARS_RE = /[^a-z0-9_.-]+/g;
// Go's `\W` is ASCII-only, and so is JS's without the `u` flag: non-ASCII letters split words.
const SNAKE_SPLIT_RE = /[\W_]+/;
const SAFE_STORED_NAME_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Returns the last `maxBytes` UTF-8 bytes of `value`; a split character decodes to U+FFFD. */
function lastBytes(value: string, maxBytes: number): string {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= maxBytes) return value;
  return bytes.subarray(bytes.length - maxBytes).toString('utf8');
}

/**
 * The extension with its leading dot, including a second one (`.tar.gz`), like PocketBase's
 * extractExtension: `a.txt` ⇒ `.txt`, `a.tar.gz` ⇒ `.tar.gz`, `a.b.tar.gz` ⇒ `.tar.gz`.
 */
function extractExtension(name: string): string {
  const primary = name.lastIndexOf('.');
  if (primary === -1) return '';
  // Guard primary === 0: lastIndexOf treats a negative start as 0 and would find it again.
  const secondary = primary > 0 ? name.lastIndexOf('.', primary - 1) : -1;
  return name.slice(secondary >= 0 ? secondary : primary);
}

/** Lower-cases an extension, strips invalid characters, collapses dots; '' if none is left. */
function cleanExtension(ext: string): string {
  const cleaned = ext
    .toLowerCase()
    .replace(EXT_INVALID_CHARS_RE, '')
    .replace(/\.{2,}/g, '.');
  const body = cleaned.replace(/^\.+/, '').replace(/\.+$/, '');
  if (body === '') return '';
  // Keep the tail, like PocketBase: the last part is the one that identifies the type.
  const tail = body.length > MAX_EXT_CHARS ? body.slice(body.length - MAX_EXT_CHARS) : body;
  return `.${tail.replace(/^\.+/, '')}`;
}

function isUpper(char: string): boolean {
  return char >= 'A' && char <= 'Z';
}

/**
 * PocketBase's inflector.Snakecase: split on runs of non-word characters and `_`, insert `_`
 * at lower→upper camel-case boundaries (`myPhotoID` ⇒ `my_photo_id`), lower-case. The result
 * only contains `[a-z0-9_]`, with no leading, trailing or doubled `_`.
 */
function snakeCase(value: string): string {
  const words = value.split(SNAKE_SPLIT_RE).filter((word) => word !== '');
  return words
    .map((word) => {
      let out = '';
      for (let i = 0; i < word.length; i++) {
        if (i > 0 && isUpper(word[i]) && !isUpper(word[i - 1])) out += '_';
        out += word[i];
      }
      return out;
    })
    .join('_')
    .toLowerCase();
}

/**
 * Builds the stored name of an uploaded file the way PocketBase does (§4.3):
 * `{snake_case base}_{10 random [a-z0-9]}{.ext}`, e.g. `My Photo.PNG` ⇒ `my_photo_52iwbgds7l.png`.
 *
 * Only the last 300 bytes of `original` count. The extension may be double (`.tar.gz`), is
 * lower-cased, keeps only `[a-z0-9_.-]` and at most 20 characters; when the name has none,
 * `detectedExt` (e.g. from {@link extensionForContentType}, with or without the dot) is used.
 * A base shorter than 3 characters gets 10 extra random characters, a longer one than 100 is cut.
 *
 * Differences from PocketBase, on purpose: the extension is lower-cased, `*+=#` are dropped
 * from it and repeated dots collapsed, so every result passes {@link isSafeStoredName}.
 */
export function normalizeFileName(original: string, detectedExt?: string): string {
  const name = lastBytes(typeof original === 'string' ? original : '', MAX_ORIGINAL_BYTES);

  const originalExt = extractExtension(name);
  let ext = cleanExtension(originalExt);
  if (ext === '' && detectedExt) ext = cleanExtension(`.${detectedExt.replace(/^\.+/, '')}`);

  let base = snakeCase(name.slice(0, name.length - originalExt.length));
  if (base.length < MIN_BASE_CHARS) {
    base += randomString(RANDOM_PART_CHARS, ALPHABET_LOWER_ALNUM);
  } else if (base.length > MAX_BASE_CHARS) {
    // Cut, then drop a `_` left dangling at the cut so the name has no `__`.
    base = base.slice(0, MAX_BASE_CHARS).replace(/_+$/, '');
  }

  return `${base}_${randomString(RANDOM_PART_CHARS, ALPHABET_LOWER_ALNUM)}${ext}`;
}

/**
 * Whether `name` is acceptable as a stored file name coming from a URL or a request body:
 * one path segment of `[A-Za-z0-9_.-]` (not starting with `.`, `-`), no `..`, at most 255
 * characters. Everything {@link normalizeFileName} produces passes.
 */
export function isSafeStoredName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= MAX_STORED_NAME_CHARS &&
    SAFE_STORED_NAME_RE.test(name) &&
    !name.includes('..')
  );
}
