/**
 * What every file storage does alike, on the disk and in an S3 bucket (s3rver): the same keys,
 * bytes, ranges, listings and deletions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../../src/tools/filesystem/s3-storage';
import { createLocalStorage, type FileStorage } from '../../../src/tools/filesystem/storage';
import { startS3Server, type S3Server } from '../../helpers/s3-server';

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function listed(storage: FileStorage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const { key, size } of storage.list(prefix)) out.push(`${key}:${size}`);
  return out.sort();
}

let s3: S3Server;
let root: string;
const storages: Record<string, FileStorage> = {};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
  s3 = await startS3Server();
  await s3.createBucket('contract');
  storages.disk = createLocalStorage(root);
  storages.s3 = createS3Storage(s3.settings('contract'));
});
afterAll(async () => {
  storages.s3?.close?.();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('%s', (kind) => {
  const storage = () => storages[kind];

  it('stores bytes and streams, reads them whole or by range, and says their size', async () => {
    await storage().put('c1/r1/a.txt', Buffer.from('hello world'));
    // Larger than one multipart part, so a bucket receives it in several.
    const big = Buffer.alloc(9 * 1024 * 1024 + 7, 7);
    big.write('start', 0);
    await storage().putStream(
      'c1/r1/big.bin',
      Readable.from([big.subarray(0, 5e6), big.subarray(5e6)]),
    );
    expect((await storage().get('c1/r1/a.txt'))?.toString()).toBe('hello world');
    expect((await storage().stat('c1/r1/big.bin'))?.size).toBe(big.length);
    expect((await readStream(storage().createReadStream('c1/r1/big.bin'))).equals(big)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [2, 4],
      [6, 10],
    ])
      expect(
        (await readStream(storage().createReadStream('c1/r1/a.txt', { start, end }))).toString(),
      ).toBe('hello world'.slice(start, end + 1));
  });

  it('answers null for a missing key, and a stream error when reading one', async () => {
    expect(await storage().get('c1/r1/none.txt')).toBeNull();
    expect(await storage().stat('c1/r1/none.txt')).toBeNull();
    await expect(readStream(storage().createReadStream('c1/r1/none.txt'))).rejects.toThrow();
  });

  it('lists a folder and deletes a key or a prefix', async () => {
    await storage().put('c2/r1/x.txt', Buffer.from('x'));
    await storage().put('c2/r1/thumbs_x.txt/10x10_x.txt', Buffer.from('tt'));
    await storage().put('c2/r2/y.txt', Buffer.from('yy'));
    await storage().put('c2/r22/z.txt', Buffer.from('zzz'));
    expect(await listed(storage(), 'c2/')).toEqual([
      'c2/r1/thumbs_x.txt/10x10_x.txt:2',
      'c2/r1/x.txt:1',
      'c2/r2/y.txt:2',
      'c2/r22/z.txt:3',
    ]);
    await storage().deletePrefix('c2/r1/thumbs_x.txt/');
    await storage().delete('c2/r1/x.txt');
    await storage().delete('c2/r1/never.txt');
    expect(await listed(storage(), 'c2/r1/')).toEqual([]);
    // A prefix without a slash takes siblings that start alike, as in object stores.
    await storage().deletePrefix('c2/r2');
    expect(await listed(storage(), 'c2/')).toEqual([]);
  });

  it('refuses keys that leave their folder', async () => {
    await expect(storage().put('../x', Buffer.from('x'))).rejects.toThrow(/invalid key/);
    expect(() => storage().createReadStream('a/../../b')).toThrow(/invalid key/);
  });
});
