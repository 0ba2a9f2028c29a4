import type { CollectionRegistry } from '../core/collection-model';
import type { Engine } from '../core/engine';
import { ApiError, MESSAGES } from '../core/errors';
import { refuse } from '../core/refusals';
import type { AuthState } from '../core/request-info';
import { inOneTransaction } from '../core/unit-of-work';
import type { Database, Queryable } from '../db/database';
import { ALPHABET_LOWER_ALNUM, randomString } from '../tools/security/random';

/**
 * Uploads sent in pieces (not PocketBase's: an extension beside its protocol, see
 * docs/offline.md). The web app's outbox begins an upload, sends its bytes chunk by chunk, and
 * after a cut connection asks how many arrived and goes on from there. A record create or update
 * then names the finished upload under `@uploads` instead of carrying the file; the server reads
 * it back into the same shape as a multipart file part, so every check of a file field (how
 * many, how large, which types, rules, permissions, hooks) is the one a multipart upload meets.
 *
 * The bytes are kept in the database (`_uploads`, `_upload_chunks`, migration 0029), so every
 * server process on the database sees the same upload, whatever the file storage. An upload
 * belongs to the account that began it; anyone else is told it does not exist.
 */

/** How long an upload may take, from its beginning to the record that uses it. */
export const UPLOAD_HOURS = 24;
/** The largest chunk one request may carry. */
export const MAX_CHUNK_BYTES = 1024 * 1024;
/** How many uploads not yet used by a record one account may hold. */
export const MAX_OPEN_UPLOADS = 50;
/** The name a record body lists its finished uploads under: `{"<field>": ["<upload id>", …]}`. */
export const UPLOADS_FIELD = '@uploads';
/** The most uploads one record body may name (as many as multipart file parts). */
export const MAX_NAMED = 200;
/** The size a file field has when its declaration gives none (the record engine's default). */
const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

export type UploadState = { id: string; offset: number; size: number };

export const accountOf = (auth: AuthState): string =>
  `${auth.collection.name}:${String(auth.record.id)}`;

/** The largest file any file field accepts: no upload may be larger. */
export function largestFileSize(registry: CollectionRegistry): number {
  let largest = 0;
  for (const collection of registry.all)
    for (const field of collection.fields)
      if (field.type === 'file')
        largest = Math.max(largest, field.maxSize || DEFAULT_MAX_FILE_SIZE);
  return largest;
}

export const num = (value: unknown): number => Number(value);

/** Begins an upload of `size` bytes; refuses a size no file field accepts. */
export async function beginUpload(
  db: Queryable,
  account: string,
  file: { filename: string; size: number; type: string },
  maxSize: number,
): Promise<UploadState> {
  if (file.size > maxSize)
    throw refuse(400, 'system.upload_too_large', {
      field: 'size',
      words: { maxSize: String(maxSize) },
      params: { maxSize },
    });
  // The account's expired uploads go as it begins a new one (a periodic sweep takes the rest).
  await db.query(`DELETE FROM "_uploads" WHERE "account" = $1 AND "expires" < now()`, [account]);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "_uploads" WHERE "account" = $1 AND "consumed_key" IS NULL`,
    [account],
  );
  if (rows[0].n >= MAX_OPEN_UPLOADS) throw refuse(400, 'system.upload_too_many');
  const id = randomString(24, ALPHABET_LOWER_ALNUM);
  await db.query(
    `INSERT INTO "_uploads" ("id", "account", "filename", "type", "size", "expires")
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
    [id, account, file.filename, file.type, file.size, UPLOAD_HOURS],
  );
  return { id, offset: 0, size: file.size };
}

/** How far an account's upload has come; null when it has none by that id (or it was used). */
export async function uploadState(
  db: Queryable,
  account: string,
  id: string,
): Promise<UploadState | null> {
  const { rows } = await db.query<{ received: unknown; size: unknown }>(
    `SELECT "received", "size" FROM "_uploads"
     WHERE "id" = $1 AND "account" = $2 AND "expires" > now() AND "consumed_key" IS NULL`,
    [id, account],
  );
  return rows[0] ? { id, offset: num(rows[0].received), size: num(rows[0].size) } : null;
}

/** Thrown when a chunk is not for the offset the upload stands at (the route answers 409). */
export class OffsetMismatch extends Error {
  constructor(readonly state: UploadState) {
    super('offset mismatch');
  }
}

/**
 * Adds `chunk` at `offset`. The upload's row is locked for the transaction, so two requests (on
 * two server processes, say) cannot both add at one offset: the second finds the offset moved
 * and gets a 409 with where the upload now stands.
 */
export async function appendChunk(
  database: Database,
  account: string,
  id: string,
  offset: number,
  chunk: Buffer,
): Promise<UploadState> {
  return database.transaction(async (tx) => {
    const { rows } = await tx.query<{ received: unknown; size: unknown }>(
      `SELECT "received", "size" FROM "_uploads"
       WHERE "id" = $1 AND "account" = $2 AND "expires" > now() AND "consumed_key" IS NULL
       FOR UPDATE`,
      [id, account],
    );
    if (!rows[0]) throw new ApiError(404, MESSAGES[404]);
    const state = { id, offset: num(rows[0].received), size: num(rows[0].size) };
    if (offset !== state.offset) throw new OffsetMismatch(state);
    if (chunk.length === 0) return state;
    if (offset + chunk.length > state.size) throw refuse(400, 'system.upload_past_end');
    await tx.query(
      `INSERT INTO "_upload_chunks" ("upload", "offset", "data") VALUES ($1, $2, $3)`,
      [id, offset, chunk],
    );
    await tx.query(`UPDATE "_uploads" SET "received" = $2 WHERE "id" = $1`, [
      id,
      offset + chunk.length,
    ]);
    return { ...state, offset: offset + chunk.length };
  });
}

/** Removes an account's upload it no longer needs (a discarded change). */
export async function removeUpload(db: Queryable, account: string, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM "_uploads" WHERE "id" = $1 AND "account" = $2 AND "consumed_key" IS NULL
     RETURNING 1`,
    [id, account],
  );
  return rows.length > 0;
}

/** Removes every expired upload, with its chunks (on start and every hour). */
export async function removeStaleUploads(db: Queryable): Promise<number> {
  const { rows } = await db.query(`DELETE FROM "_uploads" WHERE "expires" < now() RETURNING 1`);
  return rows.length;
}

/**
 * Runs a record write that used named uploads, marking them used in its transaction: if the
 * write rolls back they stay usable; two writes naming one upload at once cannot both have it
 * (the second waits on the row, then finds it used, and is refused).
 */
/** The uploads a record body named (read back as file parts), to be used by its write. */
export type NamedUploads = { account: string; ids: string[]; key: string };

export const uploadMissing = () => refuse(400, 'system.upload_missing', { field: UPLOADS_FIELD });

export function consumingUploads<T>(
  engine: Engine,
  named: NamedUploads | null,
  work: (engine: Engine) => Promise<T>,
): Promise<T> {
  if (!named) return work(engine);
  return inOneTransaction(engine, async (tx) => {
    for (const id of named.ids) {
      const { rows } = await tx.db.query(
        `UPDATE "_uploads" SET "consumed_key" = $3
         WHERE "id" = $1 AND "account" = $2 AND "consumed_key" IS NULL AND "expires" > now()
         RETURNING 1`,
        [id, named.account, named.key],
      );
      if (rows.length === 0) throw uploadMissing();
    }
    return work(tx);
  });
}
