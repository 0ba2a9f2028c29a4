import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError } from './tools/console/config-error';
import type { S3Settings } from './tools/filesystem/s3-storage';

export { ConfigError };

/** Settings read from the environment (documented in the README). */
export type AppConfig = {
  port: number;
  host: string;
  /** Where PGlite keeps its files and uploads are stored. */
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  /** Public address of the web app, for links in emails. */
  appUrl: string;
  defaultPassword: string;
  /** Where the built web app lives; served at every path outside /api. */
  webDist: string | undefined;
  /** Headless Chromium for PDF reports (CHROMIUM_PATH); the report PDF answers 503 without it. */
  chromiumPath: string;
  /** Rate limiting of the auth endpoints (on unless RATE_LIMIT=off, for benchmarks). */
  rateLimit: boolean;
  /** The second-factor requirement (on unless MFA=off, for tests and benchmarks). */
  mfa: boolean;
  /**
   * Keys (MFA_KEY, comma-separated, each 32 bytes as 64 hex characters) that encrypt the
   * authenticator secrets: the first encrypts, every one decrypts. Unset: a key generated into
   * the database on first start.
   */
  mfaKeys: Buffer[];
  mailFrom: string;
  logger: boolean;
  /** Cron expression for scheduled backups; off when unset. */
  backupCron: string | undefined;
  /** How many scheduled backups to keep (older ones are deleted). */
  backupKeep: number;
  /** Server processes sharing the port (WORKERS): the number of cores on PostgreSQL, 1 on PGlite. */
  workers: number;
  /** PGlite in a thread of its own (on unless PGLITE_THREAD=off, for a machine with one core). */
  pgliteThread: boolean;
  /** Uploaded files in an S3-compatible bucket (S3_*) instead of DATA_DIR/storage. */
  s3: S3Settings | undefined;
  /** Backups in a bucket (BACKUPS_S3_*) instead of DATA_DIR/backups. */
  backupsS3: S3Settings | undefined;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = portOf(env.PORT);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.org',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    appUrl: (env.APP_URL ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    defaultPassword: env.DEFAULT_PASSWORD || '12345678',
    webDist: env.WEB_DIST,
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    rateLimit: env.RATE_LIMIT !== 'off',
    mfa: env.MFA !== 'off',
    mfaKeys: mfaKeys(env.MFA_KEY),
    mailFrom: env.MAIL_FROM ?? 'Back office <no-reply@localhost>',
    logger: env.LOG !== 'off',
    backupCron: env.BACKUP_CRON?.trim() || undefined,
    backupKeep: backupKeep(env.BACKUP_KEEP),
    workers: workers(env.WORKERS, !!env.DATABASE_URL),
    pgliteThread: env.PGLITE_THREAD !== 'off',
    ...s3Settings(env),
  };
}

/**
 * S3_* (files) and BACKUPS_S3_* (backups): each on when its bucket is named. A BACKUPS_S3_ setting
 * left unset takes the S3_ one, so a second bucket on the same server needs only its name.
 */
function s3Settings(env: NodeJS.ProcessEnv): Pick<AppConfig, 's3' | 'backupsS3'> {
  const read = (prefix: string, fallback?: (name: string) => string | undefined) => {
    const value = (name: string) =>
      env[`${prefix}${name}`]?.trim() || fallback?.(name) || undefined;
    const bucket = env[`${prefix}BUCKET`]?.trim();
    if (!bucket) {
      const stray = ['ENDPOINT', 'ACCESS_KEY_ID', 'SECRET_ACCESS_KEY'].find((n) =>
        env[`${prefix}${n}`]?.trim(),
      );
      if (stray)
        throw new ConfigError(
          `${prefix}${stray} is set but ${prefix}BUCKET is not: name the bucket too.`,
        );
      return undefined;
    }
    const accessKeyId = value('ACCESS_KEY_ID');
    const secretAccessKey = value('SECRET_ACCESS_KEY');
    if (!accessKeyId !== !secretAccessKey)
      throw new ConfigError(
        `${prefix}ACCESS_KEY_ID and ${prefix}SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's usual sources.`,
      );
    const pathStyle = value('FORCE_PATH_STYLE') ?? 'false';
    if (!['true', 'false', '1', '0'].includes(pathStyle))
      throw new ConfigError(`${prefix}FORCE_PATH_STYLE must be true or false, not "${pathStyle}".`);
    const endpoint = value('ENDPOINT');
    if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
      throw new ConfigError(
        `${prefix}ENDPOINT must be an http:// or https:// address, not "${endpoint}".`,
      );
    return {
      endpoint,
      bucket,
      region: value('REGION') ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    };
  };
  const s3 = read('S3_');
  const backupsS3 = read('BACKUPS_S3_', (name) => env[`S3_${name}`]?.trim());
  if (s3 && backupsS3 && s3.bucket === backupsS3.bucket && s3.endpoint === backupsS3.endpoint)
    throw new ConfigError(
      'BACKUPS_S3_BUCKET must name another bucket than S3_BUCKET: backups are kept apart from the files they save.',
    );
  return { s3, backupsS3 };
}

/** PORT: a whole number from 1 to 65535 (default 8090). */
function portOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8090;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, not "${value}".`);
  return n;
}

/** The most processes WORKERS may ask for: each holds a pool of database connections. */
export const MAX_WORKERS = 64;

/**
 * WORKERS: a whole number from 1 to MAX_WORKERS. PGlite is a database inside one process, so it
 * allows only 1; on PostgreSQL the default is one process per core.
 */
function workers(value: string | undefined, postgres: boolean): number {
  if (value === undefined || value.trim() === '') return postgres ? availableParallelism() : 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new ConfigError(
      `WORKERS must be a whole number from 1 to ${MAX_WORKERS}, not "${value}".`,
    );
  if (n > 1 && !postgres)
    throw new ConfigError(
      'WORKERS above 1 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process.',
    );
  return n;
}

/** MFA_KEY: keys of 64 hex characters (32 bytes), separated by commas; the first one encrypts. */
function mfaKeys(value: string | undefined): Buffer[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((part) => {
    const key = part.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(key))
      throw new ConfigError(
        'MFA_KEY must be keys of 64 hexadecimal characters (32 bytes), separated by commas; make one with `openssl rand -hex 32`.',
      );
    return Buffer.from(key, 'hex');
  });
}

/** BACKUP_KEEP: a whole number of at least 1 (default 3, as PocketBase's). */
function backupKeep(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`BACKUP_KEEP must be a whole number of at least 1, not "${value}".`);
  return n;
}
