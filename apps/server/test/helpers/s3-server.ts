import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client, type S3Settings } from '../../src/tools/filesystem/s3-storage';

/** s3rver takes any secret for this key: the tests sign in like to a real bucket. */
const ACCESS_KEY = 'S3RVER';

/** An S3-compatible server (s3rver, from npm) on a free port, its objects in a temporary folder. */
export type S3Server = {
  endpoint: string;
  port: number;
  /** The settings that reach `bucket` on this server (the S3_* settings). */
  settings(bucket: string): S3Settings;
  /** Makes an empty bucket. */
  createBucket(bucket: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startS3Server(port = 0): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'bo-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings = (bucket: string): S3Settings => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  });
  return {
    endpoint,
    port: address.port,
    settings,
    createBucket: async (bucket) => {
      const client = createS3Client(settings(bucket));
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The storages the file tests run on: the local disk (the default) and an S3 bucket. */
export const STORAGES = ['disk', 's3'] as const;
export type StorageKind = (typeof STORAGES)[number];

/**
 * Config overrides that put uploaded files on `kind`, and what to call once the app has stopped.
 * For `s3` an S3 server is started with a fresh bucket.
 */
export async function storageFor(
  kind: StorageKind,
): Promise<{ overrides: { s3?: S3Settings }; server: S3Server | null; stop(): Promise<void> }> {
  if (kind === 'disk') return { overrides: {}, server: null, stop: async () => {} };
  const server = await startS3Server();
  await server.createBucket('files');
  return { overrides: { s3: server.settings('files') }, server, stop: () => server.stop() };
}
