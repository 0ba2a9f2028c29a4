import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type FileStorage } from '../../../src/tools/filesystem/storage';

let root: string;
let storage: FileStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = createLocalStorage(path.join(root, 'data'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const badKeys = [
  '',
  '/etc/passwd',
  '../outside.txt',
  'a/../../outside.txt',
  'a/../b.txt',
  './a.txt',
  'a/./b.txt',
  'a//b.txt',
  'a/',
  '/',
  '..',
  '.',
  'a\\..\\..\\b',
  'C:\\Windows\\win.ini',
  'a/b\u0000.txt',
  'a b.txt',
  'a/%2e%2e/b',
  'ünïcode.txt',
  'x'.repeat(2000),
];

describe('createLocalStorage', () => {
  it('puts, gets, stats and deletes', async () => {
    const data = Buffer.from('hello world');
    await storage.put('col1/rec1/file_abc.txt', data);
    expect(await storage.get('col1/rec1/file_abc.txt')).toEqual(data);
    const info = await storage.stat('col1/rec1/file_abc.txt');
    expect(info?.size).toBe(data.length);
    expect(info?.mtime).toBeInstanceOf(Date);
    await storage.delete('col1/rec1/file_abc.txt');
    expect(await storage.get('col1/rec1/file_abc.txt')).toBeNull();
    expect(await storage.stat('col1/rec1/file_abc.txt')).toBeNull();
  });

  it('stores under rootDir', async () => {
    await storage.put('c/r/f.txt', Buffer.from('x'));
    expect(await readdir(path.join(root, 'data', 'c', 'r'))).toEqual(['f.txt']);
  });

  it('returns null for missing keys and directories', async () => {
    expect(await storage.get('nope/nothing.txt')).toBeNull();
    expect(await storage.stat('nope/nothing.txt')).toBeNull();
    await storage.put('dir/sub/f.txt', Buffer.from('x'));
    expect(await storage.get('dir/sub')).toBeNull();
    expect(await storage.stat('dir/sub')).toBeNull();
    // A path "through" a file.
    expect(await storage.get('dir/sub/f.txt/more')).toBeNull();
  });

  it('deleting a missing key or a directory is a no-op', async () => {
    await storage.delete('nope/nothing.txt');
    await storage.put('dir/f.txt', Buffer.from('x'));
    await storage.delete('dir');
    expect(await storage.get('dir/f.txt')).not.toBeNull();
  });

  it('overwrites atomically and leaves no temp files', async () => {
    await storage.put('c/r/f.bin', Buffer.alloc(1000, 1));
    await Promise.all(
      Array.from({ length: 10 }, (_unused, i) => storage.put('c/r/f.bin', Buffer.alloc(1000, i))),
    );
    const value = await storage.get('c/r/f.bin');
    expect(value).toHaveLength(1000);
    // Every byte is the same: no interleaved writes.
    expect(new Set(value)).toHaveProperty('size', 1);
    expect(await readdir(path.join(root, 'data', 'c', 'r'))).toEqual(['f.bin']);
  });

  it('stores a stream, and nothing when the stream fails', async () => {
    await storage.putStream('c1/r1/s.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
    expect((await storage.get('c1/r1/s.bin'))?.toString()).toBe('abcd');
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half');
        throw new Error('cut off');
      })(),
    );
    await expect(storage.putStream('c1/r1/t.bin', failing)).rejects.toThrow('cut off');
    expect(await storage.get('c1/r1/t.bin')).toBeNull();
    expect(await readdir(path.join(root, 'data', 'c1', 'r1'))).toEqual(['s.bin']);
  });

  it('streams whole files and inclusive ranges', async () => {
    await storage.put('c/r/abc.txt', Buffer.from('0123456789'));
    expect((await readStream(storage.createReadStream('c/r/abc.txt'))).toString()).toBe(
      '0123456789',
    );
    expect(
      (await readStream(storage.createReadStream('c/r/abc.txt', { start: 2, end: 5 }))).toString(),
    ).toBe('2345');
    expect(
      (await readStream(storage.createReadStream('c/r/abc.txt', { start: 9, end: 9 }))).toString(),
    ).toBe('9');
  });

  it('rejects invalid ranges', () => {
    expect(() => storage.createReadStream('c/r/abc.txt', { start: 5, end: 2 })).toThrow();
    expect(() => storage.createReadStream('c/r/abc.txt', { start: -1, end: 2 })).toThrow();
    expect(() => storage.createReadStream('c/r/abc.txt', { start: 0.5, end: 2 })).toThrow();
  });

  it('reports a missing file as a stream error', async () => {
    await expect(readStream(storage.createReadStream('c/r/missing.txt'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('deletePrefix removes a record folder and keeps its siblings', async () => {
    await storage.put('col/rec1/a.txt', Buffer.from('a'));
    await storage.put('col/rec1/thumbs_a.png/100x100_a.png', Buffer.from('t'));
    await storage.put('col/rec2/b.txt', Buffer.from('b'));
    await storage.deletePrefix('col/rec1/');
    expect(await storage.get('col/rec1/a.txt')).toBeNull();
    expect(await storage.get('col/rec1/thumbs_a.png/100x100_a.png')).toBeNull();
    expect(await storage.get('col/rec2/b.txt')).not.toBeNull();
  });

  it('deletePrefix without a slash matches like an object store', async () => {
    await storage.put('col/rec/photo_1.png', Buffer.from('1'));
    await storage.put('col/rec/thumbs_photo_1.png/100x100_photo_1.png', Buffer.from('t'));
    await storage.put('col/rec/other.png', Buffer.from('o'));
    await storage.deletePrefix('col/rec/thumbs_photo_1.png');
    expect(await storage.get('col/rec/thumbs_photo_1.png/100x100_photo_1.png')).toBeNull();
    expect(await storage.get('col/rec/photo_1.png')).not.toBeNull();
    await storage.deletePrefix('col/rec/photo');
    expect(await storage.get('col/rec/photo_1.png')).toBeNull();
    expect(await storage.get('col/rec/other.png')).not.toBeNull();
  });

  it('deletePrefix of something missing is a no-op', async () => {
    await storage.deletePrefix('missing/');
    await storage.deletePrefix('missing/prefix');
  });

  it('refuses to delete everything with an empty prefix', async () => {
    await storage.put('c/r/f.txt', Buffer.from('x'));
    await expect(storage.deletePrefix('')).rejects.toThrow();
    await expect(storage.deletePrefix('/')).rejects.toThrow();
    expect(await storage.get('c/r/f.txt')).not.toBeNull();
  });

  describe('path escapes', () => {
    it.each(badKeys.map((key, index) => [index, key]))('rejects bad key #%s', async (_i, key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/storage/);
      await expect(storage.get(key)).rejects.toThrow(/storage/);
      await expect(storage.stat(key)).rejects.toThrow(/storage/);
      await expect(storage.delete(key)).rejects.toThrow(/storage/);
      // `dir/` is a valid folder prefix, only the other operations reject it.
      if (!/^[a-z]+\/$/.test(key)) {
        await expect(storage.deletePrefix(key)).rejects.toThrow(/storage/);
      }
      expect(() => storage.createReadStream(key)).toThrow(/storage/);
    });

    it('never touches files outside rootDir', async () => {
      await writeFile(path.join(root, 'outside.txt'), 'secret');
      await expect(storage.get('../outside.txt')).rejects.toThrow();
      await expect(storage.delete('../outside.txt')).rejects.toThrow();
      await expect(storage.deletePrefix('../')).rejects.toThrow();
      expect((await readdir(root)).sort()).toEqual(['outside.txt']);
    });
  });
});
