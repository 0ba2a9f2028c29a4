import { availableParallelism } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  buildAuthState,
  findRecordByToken,
  isActiveAccount,
  issueToken,
  type Secrets,
} from '../../core/auth';
import { q, type Collection, type ModelField } from '../../core/collection-model';
import type { Engine } from '../../core/engine';
import { ApiError, MESSAGES, notFound } from '../../core/errors';
import type { Row } from '../../core/record-export';
import { loadAccessibleRow } from '../../core/records';
import type { RequestInfo } from '../../core/request-info';
import { toList } from '../../core/values';
import { detectContentType, isInlineContentType } from '../../tools/filesystem/content-type';
import { isSafeStoredName } from '../../tools/filesystem/file-name';
import type { ByteRange, FileStorage } from '../../tools/filesystem/storage';
import { makeThumb, parseThumbSize, THUMBABLE_TYPES } from '../../tools/filesystem/thumbs';

const CONTENT_SECURITY_POLICY =
  "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const CACHE_CONTROL = 'max-age=2592000, stale-while-revalidate=86400';
/** The thumb size every image field allows, besides its declared `thumbs`. */
const DEFAULT_THUMB = '100x100';
/** How much of a file is read to detect its content type. */
const SNIFF_BYTES = 64 * 1024;
const RECORD_ID = /^[A-Za-z0-9_-]{1,50}$/;
const TRUE_VALUES = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

type FileParams = { collection: string; recordId: string; filename: string };
type FileField = Extract<ModelField, { type: 'file' }>;

export type FileRouteOptions = { engine: Engine; secrets: Secrets };

/** Where a thumb of a stored file is cached. */
export function thumbKey(
  collectionId: string,
  recordId: string,
  fileName: string,
  size: string,
): string {
  return `${collectionId}/${recordId}/thumbs_${fileName}/${size}_${fileName}`;
}

/** Runs at most `limit` jobs at once; the others wait their turn. */
function createGate(limit: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (job) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

async function readHead(storage: FileStorage, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key, {
    start: 0,
    end: Math.min(size, SNIFF_BYTES) - 1,
  })) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  }
  return Buffer.concat(chunks);
}

/** The file field currently holding `fileName`, if any. */
function fieldHolding(collection: Collection, row: Row, fileName: string): FileField | undefined {
  for (const field of collection.fields) {
    if (field.type === 'file' && toList(row[field.name]).map(String).includes(fileName))
      return field;
  }
  return undefined;
}

/**
 * Parses a `Range` header against a file size, like Go's http.ServeContent: null to serve the
 * whole file (no header, several ranges, empty file), 'invalid' for a 416, else one range.
 */
function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header || size === 0) return null;
  if (!header.startsWith('bytes=')) return 'invalid';
  const specs = header
    .slice(6)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length === 0) return 'invalid';
  if (specs.length > 1) return null;
  const match = /^(\d*)-(\d*)$/.exec(specs[0]);
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Seconds since the epoch of an HTTP date, or null. */
function httpDateSeconds(value: string | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** `GET /api/files/...` and `POST /api/files/token`. */
export async function fileRoutes(
  app: FastifyInstance,
  { engine, secrets }: FileRouteOptions,
): Promise<void> {
  const gate = createGate(availableParallelism() + 2);
  const pendingThumbs = new Map<string, Promise<boolean>>();

  /** Makes (once) and caches a thumb; false when it can't be made. */
  const ensureThumb = (original: string, target: string, spec: string): Promise<boolean> => {
    const pending = pendingThumbs.get(target);
    if (pending) return pending;
    const work = gate(async () => {
      if (await engine.storage.stat(target)) return true;
      const size = parseThumbSize(spec);
      const input = await engine.storage.get(original);
      if (!size || !input) return false;
      await engine.storage.put(target, await makeThumb(input, size));
      return true;
    })
      .catch((err: unknown) => {
        app.log.warn({ err, key: original, thumb: spec }, 'thumb generation failed');
        return false;
      })
      .finally(() => pendingThumbs.delete(target));
    pendingThumbs.set(target, work);
    return work;
  };

  /** Protected files need a file token whose account may view the record; anything else is a 404. */
  const checkProtected = async (
    request: FastifyRequest,
    collection: Collection,
    recordId: string,
  ): Promise<void> => {
    const token = request.info.query.token ?? '';
    const found = token
      ? await findRecordByToken(engine.db, engine.registry, secrets, token, 'file')
      : null;
    if (!found || !isActiveAccount(found.collection, found.row)) throw notFound();
    const info: RequestInfo = {
      ...request.info,
      auth: await buildAuthState(engine.db, found.collection, found.row),
      context: 'protectedFile',
    };
    try {
      await loadAccessibleRow(engine, collection, recordId, 'view', info);
    } catch (err) {
      if (err instanceof ApiError) throw notFound();
      throw err;
    }
  };

  /**
   * Files that follow their record's view access: with a file token, that account's access;
   * without, the requester's own (a guest's rule for a plain link). Anything else is a 404.
   */
  const checkViewAccess = async (
    request: FastifyRequest,
    collection: Collection,
    recordId: string,
  ): Promise<void> => {
    if (request.info.query.token) return checkProtected(request, collection, recordId);
    try {
      await loadAccessibleRow(engine, collection, recordId, 'view', request.info);
    } catch (err) {
      if (err instanceof ApiError) throw notFound();
      throw err;
    }
  };

  const serve = async (request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply) => {
    const { collection: collectionParam, recordId, filename } = request.params;
    const collection = engine.registry.get(collectionParam);
    if (!collection || !RECORD_ID.test(recordId) || !isSafeStoredName(filename)) throw notFound();
    const { rows } = await engine.db.query<Row>(
      `SELECT * FROM ${q(collection.table)} WHERE "id" = $1`,
      [recordId],
    );
    const row = rows[0];
    const field = row ? fieldHolding(collection, row, filename) : undefined;
    if (!row || !field) throw notFound();
    if (field.protected) await checkProtected(request, collection, recordId);
    else if (field.followsViewAccess) await checkViewAccess(request, collection, recordId);

    const originalKey = `${collection.id}/${String(row.id)}/${filename}`;
    const originalStat = await engine.storage.stat(originalKey);
    if (!originalStat) throw notFound();
    const contentType = await detectContentType(
      await readHead(engine.storage, originalKey, originalStat.size),
      filename,
    );

    let servedKey = originalKey;
    let stat = originalStat;
    const thumb = request.info.query.thumb;
    const essence = contentType.split(';')[0].trim().toLowerCase();
    if (
      thumb &&
      THUMBABLE_TYPES.includes(essence) &&
      (thumb === DEFAULT_THUMB || field.thumbs?.includes(thumb)) &&
      parseThumbSize(thumb)
    ) {
      const target = thumbKey(collection.id, String(row.id), filename, thumb);
      const thumbStat = (await ensureThumb(originalKey, target, thumb))
        ? await engine.storage.stat(target)
        : null;
      if (thumbStat) {
        servedKey = target;
        stat = thumbStat;
      }
    }

    const download = TRUE_VALUES.has(request.info.query.download ?? '');
    const disposition = !download && isInlineContentType(contentType) ? 'inline' : 'attachment';
    reply.removeHeader('X-Frame-Options');
    reply.header('Content-Disposition', `${disposition}; filename=${filename}`);
    reply.header('Content-Type', contentType);
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('Cache-Control', CACHE_CONTROL);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Last-Modified', stat.mtime.toUTCString());

    const modified = Math.floor(stat.mtime.getTime() / 1000);
    const since = httpDateSeconds(headerValue(request, 'if-modified-since'));
    if (since !== null && modified <= since) {
      reply.removeHeader('Content-Type');
      return reply.code(304).send();
    }

    // `If-Range` with a date: the range applies only while the file is unchanged.
    const ifRange = headerValue(request, 'if-range');
    const range = parseRange(
      ifRange === undefined || httpDateSeconds(ifRange) === modified
        ? headerValue(request, 'range')
        : undefined,
      stat.size,
    );
    if (range === 'invalid') {
      reply.removeHeader('Content-Type');
      reply.header('Content-Range', `bytes */${stat.size}`);
      return reply.code(416).send();
    }
    if (range) {
      reply.code(206);
      reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      reply.header('Content-Length', String(range.end - range.start + 1));
    } else {
      reply.header('Content-Length', String(stat.size));
    }
    if (request.method === 'HEAD' || stat.size === 0) return reply.send();
    return reply.send(engine.storage.createReadStream(servedKey, range ?? undefined));
  };

  app.route<{ Params: FileParams }>({
    method: ['GET', 'HEAD'],
    url: '/api/files/:collection/:recordId/:filename',
    handler: serve,
  });

  app.post('/api/files/token', async (request) => {
    const auth = request.info.auth;
    if (!auth) throw new ApiError(401, MESSAGES[401]);
    return { token: await issueToken(secrets, auth.collection, auth.record, 'file') };
  });
}
