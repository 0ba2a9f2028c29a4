/**
 * Where backup archives are kept: DATA_DIR/backups, or a bucket (BACKUPS_S3_*). An archive is
 * always made and read as a file on this machine (a zip is read out of order); the store only
 * keeps the finished ones.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createS3Client, storageFailure, type S3Settings } from '../../tools/filesystem/s3-storage';

/** Backup names: a plain file name ending in .zip, no folders, no leading dot. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.zip$/;

export function isBackupKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key) && !key.includes('..');
}

export type StoredBackup = { key: string; size: number; modified: Date };

export type BackupStore = {
  /** Where `key` is, in words for a person (a path, or `s3://bucket/backups/key`). */
  where(key: string): string;
  list(): Promise<StoredBackup[]>;
  /** Size and time of one archive, or null. */
  info(key: string): Promise<StoredBackup | null>;
  /** Keeps the finished archive at `path` (on this machine) under `key`; `path` is used up. */
  save(path: string, key: string): Promise<void>;
  remove(key: string): Promise<void>;
  createReadStream(key: string): Readable;
  /**
   * A file on this machine holding the archive: the stored one itself on disk, else a copy
   * downloaded to `scratch`, which the caller removes.
   */
  local(key: string, scratch: string): Promise<string>;
  close(): void;
};

/** Archives as files in `dir`. */
export function createDiskBackupStore(dir: string): BackupStore {
  const pathOf = (key: string) => join(dir, key);
  const info = async (key: string): Promise<StoredBackup | null> => {
    const found = await stat(pathOf(key)).catch(() => null);
    return found?.isFile() ? { key, size: found.size, modified: found.mtime } : null;
  };
  return {
    where: pathOf,
    info,
    async list() {
      await mkdir(dir, { recursive: true });
      const out: StoredBackup[] = [];
      for (const name of await readdir(dir)) {
        if (!isBackupKey(name)) continue;
        const found = await info(name);
        if (found) out.push(found);
      }
      return out;
    },
    save: (path, key) => rename(path, pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
    createReadStream: (key) => createReadStream(pathOf(key)),
    local: async (key) => pathOf(key),
    close: () => {},
  };
}

/** Under this folder of the backups' bucket. */
const PREFIX = 'backups/';

/** Archives in a bucket, under `backups/`. */
export function createS3BackupStore(settings: S3Settings): BackupStore {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const fail = (what: string, err: unknown) => storageFailure(Bucket, what, err);
  const missing = (err: unknown) =>
    err instanceof S3ServiceException &&
    err.name !== 'NoSuchBucket' &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey');
  return {
    where: (key) => `s3://${Bucket}/${PREFIX}${key}`,
    async info(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: PREFIX + key }));
        return {
          key,
          size: Number(head.ContentLength ?? 0),
          modified: head.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (missing(err)) return null;
        throw fail(`read the backup ${key}`, err);
      }
    },
    async list() {
      const out: StoredBackup[] = [];
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken: token }),
          );
        } catch (err) {
          throw fail('list the backups', err);
        }
        for (const item of page.Contents ?? []) {
          const key = item.Key?.slice(PREFIX.length);
          if (!isBackupKey(key)) continue;
          out.push({
            key,
            size: Number(item.Size ?? 0),
            modified: item.LastModified ?? new Date(0),
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    async save(path, key) {
      try {
        await new Upload({
          client,
          params: {
            Bucket,
            Key: PREFIX + key,
            Body: createReadStream(path),
            ContentType: 'application/zip',
          },
          partSize: 16 * 1024 * 1024,
          queueSize: 2,
        }).done();
      } catch (err) {
        throw fail(`store the backup ${key}`, err);
      } finally {
        await rm(path, { force: true });
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + key }));
      } catch (err) {
        throw fail(`delete the backup ${key}`, err);
      }
    },
    createReadStream(key) {
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket, Key: PREFIX + key }))
        .then(
          (result) => pipeline(result.Body as Readable, out),
          (err: unknown) => {
            throw fail(`read the backup ${key}`, err);
          },
        )
        .catch((err: unknown) => out.destroy(err as Error));
      return out;
    },
    async local(key, scratch) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: PREFIX + key }));
        await pipeline(result.Body as Readable, createWriteStream(scratch, { flags: 'wx' }));
        return scratch;
      } catch (err) {
        await rm(scratch, { force: true });
        throw fail(`read the backup ${key}`, err);
      }
    },
    close: () => client.destroy(),
  };
}
