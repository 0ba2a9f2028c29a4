import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from './storage';

export type MoveProgress = { done: number; copied: number; skipped: number; bytes: number };

async function digest(content: NodeJS.ReadableStream): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of content) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Copies every stored file from `from` to `to`, streamed, and checks each copy by size and
 * SHA-256 against the original (a copy that differs throws). A file already there with the same
 * size and checksum is skipped, so the copy can be run again after an interruption. Nothing is
 * deleted from `from`.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onProgress: (progress: MoveProgress, key: string) => void = () => {},
): Promise<MoveProgress> {
  const progress: MoveProgress = { done: 0, copied: 0, skipped: 0, bytes: 0 };
  for await (const { key, size } of from.list('')) {
    const original = await digest(from.createReadStream(key));
    const there = await to.stat(key);
    let same = false;
    if (there && there.size === size)
      same = (await digest(to.createReadStream(key))).sha256 === original.sha256;
    if (same) progress.skipped += 1;
    else {
      await to.putStream(key, Readable.from(from.createReadStream(key)));
      const copy = await digest(to.createReadStream(key));
      if (copy.size !== original.size || copy.sha256 !== original.sha256)
        throw new Error(
          `The copy of ${key} differs from the original (${copy.size} bytes, sha256 ${copy.sha256}; expected ${original.size}, ${original.sha256}).`,
        );
      progress.copied += 1;
      progress.bytes += size;
    }
    progress.done += 1;
    onProgress(progress, key);
  }
  return progress;
}
