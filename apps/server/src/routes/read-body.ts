import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors';
import type { RecordInput, UploadedFile } from '../core/record-write';
import { randomString, ALPHABET_LOWER_ALNUM } from '../tools/security/random';

// The body plugin (plugins/body.ts) only parses; routes read and check what it left here.

/** What the body plugin stores for a content type the API does not read. */
export const UNSUPPORTED = Symbol('unsupported-content-type');

/**
 * PocketBase's inference of multipart/urlencoded text values: "true"/"false" become booleans, and
 * numbers only when they print back exactly as sent ("5" yes, "007" or "1.50" no).
 */
export function inferValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^[-.\d]+$/.test(raw) && /^[-\d]/.test(raw)) {
    const n = Number(raw);
    if (Number.isFinite(n) && String(n) === raw) return n;
  }
  return raw;
}

/** Adds a form value; a repeated key becomes a list. */
export function addValue(target: Record<string, unknown>, key: string, value: unknown): void {
  if (!(key in target)) target[key] = value;
  else if (Array.isArray(target[key])) (target[key] as unknown[]).push(value);
  else target[key] = [target[key], value];
}

/**
 * A file up to this size is kept in memory as it was received; a larger one goes to a scratch
 * file as it arrives, so a record of ten 20 MB attachments does not hold 200 MB. Its first
 * SPOOL_ABOVE bytes are kept to tell its type.
 */
export const SPOOL_ABOVE = 1024 * 1024;

/** The scratch files a request's body was written to, removed once it is answered. */
const spooled = new WeakMap<FastifyRequest, string[]>();

/** Removes the scratch files of `request`'s uploads (called when it is answered or aborted). */
export function removeSpooled(request: FastifyRequest): Promise<void> | null {
  const paths = spooled.get(request);
  if (!paths) return null;
  spooled.delete(request);
  return Promise.all(paths.map((path) => rm(path, { force: true }))).then(() => {});
}

/**
 * Notes a scratch file of `request`. The first one also watches for the client going away: an
 * aborted request is never answered, so the answer's hook (plugins/body.ts) would not remove it.
 * Watched here rather than by an `onRequestAbort` hook, which would add a listener to every request.
 */
function rememberSpooled(request: FastifyRequest, path: string): void {
  const paths = spooled.get(request);
  if (paths) {
    paths.push(path);
    return;
  }
  spooled.set(request, [path]);
  request.raw.once('close', () => {
    if (request.raw.aborted) void removeSpooled(request);
  });
}

/**
 * Receives one file part: in memory up to SPOOL_ABOVE, else into a scratch file in `dir`. A part
 * cut at the multipart size limit throws FST_REQ_FILE_TOO_LARGE, as `toBuffer()` does.
 */
async function receiveFile(
  request: FastifyRequest,
  filename: string,
  file: Readable & { truncated?: boolean },
  dir: string | undefined,
): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  let out: ReturnType<typeof createWriteStream> | null = null;
  let path = '';
  // A write that fails (a full disk) is kept and thrown here, never left as an unhandled event.
  let failure: Error | null = null;
  const settled = (event: 'drain' | 'finish') =>
    new Promise<void>((done) => {
      const end = () => {
        out!.off(event, end);
        out!.off('error', end);
        done();
      };
      out!.once(event, end);
      out!.once('error', end);
    });
  const write = async (chunk: Buffer) => {
    if (failure) throw failure;
    if (!out!.write(chunk)) await settled('drain');
    if (failure) throw failure;
  };
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (out) {
        await write(chunk);
        continue;
      }
      chunks.push(chunk);
      if (size > SPOOL_ABOVE && dir) {
        await mkdir(dir, { recursive: true });
        path = join(dir, `${randomString(16, ALPHABET_LOWER_ALNUM)}.upload`);
        rememberSpooled(request, path);
        out = createWriteStream(path, { flags: 'wx' });
        out.on('error', (err) => (failure ??= err));
        for (const held of chunks) await write(held);
      }
    }
    if (file.truncated)
      throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  } finally {
    if (out && !out.destroyed) {
      const finished = settled('finish');
      out.end();
      await finished;
      // The client went away while this file was still being written: nobody will read it.
      if (request.raw.aborted) await rm(path, { force: true });
    }
  }
  if (failure) throw failure;
  const head = Buffer.concat(chunks);
  if (!out) return { filename, data: head };
  return { filename, path, size, head: head.subarray(0, SPOOL_ABOVE) };
}

/** Reads a JSON, multipart or urlencoded body; `loadError` is the endpoint's message for a bad body. */
export async function readBody(request: FastifyRequest, loadError: string): Promise<RecordInput> {
  if (request.isMultipart()) {
    const data: Record<string, unknown> = {};
    const files: Record<string, UploadedFile[]> = {};
    const payloads: string[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const upload = await receiveFile(
            request,
            part.filename || 'blob',
            part.file,
            request.server.uploadScratch,
          );
          (files[part.fieldname] ??= []).push(upload);
        } else if (part.fieldname === '@jsonPayload') {
          payloads.push(String(part.value));
        } else {
          addValue(data, part.fieldname, inferValue(String(part.value)));
        }
      }
    } catch (err) {
      const e = err as { statusCode?: number; code?: string };
      // The scratch folder's disk is full: the server's 507, not a bad body.
      if (e.code === 'ENOSPC' || e.code === 'EDQUOT') throw err;
      if (
        e.statusCode === 413 ||
        e.code === 'FST_REQ_FILE_TOO_LARGE' ||
        e.code === 'FST_PARTS_LIMIT' ||
        e.code === 'FST_FILES_LIMIT'
      ) {
        throw new ApiError(413, 'Request entity too large.');
      }
      throw new ApiError(400, loadError);
    }
    for (const payload of payloads) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        throw new ApiError(400, loadError);
      }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        Object.assign(data, parsed);
    }
    return { data, files };
  }
  const body = request.body as unknown;
  if (body === UNSUPPORTED) throw new ApiError(400, 'Unsupported Content-Type.');
  if (body === undefined || body === null || body === '') return { data: {}, files: {} };
  if (typeof body === 'object' && body && (body as { __invalid?: boolean }).__invalid)
    throw new ApiError(400, loadError);
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, loadError);
  return { data: body as Record<string, unknown>, files: {} };
}

/**
 * A new scratch file's path for `request`, removed with its other scratch files once it is
 * answered; null when the server keeps no scratch folder (everything stays in memory).
 */
export async function scratchFileFor(request: FastifyRequest): Promise<string | null> {
  const dir = request.server.uploadScratch;
  if (!dir) return null;
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomString(16, ALPHABET_LOWER_ALNUM)}.upload`);
  (spooled.get(request) ?? spooled.set(request, []).get(request)!).push(path);
  return path;
}
