import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { ApiError } from '../core/errors';
import type { RecordInput, UploadedFile } from '../core/record-write';

/** Largest JSON/form body; multipart record bodies may carry files up to the per-field limits. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

const UNSUPPORTED = Symbol('unsupported-content-type');

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

function addValue(target: Record<string, unknown>, key: string, value: unknown): void {
  if (!(key in target)) target[key] = value;
  else if (Array.isArray(target[key])) (target[key] as unknown[]).push(value);
  else target[key] = [target[key], value];
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
          const buffer = await part.toBuffer();
          (files[part.fieldname] ??= []).push({ filename: part.filename || 'blob', data: buffer });
        } else if (part.fieldname === '@jsonPayload') {
          payloads.push(String(part.value));
        } else {
          addValue(data, part.fieldname, inferValue(String(part.value)));
        }
      }
    } catch (err) {
      const e = err as { statusCode?: number; code?: string };
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

/** Content-type parsers that never throw; problems surface when a route reads the body. */
export const bodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_req, text, done) => {
        const raw = String(text);
        if (raw.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(raw));
        } catch {
          done(null, { __invalid: true });
        }
      },
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_req, text, done) => {
        const data: Record<string, unknown> = {};
        for (const [key, value] of new URLSearchParams(String(text)))
          addValue(data, key, inferValue(value));
        done(null, data);
      },
    );
    await app.register(multipart, {
      limits: {
        fileSize: MAX_BODY_BYTES,
        files: 200,
        fields: 2000,
        fieldSize: 8 * 1024 * 1024,
        parts: 2500,
      },
    });
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_req, buffer, done) => {
        done(null, (buffer as Buffer).length === 0 ? undefined : UNSUPPORTED);
      },
    );
  },
  { name: 'body' },
);
