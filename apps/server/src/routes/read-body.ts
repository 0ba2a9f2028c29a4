import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors';
import type { RecordInput, UploadedFile } from '../core/record-write';

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
