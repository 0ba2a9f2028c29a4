import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { keySegments, type FileStorage } from './storage';

/** Where an S3-compatible bucket is and how to sign in to it (the S3_* settings). */
export type S3Settings = {
  /** The server's address (`https://…`); AWS's own when unset. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both unset: the SDK's usual sources (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, most self-hosted ones). */
  forcePathStyle: boolean;
};

/**
 * The bucket refused a request or could not be reached (wrong key, missing bucket, server down).
 * The message names the bucket and the reason, for the log; the API answers a 503 in words.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
}

export function isStorageUnavailable(err: unknown): boolean {
  return err instanceof StorageUnavailableError;
}

/** Each multipart part held in memory while a stream is uploaded; two are sent at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException) || err.name === 'NoSuchBucket') return false;
  return (
    err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404
  );
}

/** Passes on only bytes [skip, skip + take) of what flows through it. */
function slice(skip: number, take: number): Transform {
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(skip - at, 0);
      const to = Math.min(skip + take - at, chunk.length);
      at += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/** Makes an S3 client for `settings`; shared by the file storage and the backups' bucket. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands one: many S3-compatible servers do not read the newer
    // trailing-checksum uploads the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** Wraps whatever an S3 call threw into a {@link StorageUnavailableError} naming the bucket. */
export function storageFailure(bucket: string, what: string, err: unknown): Error {
  if (err instanceof StorageUnavailableError) return err;
  const reason =
    err instanceof S3ServiceException
      ? `${err.name}${err.message && err.message !== err.name ? `: ${err.message}` : ''}`
      : err instanceof Error
        ? `${(err as NodeJS.ErrnoException).code ?? err.name}: ${err.message}`
        : String(err);
  return new StorageUnavailableError(`The bucket "${bucket}" refused to ${what} (${reason})`, {
    cause: err,
  });
}

/**
 * File storage in an S3-compatible bucket, through the AWS SDK. Keys are the same as on disk
 * (`<collectionId>/<recordId>/<filename>`), at the bucket's root. Streams are streamed both ways:
 * an upload holds at most {@link QUEUE_SIZE} parts of {@link PART_SIZE} in memory, a download
 * none. Every failure other than a missing key is a {@link StorageUnavailableError}.
 */
export function createS3Storage(
  settings: S3Settings,
  client = createS3Client(settings),
): FileStorage & { check(): Promise<void>; client: S3Client } {
  const Bucket = settings.bucket;
  const fail = (what: string, err: unknown) => storageFailure(Bucket, what, err);

  async function* list(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    if (prefix !== '') keySegments(prefix.replace(/\/$/, ''), 'prefix');
    let token: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
          }),
        );
      } catch (err) {
        throw fail('list files', err);
      }
      for (const item of page.Contents ?? [])
        if (item.Key) yield { key: item.Key, size: Number(item.Size ?? 0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    client,

    /** Whether the bucket answers (HeadBucket); throws a StorageUnavailableError otherwise. */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw fail('answer', err);
      }
    },

    async put(key, data) {
      keySegments(key);
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }),
        );
      } catch (err) {
        throw fail(`store ${key}`, err);
      }
    },

    async putStream(key, content) {
      keySegments(key);
      // A multipart upload that fails is aborted, so nothing is stored.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: content },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        content.destroy();
        throw fail(`store ${key}`, err);
      }
    },

    async get(key) {
      keySegments(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await result.Body!.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw fail(`read ${key}`, err);
      }
    },

    async stat(key) {
      keySegments(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(head.ContentLength ?? 0), mtime: head.LastModified ?? new Date(0) };
      } catch (err) {
        if (!isMissing(err)) throw fail(`read ${key}`, err);
      }
      // A HEAD answer has no body: a missing bucket looks like a missing key until asked.
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw fail(`read ${key}`, err);
      }
      return null;
    },

    createReadStream(key, range) {
      keySegments(key);
      if (range !== undefined) {
        const { start, end } = range;
        if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
          throw new Error(`storage: invalid range ${start}-${end}`);
      }
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        .then(
          // Destroying `out` (the client went away) destroys the bucket's response too.
          (result) => {
            const body = result.Body as Readable;
            if (!range || Number(result.ContentLength) === range.end - range.start + 1)
              return pipeline(body, out);
            // Some S3-compatible servers send more than the range asked for (s3rver answers
            // `bytes=0-0` with the whole object): the bytes asked for are cut out of it.
            const from = Number(/^bytes (\d+)-/.exec(result.ContentRange ?? '')?.[1] ?? 0);
            return pipeline(body, slice(range.start - from, range.end - from + 1), out);
          },
          (err: unknown) => {
            throw fail(`read ${key}`, err);
          },
        )
        .catch((err: unknown) => out.destroy(err as Error));
      return out;
    },

    async delete(key) {
      keySegments(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isMissing(err)) return;
        throw fail(`delete ${key}`, err);
      }
    },

    async deletePrefix(prefix) {
      const isFolder = typeof prefix === 'string' && prefix.endsWith('/');
      keySegments(isFolder ? prefix.slice(0, -1) : prefix, 'prefix');
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const Objects = batch.map((Key) => ({ Key }));
        batch = [];
        try {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        } catch (err) {
          throw fail(`delete ${prefix}`, err);
        }
      };
      // Listing is by string prefix, which is what `deletePrefix` means.
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
          );
        } catch (err) {
          throw fail(`list ${prefix}`, err);
        }
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          batch.push(item.Key);
          if (batch.length === 1000) await flush();
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      await flush();
    },

    list,

    close: () => client.destroy(),
  };
}
