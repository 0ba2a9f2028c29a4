import { createReadStream as fsCreateReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomString, ALPHABET_LOWER_ALNUM } from '../security/random';

/** Byte range for reads; both ends inclusive, like an HTTP `Range` header. */
export type ByteRange = { start: number; end: number };

/** Key/value blob storage; keys look like `<collectionId>/<recordId>/<filename>`. */
export type FileStorage = {
  /** Writes `data` under `key`, replacing any previous value atomically. */
  put(key: string, data: Buffer): Promise<void>;
  /** Like `put`, from a stream (a large file is never held whole); nothing is stored if it fails. */
  putStream(key: string, content: Readable): Promise<void>;
  /** The stored bytes, or null if there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Size and modification time, or null if there is no such key. */
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  /** A stream of the value (or of `range` of it); a missing key surfaces as a stream error. */
  createReadStream(key: string, range?: ByteRange): NodeJS.ReadableStream;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every key that starts with `prefix` (string prefix, as in object stores). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored key under the folder `prefix` (`''` for all), with its size, in no set order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Lets go of what the storage holds open (a bucket's connections); the disk's has nothing. */
  close?(): void;
};

const SEGMENT_RE = /^[A-Za-z0-9_.-]+$/;
const TEMP_SUFFIX = '.tmp';

/**
 * Splits and validates a key: `/`-separated segments of `[A-Za-z0-9_.-]`, none of them empty,
 * `.` or `..`, so no absolute paths, backslashes, NUL or traversal. Throws otherwise.
 */
export function keySegments(key: string, what = 'key'): string[] {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) {
    throw new Error(`storage: invalid ${what}`);
  }
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT_RE.test(segment) || segment === '.' || segment === '..') {
      throw new Error(`storage: invalid ${what} ${JSON.stringify(key)}`);
    }
  }
  return segments;
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

function isNotFound(error: unknown): boolean {
  return isErrnoException(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/**
 * File storage on the local disk under `rootDir` (created on first write).
 *
 * Every key is validated (see {@link FileStorage}) and its resolved path must stay inside
 * `rootDir`; a bad key throws an Error (synchronously for `createReadStream`). Writes go to a
 * temporary sibling file that is renamed into place, so readers never see half-written files.
 * Symlinks placed inside `rootDir` by someone else are not defended against.
 */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  function resolveSegments(segments: string[], original: string): string {
    const resolved = path.resolve(root, ...segments);
    // Belt and braces: the segment check already rules out escapes.
    if (!resolved.startsWith(root + path.sep)) {
      throw new Error(`storage: key ${JSON.stringify(original)} escapes the storage root`);
    }
    return resolved;
  }

  function resolveKey(key: string): string {
    return resolveSegments(keySegments(key), key);
  }

  return {
    async put(key, data) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomString(12, ALPHABET_LOWER_ALNUM)}${TEMP_SUFFIX}`;
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async putStream(key, content) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomString(12, ALPHABET_LOWER_ALNUM)}${TEMP_SUFFIX}`;
      try {
        await pipeline(content, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const target = resolveKey(key);
      try {
        return await readFile(target);
      } catch (error) {
        if (isNotFound(error) || (isErrnoException(error) && error.code === 'EISDIR')) return null;
        throw error;
      }
    },

    async stat(key) {
      const target = resolveKey(key);
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        return { size: info.size, mtime: info.mtime };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    createReadStream(key, range) {
      const target = resolveKey(key);
      if (range === undefined) return fsCreateReadStream(target);
      const { start, end } = range;
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
        throw new Error(`storage: invalid range ${start}-${end}`);
      }
      return fsCreateReadStream(target, { start, end });
    },

    async delete(key) {
      const target = resolveKey(key);
      try {
        const info = await stat(target);
        // A key names a file; removing a directory is deletePrefix's job.
        if (!info.isFile()) return;
        await rm(target, { force: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    },

    async deletePrefix(prefix) {
      // `a/b/` means the folder a/b; `a/b` also matches siblings such as `a/bc`, like S3.
      const isFolder = typeof prefix === 'string' && prefix.endsWith('/');
      const trimmed = isFolder ? prefix.slice(0, -1) : prefix;
      const segments = keySegments(trimmed, 'prefix');
      const resolved = resolveSegments(segments, prefix);
      if (isFolder) {
        await rm(resolved, { recursive: true, force: true });
        return;
      }
      const dir = path.dirname(resolved);
      const namePrefix = path.basename(resolved);
      let entries: string[];
      try {
        entries = await readdir(dir);
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      await Promise.all(
        entries
          .filter((entry) => entry.startsWith(namePrefix))
          .map((entry) => rm(path.join(dir, entry), { recursive: true, force: true })),
      );
    },

    async *list(prefix) {
      const start =
        prefix === ''
          ? root
          : resolveSegments(keySegments(prefix.replace(/\/$/, ''), 'prefix'), prefix);
      const walk = async function* (dir: string): AsyncGenerator<{ key: string; size: number }> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isNotFound(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          // Half-written uploads (`*.tmp`) are not stored files yet.
          else if (entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX)) {
            const info = await stat(full).catch(() => null);
            if (info)
              yield { key: path.relative(root, full).split(path.sep).join('/'), size: info.size };
          }
        }
      };
      yield* walk(start);
    },
  };
}
