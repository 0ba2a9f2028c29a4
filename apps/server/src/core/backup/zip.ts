import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** An archive being written entry by entry to `target`; `finish` resolves once it is on disk. */
export type ZipWriter = {
  addFile(diskPath: string, name: string, compress: boolean): void;
  addBuffer(data: Buffer, name: string): void;
  /** An entry read from `open()` only when its turn comes, so streams are opened one at a time. */
  addLazyStream(open: () => Readable, name: string, size: number, compress: boolean): void;
  finish(): Promise<void>;
};

export function createZipWriter(target: string): ZipWriter {
  const zip = new yazl.ZipFile();
  // Opened at once so the stream drains while entries are added.
  const written = pipeline(zip.outputStream, createWriteStream(target, { flags: 'wx' }));
  return {
    addFile: (diskPath, name, compress) => zip.addFile(diskPath, name, { compress }),
    addBuffer: (data, name) => zip.addBuffer(data, name),
    addLazyStream: (open, name, size, compress) =>
      zip.addReadStreamLazy(name, { compress, size }, (done) => {
        try {
          done(null, open());
        } catch (err) {
          done(err as Error, undefined as unknown as Readable);
        }
      }),
    finish: async () => {
      zip.end();
      await written;
    },
  };
}

/** A readable archive: its entries by name, each opened as a stream on demand. */
export type ZipReader = {
  names(): string[];
  has(name: string): boolean;
  size(name: string): number;
  open(name: string): Promise<Readable>;
  close(): void;
};

/** What is wrong with an entry's name; every reader refuses such an archive whole. */
export type EntryNameProblem = 'outside' | 'absolute' | 'backslash' | 'duplicate';

/** An archive refused for an entry's name (not for damage): `entry` is that name, shortened. */
export class ZipEntryNameError extends Error {
  constructor(
    readonly problem: EntryNameProblem,
    readonly entry: string,
  ) {
    super(`${problem} entry name: ${entry}`);
  }
}

/** The name problems the zip reader (yauzl) reports in words. */
const NAME_PROBLEMS: Array<[RegExp, EntryNameProblem]> = [
  [/^invalid relative path: (.*)$/s, 'outside'],
  [/^absolute path: (.*)$/s, 'absolute'],
  [/^invalid characters in fileName: (.*)$/s, 'backslash'],
];

const shortName = (name: string) => (name.length > 120 ? `${name.slice(0, 117)}...` : name);

function nameProblem(error: Error): Error {
  for (const [pattern, problem] of NAME_PROBLEMS) {
    const match = pattern.exec(error.message);
    if (match) return new ZipEntryNameError(problem, shortName(match[1]));
  }
  return error;
}

/** Opens `path` and reads its central directory; throws on anything that is not a sound zip. */
export function openZip(path: string): Promise<ZipReader> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (err, zip) => {
        if (err || !zip) return reject(err ?? new Error('unreadable zip'));
        const entries = new Map<string, yauzl.Entry>();
        const fail = (error: Error) => {
          zip.close();
          reject(nameProblem(error));
        };
        zip.on('error', fail);
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entries.has(entry.fileName))
            return fail(new ZipEntryNameError('duplicate', shortName(entry.fileName)));
          entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.on('end', () => {
          zip.removeListener('error', fail);
          // Later errors surface through the entry streams.
          zip.on('error', () => {});
          resolve({
            names: () => [...entries.keys()],
            has: (name) => entries.has(name),
            size: (name) => entries.get(name)?.uncompressedSize ?? 0,
            open: (name) =>
              new Promise((res, rej) => {
                const entry = entries.get(name);
                if (!entry) return rej(new Error(`missing entry ${name}`));
                zip.openReadStream(entry, (error, stream) =>
                  error || !stream ? rej(error ?? new Error('unreadable entry')) : res(stream),
                );
              }),
            close: () => zip.close(),
          });
        });
        zip.readEntry();
      },
    );
  });
}
