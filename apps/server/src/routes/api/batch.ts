import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engine } from '../../core/engine';
import { inOneTransaction } from '../../core/unit-of-work';
import type { Language } from '@app/schema';
import { ApiError, badRequest, MESSAGES } from '../../core/errors';
import { languageOf, localiseError } from '../../core/refusals';
import { q } from '../../core/collection-model';
import type { RecordInput, UploadedFile } from '../../core/record-write';
import { createRecord, deleteRecord, updateRecord } from '../../core/records';
import type { RequestInfo } from '../../core/request-info';
import type { FieldError } from '../../core/values';
import { answerIdempotently } from '../idempotent';
import { readBody } from '../read-body';
import { sentenize } from '../../tools/inflector/sentenize';
import { parseFields, pickFields } from '../../tools/picker/fields';

export const MAX_BATCH_REQUESTS = 50;
/** Batch bodies may be larger than others (PocketBase's default `batch.maxBodySize`). */
export const MAX_BATCH_BODY_BYTES = 128 * 1024 * 1024;
const MAX_URL_LENGTH = 2000;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const READ_ERROR = 'Failed to read the submitted batch data.';

// The record actions a batch may run (PocketBase's ValidBatchActions).
const UPSERT = /^PUT \/api\/collections\/([^/?]+)\/records(\?.*)?$/;
const CREATE = /^POST \/api\/collections\/([^/?]+)\/records(\?.*)?$/;
const UPDATE = /^PATCH \/api\/collections\/([^/?]+)\/records\/([^/?]+)(\?.*)?$/;
const DELETE = /^DELETE \/api\/collections\/([^/?]+)\/records\/([^/?]+)(\?.*)?$/;
// Files of a multipart batch: `requests.N.field` or `requests[N].field`.
const FILE_PART = /^requests(?:\.(\d+)\.|\[(\d+)\]\.)(.+)$/;

type InternalRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  files: Record<string, UploadedFile[]>;
};

export type BatchResult = { status: number; body: unknown };

/** One inner request failed; the whole batch is rolled back. */
class BatchItemFailure extends Error {
  constructor(
    readonly index: number,
    readonly failure: unknown,
  ) {
    super('batch request failed');
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `requests` as submitted; a wrong shape is a read error, like a failed JSON bind. */
function bindRequests(
  data: Record<string, unknown>,
  files: Record<string, UploadedFile[]>,
): InternalRequest[] {
  const raw = data.requests;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest(READ_ERROR);
  const requests = raw.map((item): InternalRequest => {
    if (!isPlainObject(item)) throw badRequest(READ_ERROR);
    const { method = '', url = '', headers = {}, body = {} } = item;
    if (typeof method !== 'string' || typeof url !== 'string') throw badRequest(READ_ERROR);
    if (headers !== null && !isPlainObject(headers)) throw badRequest(READ_ERROR);
    if (body !== null && !isPlainObject(body)) throw badRequest(READ_ERROR);
    const headerValues: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (typeof value !== 'string') throw badRequest(READ_ERROR);
      headerValues[name] = value;
    }
    return { method, url, headers: headerValues, body: body ?? {}, files: {} };
  });
  for (const [part, uploads] of Object.entries(files)) {
    const match = FILE_PART.exec(part);
    const target = match ? requests[Number(match[1] ?? match[2])] : undefined;
    if (!match || !target) continue;
    (target.files[match[3]] ??= []).push(...uploads);
  }
  return requests;
}

/** The form checks: 1–50 requests, each with a known method and a URL of at most 2000 characters. */
function validateRequests(requests: InternalRequest[]): void {
  let errors: Record<string, FieldError | Record<string, unknown>> = {};
  if (requests.length === 0) {
    errors = { requests: { code: 'validation_required', message: 'Cannot be blank.' } };
  } else if (requests.length > MAX_BATCH_REQUESTS) {
    errors = {
      requests: {
        code: 'validation_length_too_long',
        message: `The length must be no more than ${MAX_BATCH_REQUESTS}.`,
        params: { min: 0, max: MAX_BATCH_REQUESTS },
      },
    };
  } else {
    const items: Record<string, Record<string, FieldError>> = {};
    requests.forEach((request, index) => {
      const item: Record<string, FieldError> = {};
      if (request.method === '')
        item.method = { code: 'validation_required', message: 'Cannot be blank.' };
      else if (!METHODS.has(request.method))
        item.method = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
      if (request.url === '')
        item.url = { code: 'validation_required', message: 'Cannot be blank.' };
      else if (request.url.length > MAX_URL_LENGTH) {
        item.url = {
          code: 'validation_length_too_long',
          message: `The length must be no more than ${MAX_URL_LENGTH}.`,
          params: { min: 0, max: MAX_URL_LENGTH },
        };
      }
      if (Object.keys(item).length) items[String(index)] = item;
    });
    if (Object.keys(items).length) errors = { requests: items };
  }
  if (Object.keys(errors).length) throw badRequest('Invalid batch request data.', errors);
}

/** Header names as rules see them: `X-Token` → `x_token`. */
function snakeHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    out[name.toLowerCase().replace(/-/g, '_')] = value;
  return out;
}

/** An inner request's header, whatever the case of its name. */
function headerOf(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** The error JSON an inner request would have answered with. */
function errorJson(
  err: unknown,
  lang: Language,
): { data: ApiError['data']; message: string; status: number } {
  if (!(err instanceof ApiError)) return { data: {}, message: MESSAGES[400], status: 400 };
  const { message, data } = localiseError(err, lang);
  return { data, message: sentenize(message), status: err.status };
}

/** `POST /api/batch`: record creates, updates, upserts and deletes, all or nothing. */
export async function batchRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  const runOne = async (
    txEngine: Engine,
    outer: FastifyRequest,
    item: InternalRequest,
  ): Promise<BatchResult> => {
    const line = `${item.method} ${item.url}`;
    const match = UPSERT.exec(line) ?? CREATE.exec(line) ?? UPDATE.exec(line) ?? DELETE.exec(line);
    if (!match) throw badRequest();
    const collection = txEngine.registry.get(decodeSegment(match[1]));
    if (!collection) throw new ApiError(404, 'Missing collection context.');
    const search = item.url.includes('?') ? item.url.slice(item.url.indexOf('?') + 1) : '';
    const query: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(search)) if (!(key in query)) query[key] = value;
    let fields = null;
    try {
      fields = query.fields ? parseFields(query.fields) : null;
    } catch {
      throw badRequest();
    }
    const info: RequestInfo = {
      ...outer.info,
      method: item.method,
      context: 'batch',
      query,
      headers: { ...outer.info.headers, ...snakeHeaders(item.headers) },
      body: item.body,
    };
    const input: RecordInput = { data: item.body, files: item.files };
    const answer = (body: unknown): BatchResult => ({
      status: 200,
      body: fields ? pickFields(body, fields) : body,
    });

    if (item.method === 'DELETE') {
      await deleteRecord(txEngine, collection, decodeSegment(match[2]), info, outer.ip);
      return { status: 204, body: null };
    }
    let id = item.method === 'PATCH' ? decodeSegment(match[2]) : '';
    if (item.method === 'PUT') {
      // Upsert: an update when the body names an existing record, else a create.
      const wanted =
        item.body.id === undefined || item.body.id === null ? '' : String(item.body.id);
      const { rows } = wanted
        ? await txEngine.db.query(`SELECT 1 FROM ${q(collection.table)} WHERE "id" = $1`, [wanted])
        : { rows: [] };
      id = rows.length ? wanted : '';
      info.method = id ? 'PATCH' : 'POST';
    }
    if (id)
      return answer(
        await updateRecord(
          txEngine,
          collection,
          id,
          input,
          info,
          outer.ip,
          query.expand,
          // An update (not an upsert) may name the version it was made from, as a PATCH may.
          item.method === 'PATCH' ? headerOf(item.headers, 'if-match') : undefined,
        ),
      );
    return answer(await createRecord(txEngine, collection, input, info, outer.ip, query.expand));
  };

  app.post('/api/batch', { bodyLimit: MAX_BATCH_BODY_BYTES }, async (request, reply) => {
    const input = await readBody(request, READ_ERROR);
    const requests = bindRequests(input.data, input.files);
    validateRequests(requests);
    return answerIdempotently(engine, request, reply, input, (writer) =>
      runBatch(writer, request, requests),
    );
  });

  /** Every inner request in one transaction; the first that fails undoes them all. */
  const runBatch = async (
    engine: Engine,
    request: FastifyRequest,
    requests: InternalRequest[],
  ): Promise<BatchResult[]> => {
    try {
      return await inOneTransaction(engine, async (txEngine) => {
        const results: BatchResult[] = [];
        for (const [index, item] of requests.entries()) {
          try {
            results.push(await runOne(txEngine, request, item));
          } catch (err) {
            throw new BatchItemFailure(index, err);
          }
        }
        return results;
      });
    } catch (err) {
      if (!(err instanceof BatchItemFailure)) throw err;
      if (!(err.failure instanceof ApiError))
        request.log.error({ err: err.failure }, 'batch request failed');
      throw badRequest('Batch transaction failed.', {
        requests: {
          [String(err.index)]: {
            code: 'batch_request_failed',
            message: 'Batch request failed.',
            response: errorJson(err.failure, languageOf(request.headers['accept-language'])),
          },
        },
      });
    }
  };
}
