import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: the headers cost about what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli when accepted, else gzip,
 * else none. `q=0` refuses an encoding; `*` stands for any encoding not named.
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const weightOf = (encoding: Encoding) =>
    weights.get(encoding) ??
    (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
    weights.get('*') ??
    0;
  let best: Encoding | null = null;
  for (const encoding of available) {
    const weight = weightOf(encoding);
    if (weight > 0 && (best === null || weight > weightOf(best))) best = encoding;
  }
  return best;
}

/** Adds Accept-Encoding to the Vary header, keeping what is there. */
export function varyOnEncoding(current: unknown): string {
  const names = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding'))
    names.push('Accept-Encoding');
  return names.join(', ');
}

/**
 * Compresses one answer on the fly. Brotli at quality 4 packs JSON better than gzip's default
 * while costing about as much CPU; both run on libuv's thread pool, not the event loop.
 */
export function compressBody(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

const COMPRESSIBLE_TYPE = /^application\/json/;

/**
 * API JSON answers above about 1 KB go out compressed when the client accepts
 * it. Streams (realtime), stored files (served as uploaded, with ranges) and answers already
 * encoded are left alone.
 */
export const apiCompressionPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: most answers leave it at once, and on every request
    // a promise and a turn of the microtask queue were the most of what it cost.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/files/'))
        return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (request.method === 'HEAD' || reply.getHeader('content-encoding'))
        return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);
      const vary = reply.getHeader('vary');
      reply.header('Vary', vary === undefined ? 'Accept-Encoding' : varyOnEncoding(vary));
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (byteLengthBelow(payload, COMPRESS_MIN_BYTES)) return done(null, payload);
      // A long answer sent as it is goes out as one Buffer: as a string, Node encoded it twice
      // (once to count its bytes, once more joined to the headers when writing).
      if (!encoding)
        return done(null, typeof payload === 'string' ? Buffer.from(payload) : payload);
      compressBody(payload, encoding).then(
        (compressed) => {
          reply.header('Content-Encoding', encoding);
          reply.removeHeader('content-length');
          done(null, compressed);
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'api-compression' },
);

/** Whether `payload` is under `limit` bytes, without encoding a long string to count them. */
function byteLengthBelow(payload: string | Buffer, limit: number): boolean {
  // A character is at least one byte in UTF-8: a string this long is at least `limit` bytes.
  if (typeof payload === 'string' && payload.length >= limit) return false;
  return Buffer.byteLength(payload) < limit;
}
