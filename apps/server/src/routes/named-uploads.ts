import { appendFile, writeFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Engine } from '../core/engine';
import { ApiError, MESSAGES } from '../core/errors';
import { idempotencyKeyOf } from '../core/idempotency';
import type { RecordInput, UploadedFile } from '../core/record-write';
import type { Queryable } from '../db/database';
import {
  accountOf,
  MAX_NAMED,
  num,
  uploadMissing,
  UPLOADS_FIELD,
  type NamedUploads,
} from '../domain/resumable-uploads';
import { scratchFileFor, SPOOL_ABOVE } from './read-body';

// A record create or update may name finished uploads (domain/resumable-uploads.ts) under
// `@uploads` instead of carrying their files; they are read back here into file parts.

const toBuffer = (value: unknown): Buffer =>
  Buffer.isBuffer(value)
    ? value
    : Buffer.from(
        (value as Uint8Array).buffer,
        (value as Uint8Array).byteOffset,
        (value as Uint8Array).byteLength,
      );

const missing = uploadMissing;

/** `{"photos": ["id", …]}`, or the same as JSON text (a multipart text part). */
function parseNamed(raw: unknown): Array<[string, string[]]> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw missing();
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw missing();
  const out: Array<[string, string[]]> = [];
  let count = 0;
  for (const [field, ids] of Object.entries(value as Record<string, unknown>)) {
    // A part name as a form gives it (`photos`, `photos+`, `+photos`); never `__proto__`.
    if (!/^\+?[A-Za-z][A-Za-z0-9_]{0,99}[+-]?$/.test(field)) throw missing();
    const list = Array.isArray(ids) ? ids : [ids];
    if (!list.every((id) => typeof id === 'string' && /^[a-z0-9]{1,64}$/.test(id))) throw missing();
    count += list.length;
    out.push([field, list as string[]]);
  }
  if (count > MAX_NAMED) throw new ApiError(413, MESSAGES[413]);
  return out;
}

/** Reads an upload's bytes back, as a multipart part of its size would have been received. */
async function readBack(
  db: Queryable,
  request: FastifyRequest,
  id: string,
  filename: string,
  size: number,
): Promise<UploadedFile> {
  const path = size > SPOOL_ABOVE ? await scratchFileFor(request) : null;
  const held: Buffer[] = [];
  let offset = 0;
  // One chunk at a time: a 10 MB photo is not held whole in memory when it goes to a file.
  while (offset < size) {
    const { rows } = await db.query<{ data: unknown }>(
      `SELECT "data" FROM "_upload_chunks" WHERE "upload" = $1 AND "offset" = $2`,
      [id, offset],
    );
    if (!rows[0]) throw missing();
    const chunk = toBuffer(rows[0].data);
    if (chunk.length === 0) throw missing();
    if (path) {
      if (offset === 0) await writeFile(path, chunk, { flag: 'wx' });
      else await appendFile(path, chunk);
      if (offset < SPOOL_ABOVE) held.push(chunk);
    } else held.push(chunk);
    offset += chunk.length;
  }
  if (offset !== size) throw missing();
  const head = Buffer.concat(held);
  if (!path) return { filename, data: head };
  return { filename, path, size, head: head.subarray(0, SPOOL_ABOVE) };
}

/**
 * Takes `@uploads` out of a record body and adds the uploads it names to the body's files, each
 * as a file part under the field named. Only the signed-in account's finished uploads count; one
 * used already counts only for a retry under the Idempotency-Key that used it (which then gets
 * the first answer back). Null when the body names none (nothing read: the usual case).
 */
export async function takeNamedUploads(
  engine: Engine,
  request: FastifyRequest,
  input: RecordInput,
): Promise<NamedUploads | null> {
  if (!(UPLOADS_FIELD in input.data)) return null;
  const raw = input.data[UPLOADS_FIELD];
  delete input.data[UPLOADS_FIELD];
  const auth = request.info.auth;
  if (!auth) throw missing();
  const account = accountOf(auth);
  const key = idempotencyKeyOf(request.headers['idempotency-key']) ?? '';
  const ids: string[] = [];
  for (const [field, list] of parseNamed(raw)) {
    for (const id of list) {
      if (ids.includes(id)) throw missing();
      ids.push(id);
      const { rows } = await engine.db.query<{
        filename: string;
        size: unknown;
        received: unknown;
        consumed_key: string | null;
      }>(
        `SELECT "filename", "size", "received", "consumed_key" FROM "_uploads"
         WHERE "id" = $1 AND "account" = $2 AND "expires" > now()`,
        [id, account],
      );
      const upload = rows[0];
      if (!upload || num(upload.received) !== num(upload.size)) throw missing();
      if (upload.consumed_key !== null && (key === '' || upload.consumed_key !== key))
        throw missing();
      const file = await readBack(engine.db, request, id, upload.filename, num(upload.size));
      // Own properties only: a name such as `constructor` must not reach Object's.
      if (!Object.hasOwn(input.files, field)) input.files[field] = [];
      input.files[field].push(file);
    }
  }
  return { account, ids, key };
}
