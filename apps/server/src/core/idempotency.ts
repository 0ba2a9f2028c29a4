import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Engine } from './engine';
import { ApiError } from './errors';
import { refusalText } from './refusals';
import type { RecordInput, UploadedFile } from './record-write';
import type { AuthState } from './request-info';
import { inOneTransaction } from './unit-of-work';

/**
 * Writes sent with an `Idempotency-Key` header (not PocketBase's: an extension of its protocol,
 * see docs/offline.md). The first request with a key does its write and, in the same
 * transaction, keeps its answer under (account, key); a retry with the same key and the same
 * request gets that answer back and writes nothing. Two retries at once wait for each other on
 * the key's row (the second INSERT waits for the first transaction), so exactly one writes. A
 * write that fails rolls its key back with it: a refused request may be sent again with its key.
 */

/** How long a key's answer is kept. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,255}$/;

export type IdempotentAnswer = { status: number; body: unknown; replayed: boolean };

/** The header's key, checked; `undefined` when the request carries none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY.test(key))
    throw new ApiError(400, refusalText('system.idempotency_key_invalid'));
  return key;
}

/** JSON with every object's keys in order, so the same body always prints the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Buffer)) {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value).sort())
      out[name] = canonical((value as Record<string, unknown>)[name]);
    return out;
  }
  return value;
}

/** A file's SHA-256: from its bytes, or read from the scratch file a large upload waits in. */
async function fileDigest(file: UploadedFile): Promise<string> {
  const hash = createHash('sha256');
  if ('data' in file) return hash.update(file.data).digest('hex');
  for await (const chunk of createReadStream(file.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What makes two requests "the same": method, address (with its query), body and files. */
export async function requestFingerprint(
  method: string,
  url: string,
  input: RecordInput,
): Promise<string> {
  const files: string[][] = [];
  for (const [field, list] of Object.entries(input.files))
    for (const file of list) files.push([field, file.filename, await fileDigest(file)]);
  files.sort((a, b) => a.join('\0').localeCompare(b.join('\0')));
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), url, canonical(input.data), files]))
    .digest('hex');
}

const accountOf = (auth: AuthState) => `${auth.collection.name}:${String(auth.record.id)}`;

/**
 * Runs `work` once per (account, key): in one transaction with the key's row, or not at all when
 * the key already holds an answer to the same request (that answer comes back, `replayed`).
 */
export async function runIdempotent(
  engine: Engine,
  auth: AuthState,
  key: string,
  fingerprint: string,
  work: (txEngine: Engine) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentAnswer> {
  const account = accountOf(auth);
  return inOneTransaction(engine, async (txEngine) => {
    // A new key, or an expired one taken over; when another request holds the key, this waits
    // until its transaction ends, then finds its answer (or the key free again after a rollback).
    const { rows: taken } = await txEngine.db.query(
      `INSERT INTO "_idempotency_keys" ("account", "key", "fingerprint", "expires")
       VALUES ($1, $2, $3, now() + make_interval(hours => $4))
       ON CONFLICT ("account", "key") DO UPDATE
         SET "fingerprint" = EXCLUDED."fingerprint", "response" = NULL, "status" = 200,
             "created" = now(), "expires" = EXCLUDED."expires"
         WHERE "_idempotency_keys"."expires" < now()
       RETURNING 1`,
      [account, key, fingerprint, IDEMPOTENCY_KEY_HOURS],
    );
    if (taken.length === 0) {
      const { rows } = await txEngine.db.query<{
        fingerprint: string;
        status: number;
        response: unknown;
      }>(
        `SELECT "fingerprint", "status", "response" FROM "_idempotency_keys"
         WHERE "account" = $1 AND "key" = $2`,
        [account, key],
      );
      const kept = rows[0];
      if (!kept || kept.fingerprint !== fingerprint)
        throw new ApiError(422, refusalText('system.idempotency_key_reused'));
      const body = typeof kept.response === 'string' ? JSON.parse(kept.response) : kept.response;
      return { status: kept.status, body, replayed: true };
    }
    // The account's expired keys go with its new ones, so the table holds only live answers.
    await txEngine.db.query(
      `DELETE FROM "_idempotency_keys" WHERE "account" = $1 AND "expires" < now()`,
      [account],
    );
    const answer = await work(txEngine);
    await txEngine.db.query(
      `UPDATE "_idempotency_keys" SET "status" = $3, "response" = $4::jsonb
       WHERE "account" = $1 AND "key" = $2`,
      [account, key, answer.status, JSON.stringify(answer.body ?? null)],
    );
    return { ...answer, replayed: false };
  });
}
