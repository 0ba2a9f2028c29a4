import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BackupProblem,
  verifyEntries,
  type Manifest,
  type OpenedArchive,
} from '../../src/core/backup/archive';

/**
 * Checking an uploaded backup reads each file entry against the size its manifest declares. A
 * small zip can inflate to gigabytes: an entry whose size the zip declares otherwise is refused
 * before a byte of it is read, and one of the right size is hashed as a stream, never gathered
 * whole first (the zip reader itself stops an entry that inflates past what it declares).
 */

const MiB = 1024 * 1024;

/** An archive whose one file entry inflates to `bytes`, counting what the check pulls from it. */
function archiveOf(declared: Buffer, bytes: number) {
  const pulled = { bytes: 0 };
  const manifest: Manifest = {
    format: 'back-office-backup',
    version: 1,
    created: '2026-11-28T00:00:00.000Z',
    database: 'pglite',
    migrations: [],
    tables: [],
    sequences: [],
    files: [
      {
        key: 'members/abc/photo.png',
        size: declared.length,
        sha256: createHash('sha256').update(declared).digest('hex'),
      },
    ],
  };
  async function* inflate() {
    for (let sent = 0; sent < bytes; sent += MiB) {
      const chunk = Buffer.alloc(Math.min(MiB, bytes - sent), 7);
      pulled.bytes += chunk.length;
      yield chunk;
    }
  }
  const archive: OpenedArchive = {
    manifest,
    zip: {
      names: () => ['storage/members/abc/photo.png'],
      has: () => true,
      size: () => bytes,
      open: async () => Readable.from(inflate()),
      close: () => {},
    },
    close: () => {},
  };
  return { archive, pulled };
}

describe('a file entry against its declared size', () => {
  it('is refused when it holds more than the manifest says, without reading it', async () => {
    const { archive, pulled } = archiveOf(Buffer.alloc(10, 7), 64 * MiB);
    const check = verifyEntries(archive);
    await expect(check).rejects.toBeInstanceOf(BackupProblem);
    // Nothing of the 64 MiB the entry would inflate to.
    expect(pulled.bytes).toBe(0);
    await expect(check).rejects.toThrow(
      'The file members/abc/photo.png holds 67108864 bytes; its manifest says 10.',
    );
  });

  it('is read whole when it is the size the manifest says, and its checksum counts', async () => {
    const exact = Buffer.alloc(3 * MiB, 7);
    const { archive, pulled } = archiveOf(exact, exact.length);
    await expect(verifyEntries(archive)).resolves.toBeUndefined();
    expect(pulled.bytes).toBe(exact.length);

    const other = archiveOf(Buffer.alloc(3 * MiB, 8), 3 * MiB);
    await expect(verifyEntries(other.archive)).rejects.toThrow(
      'The file members/abc/photo.png does not match its checksum.',
    );
  });

  it('that is shorter than declared is refused too', async () => {
    const { archive } = archiveOf(Buffer.alloc(2 * MiB, 7), MiB);
    await expect(verifyEntries(archive)).rejects.toThrow(
      'The file members/abc/photo.png holds 1048576 bytes; its manifest says 2097152.',
    );
  });
});
