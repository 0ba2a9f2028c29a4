/** `npm run storage:move`'s copy: disk to bucket and back, checked, and again without copying. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyStorage } from '../../../src/tools/filesystem/move';
import { createS3Storage } from '../../../src/tools/filesystem/s3-storage';
import { createLocalStorage, type FileStorage } from '../../../src/tools/filesystem/storage';
import { startS3Server, type S3Server } from '../../helpers/s3-server';

let s3: S3Server;
let root: string;
let bucket: FileStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-move-'));
  s3 = await startS3Server();
  await s3.createBucket('move');
  bucket = createS3Storage(s3.settings('move'));
});
afterAll(async () => {
  bucket?.close?.();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

it('copies every file to the bucket and back, and skips what is already there', async () => {
  const disk = createLocalStorage(path.join(root, 'a'));
  await disk.put('c1/r1/a.txt', Buffer.from('alpha'));
  await disk.put('c1/r1/thumbs_a.png/100x100_a.png', Buffer.from('thumb'));
  await disk.put('c2/r9/b.bin', Buffer.alloc(3 * 1024 * 1024, 3));
  const seen: number[] = [];
  expect(await copyStorage(disk, bucket, (p) => seen.push(p.done))).toEqual({
    done: 3,
    copied: 3,
    skipped: 0,
    bytes: 5 + 5 + 3 * 1024 * 1024,
  });
  expect(seen).toEqual([1, 2, 3]);
  // Run again (after an interruption): nothing to copy.
  expect(await copyStorage(disk, bucket)).toMatchObject({ done: 3, copied: 0, skipped: 3 });
  // A copy that was changed since is copied again.
  await bucket.put('c1/r1/a.txt', Buffer.from('alphx'));
  expect(await copyStorage(disk, bucket)).toMatchObject({ copied: 1, skipped: 2 });

  const back = createLocalStorage(path.join(root, 'b'));
  expect(await copyStorage(bucket, back)).toMatchObject({ done: 3, copied: 3 });
  expect((await back.get('c1/r1/a.txt'))?.toString()).toBe('alpha');
  expect((await back.get('c2/r9/b.bin'))?.equals(Buffer.alloc(3 * 1024 * 1024, 3))).toBe(true);
});
