/**
 * Backups kept in DATA_DIR/backups: make, list, upload, delete, check and restore, one at a
 * time per process, each written to the audit trail.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ActivityAction } from '@app/schema';
import type { Database, Queryable } from '../../db/database';
import { createLocalStorage, type FileStorage } from '../../tools/filesystem/storage';
import { ALPHABET_LOWER_ALNUM, randomString } from '../../tools/security/random';
import { writeAudit } from '../audit';
import { q, type CollectionRegistry } from '../collection-model';
import { ApiError, MESSAGES } from '../errors';
import type { PeerCalls } from '../peer-calls';
import { guestRequest, type RequestInfo } from '../request-info';
import { formatDate } from '../values';
import {
  BackupProblem,
  checkArchive,
  makeArchive,
  openArchive,
  restoreArchive,
  type CheckReport,
  type Manifest,
  verifyEntries,
} from './archive';
import type { HoldableStorage } from './hold';
import { createDiskBackupStore, isBackupKey, type BackupStore } from './store';

/** Scheduled backups start with this; only they are pruned by BACKUP_KEEP. */
export const SCHEDULED_PREFIX = 'auto_backup_';

export { isBackupKey };

export type BackupInfo = { key: string; size: number; modified: string };

/** Who did it, for the audit trail: a request, or the scheduler. */
export type BackupActor = { request: RequestInfo; ip: string } | 'scheduler' | 'cli';

export type BackupServiceOptions = {
  db: Database;
  registry: CollectionRegistry;
  dataDir: string;
  storage: HoldableStorage;
  /**
   * The storage's folder when files are on disk (DATA_DIR/storage unless given), null when they
   * are in a bucket: a backup then streams them from it and a restore writes them back into it.
   */
  storageDir?: string | null;
  /** Where finished archives are kept; DATA_DIR/backups unless given. */
  store?: BackupStore;
};

const BUSY_MESSAGE = 'Try again later - another backup or restore is already running.';
/**
 * The advisory lock a backup job holds on PostgreSQL, so that one job runs at a time across every
 * server process (WORKERS) and the command line. Any fixed number works; this one spells "bkup".
 */
const BACKUP_LOCK = 0x626b7570;
/**
 * How long another process defers deletions for a backup at most, should the process making it
 * stop without saying it has finished (a late delete is harmless, a missing file is not).
 */
const REMOTE_HOLD_MS = 6 * 60 * 60_000;

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export type BackupService = ReturnType<typeof createBackupService>;

export function createBackupService(options: BackupServiceOptions) {
  const { db, registry, dataDir } = options;
  const dir = join(dataDir, 'backups');
  const storageDir =
    options.storageDir === undefined ? join(dataDir, 'storage') : options.storageDir;
  let busy = false;
  let peers: PeerCalls | null = null;

  const store = options.store ?? createDiskBackupStore(dir);
  const pathOf = (key: string) => store.where(key);
  const scratch = (what: string) => join(dir, `.${what}-${randomString(10, ALPHABET_LOWER_ALNUM)}`);

  /** Runs `job` unless another backup job is running, here or in another process. */
  async function exclusive<T>(job: () => Promise<T>): Promise<T> {
    if (busy) throw new ApiError(400, BUSY_MESSAGE);
    busy = true;
    try {
      // A session lock, not a transaction's: a job that runs for minutes holds no transaction open.
      const lock = await db.tryLock(BACKUP_LOCK);
      if (!lock) throw new ApiError(400, BUSY_MESSAGE);
      try {
        return await job();
      } finally {
        await lock.release();
      }
    } finally {
      busy = false;
    }
  }

  /**
   * Defers file deletions in every process until the returned release runs, so that each file the
   * backup's snapshot references is still there when it is copied.
   */
  async function holdEverywhere(): Promise<() => Promise<void>> {
    const release = options.storage.hold();
    if (!peers) return release;
    const hold = randomString(16, ALPHABET_LOWER_ALNUM);
    try {
      await peers.tell('storage.hold', hold);
    } catch (err) {
      await release();
      throw err;
    }
    return async () => {
      await peers?.tell('storage.release', hold).catch(() => {});
      await release();
    };
  }

  /** Holds deletions here while another process makes a backup (WORKERS). */
  function shareWith(calls: PeerCalls): void {
    peers = calls;
    const held = new Map<string, { release: () => Promise<void>; timer: NodeJS.Timeout }>();
    const releaseHeld = async (hold: string) => {
      const entry = held.get(hold);
      if (!entry) return;
      held.delete(hold);
      clearTimeout(entry.timer);
      await entry.release();
    };
    calls.on('storage.hold', (hold) => {
      const key = String(hold);
      if (!held.has(key)) {
        const timer = setTimeout(() => void releaseHeld(key), REMOTE_HOLD_MS);
        timer.unref();
        held.set(key, { release: options.storage.hold(), timer });
      }
      return true;
    });
    calls.on('storage.release', async (hold) => {
      await releaseHeld(String(hold));
      return true;
    });
  }

  async function audit(
    tx: Queryable,
    actor: BackupActor,
    action: ActivityAction,
    key: string,
    after: Record<string, unknown>,
  ): Promise<void> {
    const system = actor === 'scheduler' || actor === 'cli';
    await writeAudit(tx, {
      action,
      collection: null,
      categories: ['settings'],
      recordId: key,
      before: null,
      after,
      request: system ? guestRequest() : actor.request,
      ip: system ? '' : actor.ip,
      actor: system
        ? {
            id: '',
            collection: '',
            name: actor === 'scheduler' ? 'Scheduled backup' : 'Command line',
            email: '',
          }
        : undefined,
    });
  }

  async function exists(key: string): Promise<boolean> {
    return (await store.info(key)) !== null;
  }

  async function list(): Promise<BackupInfo[]> {
    const out: BackupInfo[] = (await store.list()).map((b) => ({
      key: b.key,
      size: b.size,
      modified: formatDate(b.modified),
    }));
    return out.sort((a, b) => b.modified.localeCompare(a.modified) || a.key.localeCompare(b.key));
  }

  /** A fresh name like backup_20261123161433.zip (with a counter if taken). */
  async function freshKey(prefix: string): Promise<string> {
    const base = `${prefix}${timestamp()}`;
    for (let n = 1; ; n++) {
      const key = n === 1 ? `${base}.zip` : `${base}_${n}.zip`;
      if (!(await exists(key))) return key;
    }
  }

  async function create(
    name: string | undefined,
    actor: BackupActor,
  ): Promise<{ key: string; manifest: Manifest }> {
    if (name !== undefined && !isBackupKey(name))
      throw new ApiError(400, 'Something went wrong while processing your request.', {
        name: {
          code: 'validation_invalid_backup_name',
          message: 'Use letters, digits, "_", "-" or "." and end the name with .zip.',
        },
      });
    return exclusive(async () => {
      await mkdir(dir, { recursive: true });
      const key = name ?? (await freshKey(actor === 'scheduler' ? SCHEDULED_PREFIX : 'backup_'));
      if (await exists(key))
        throw new ApiError(400, 'Something went wrong while processing your request.', {
          name: { code: 'validation_backup_exists', message: 'A backup with this name exists.' },
        });
      const temp = scratch('making');
      const workDir = scratch('work');
      const release = await holdEverywhere();
      try {
        const manifest = await makeArchive({
          db,
          registry,
          storageDir,
          storage: options.storage,
          target: temp,
          workDir,
        });
        await store.save(temp, key);
        await audit(db, actor, 'BACKUP_CREATE', key, summary(manifest));
        return { key, manifest };
      } finally {
        await release();
        await rm(temp, { force: true });
        await rm(workDir, { recursive: true, force: true });
      }
    });
  }

  function summary(manifest: Manifest): Record<string, unknown> {
    return {
      created: manifest.created,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      migration: manifest.migrations.at(-1) ?? '',
    };
  }

  function problem(err: unknown, field?: string): never {
    if (err instanceof BackupProblem) {
      const message = `The backup cannot be restored: ${err.message}`;
      throw new ApiError(
        400,
        message,
        field ? { [field]: { code: 'validation_invalid_backup', message } } : {},
      );
    }
    throw err;
  }

  /** Reads an archive's entries against its manifest, without the database. */
  async function verifyUpload(path: string): Promise<Manifest> {
    const archive = await openArchive(path);
    try {
      await verifyEntries(archive);
      return archive.manifest;
    } finally {
      archive.close();
    }
  }

  /**
   * Stores an uploaded archive. It is received and read against its manifest first, outside the
   * backup lock: a client that sends slowly holds no database connection and keeps no other
   * backup job waiting. Only the last step, storing it under its name, takes the lock.
   */
  async function upload(
    fileName: string,
    content: Readable & { truncated?: boolean },
    actor: BackupActor,
  ): Promise<string> {
    const invalid = (message: string): never => {
      throw new ApiError(400, 'Something went wrong while processing your request.', {
        file: { code: 'validation_invalid_backup', message },
      });
    };
    if (!isBackupKey(fileName))
      invalid('The file name must be letters, digits, "_", "-" or "." and end with .zip.');
    await mkdir(dir, { recursive: true });
    if (await exists(fileName)) invalid('A backup with this name exists.');
    const temp = scratch('upload');
    try {
      await pipeline(content, createWriteStream(temp, { flags: 'wx' }));
      // Cut off at the upload limit: what arrived is not the whole archive.
      if (content.truncated) throw new ApiError(413, MESSAGES[413]);
      let manifest: Manifest;
      try {
        manifest = await verifyUpload(temp);
      } catch (err) {
        if (err instanceof BackupProblem) invalid(`The backup cannot be used: ${err.message}`);
        throw err;
      }
      return await exclusive(async () => {
        if (await exists(fileName)) invalid('A backup with this name exists.');
        await store.save(temp, fileName);
        await audit(db, actor, 'BACKUP_UPLOAD', fileName, summary(manifest!));
        return fileName;
      });
    } finally {
      await rm(temp, { force: true });
    }
  }

  async function remove(key: string, actor: BackupActor): Promise<void> {
    return exclusive(async () => {
      const info = await store.info(key);
      if (!info) throw new ApiError(404, "The requested resource wasn't found.");
      await store.remove(key);
      await audit(db, actor, 'BACKUP_DELETE', key, { size: info.size });
    });
  }

  /** The dry check of a stored backup; a BackupProblem becomes a 400 that says what is wrong. */
  async function check(key: string): Promise<CheckReport> {
    if (!(await exists(key))) throw new ApiError(404, "The requested resource wasn't found.");
    return exclusive(() => withLocal(key, checkFile));
  }

  /** Runs `job` on a file on this machine holding the stored archive `key`. */
  async function withLocal<T>(key: string, job: (path: string) => Promise<T>): Promise<T> {
    await mkdir(dir, { recursive: true });
    const copy = scratch('fetched');
    try {
      return await job(await store.local(key, copy));
    } finally {
      await rm(copy, { force: true });
    }
  }

  async function checkFile(path: string): Promise<CheckReport> {
    let archive;
    try {
      archive = await openArchive(path);
    } catch (err) {
      problem(err);
    }
    try {
      return await checkArchive(db, archive);
    } catch (err) {
      problem(err);
    } finally {
      archive.close();
    }
  }

  /**
   * Dry check, then the restore: rows replaced in one transaction that also renews every
   * account's token key (everyone signs in again), then the restored files swapped in.
   */
  async function restoreFile(path: string, key: string, actor: BackupActor): Promise<CheckReport> {
    await mkdir(dir, { recursive: true });
    let archive;
    try {
      archive = await openArchive(path);
    } catch (err) {
      problem(err);
    }
    const staging = join(dataDir, `.storage-restore-${randomString(10, ALPHABET_LOWER_ALNUM)}`);
    const old = join(dataDir, `.storage-old-${randomString(10, ALPHABET_LOWER_ALNUM)}`);
    try {
      await checkArchive(db, archive);
      const result = await restoreArchive({
        db,
        archive,
        stagingStorage:
          storageDir === null ? intoBucket(archive.manifest) : createLocalStorage(staging),
        finish: async (tx) => {
          for (const collection of registry.all.filter((c) => c.type === 'auth'))
            await tx.query(
              `UPDATE ${q(collection.table)} SET "tokenKey" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
            );
          await audit(tx, actor, 'BACKUP_RESTORE', key, summary(archive.manifest));
        },
      });
      if (storageDir !== null) {
        await mkdir(staging, { recursive: true });
        await rename(storageDir, old).catch(() => {});
        await rename(staging, storageDir);
        await rm(old, { recursive: true, force: true });
      }
      return result;
    } catch (err) {
      problem(err);
    } finally {
      archive.close();
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * A restore's files when they live in a bucket: written straight into it, before the rows. A
   * stored file is never rewritten (each upload has a new name), so one already there with the
   * archive's size is the same file and is left alone (the archive's copy is still checked);
   * files the restored rows no longer name stay in the bucket, unreferenced.
   */
  function intoBucket(manifest: Manifest): FileStorage {
    const sizes = new Map(manifest.files.map((f) => [f.key, f.size]));
    return {
      ...options.storage,
      putStream: async (key, content) => {
        const there = await options.storage.stat(key);
        if (there && there.size === sizes.get(key)) {
          for await (const _chunk of content);
          return;
        }
        await options.storage.putStream(key, content);
      },
    };
  }

  async function restore(key: string, actor: BackupActor): Promise<CheckReport> {
    if (!(await exists(key))) throw new ApiError(404, "The requested resource wasn't found.");
    return exclusive(() => withLocal(key, (path) => restoreFile(path, key, actor)));
  }

  /** Deletes the oldest scheduled backups beyond `keep`. */
  async function prune(keep: number): Promise<string[]> {
    const scheduled = (await list())
      .filter((b) => b.key.startsWith(SCHEDULED_PREFIX))
      .sort((a, b) => b.key.localeCompare(a.key));
    const removed: string[] = [];
    for (const backup of scheduled.slice(Math.max(keep, 0))) {
      await remove(backup.key, 'scheduler');
      removed.push(backup.key);
    }
    return removed;
  }

  return {
    dir,
    pathOf,
    store,
    exists,
    list,
    create,
    upload,
    remove,
    check,
    checkFile: (path: string) => exclusive(() => checkFile(path)),
    restore,
    restoreFile: (path: string, key: string, actor: BackupActor) =>
      exclusive(() => restoreFile(path, key, actor)),
    prune,
    shareWith,
  };
}
