import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../../core/engine';
import { ApiError, MESSAGES, unauthorized } from '../../core/errors';
import { languageOf, refusalText } from '../../core/refusals';
import {
  accountOf,
  appendChunk,
  beginUpload,
  largestFileSize,
  MAX_CHUNK_BYTES,
  OffsetMismatch,
  removeStaleUploads,
  removeUpload,
  uploadState,
  type UploadState,
} from '../../domain/resumable-uploads';
import { readBody, UNSUPPORTED } from '../read-body';

/** The content type of a chunk (as tus names it): raw bytes that go at `Upload-Offset`. */
export const CHUNK_TYPE = 'application/offset+octet-stream';
const SWEEP_EVERY_MS = 3600 * 1000;

type Params = { id: string };

const hasControl = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function accountOfRequest(request: FastifyRequest): string {
  const auth = request.info.auth;
  if (!auth) throw unauthorized();
  return accountOf(auth);
}

function answer(reply: FastifyReply, state: UploadState) {
  reply.header('Upload-Offset', String(state.offset));
  reply.header('Upload-Length', String(state.size));
  reply.header('Cache-Control', 'no-store');
  return { id: state.id, offset: state.offset, size: state.size };
}

/**
 * Uploads sent in pieces (domain/resumable-uploads.ts), for signed-in accounts:
 * `POST /api/uploads` begins one (`{filename, size, type}` → `{id, offset: 0, size}`);
 * `GET`/`HEAD /api/uploads/:id` say how many bytes arrived (`offset`, and `Upload-Offset`);
 * `PATCH /api/uploads/:id` adds a chunk of up to 1 MB sent as `application/offset+octet-stream`
 * at the offset its `Upload-Offset` header names (409 with the upload's offset when that is not
 * where it stands); `DELETE` drops it. Another account's upload is a 404.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  { engine, sweep = true }: { engine: Engine; sweep?: boolean },
): Promise<void> {
  // Only in this plugin's routes: elsewhere a body of this type stays unsupported.
  app.addContentTypeParser(
    CHUNK_TYPE,
    { parseAs: 'buffer', bodyLimit: MAX_CHUNK_BYTES },
    (_request, body, done) => done(null, body),
  );

  if (sweep) {
    const log = (err: unknown) => app.log.error({ err }, 'removing expired uploads failed');
    await removeStaleUploads(engine.db).catch(log);
    const timer = setInterval(() => void removeStaleUploads(engine.db).catch(log), SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.post('/api/uploads', async (request, reply) => {
    const account = accountOfRequest(request);
    const { data } = await readBody(request, MESSAGES[400]);
    const filename = typeof data.filename === 'string' ? data.filename.trim() : '';
    const size = data.size;
    const type = data.type === undefined ? '' : data.type;
    const errors: ApiError['data'] = {};
    // The stored name is made from it as from a multipart part's; only its length is checked.
    if (filename === '' || filename.length > 255 || hasControl(filename))
      errors.filename = { code: 'validation_invalid_value', message: 'Invalid value.' };
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1)
      errors.size = { code: 'validation_invalid_value', message: 'Invalid value.' };
    if (typeof type !== 'string' || type.length > 255)
      errors.type = { code: 'validation_invalid_value', message: 'Invalid value.' };
    if (Object.keys(errors).length > 0) throw new ApiError(400, MESSAGES[400], errors);
    const state = await beginUpload(
      engine.db,
      account,
      { filename, size: size as number, type: type as string },
      largestFileSize(engine.registry),
    );
    return answer(reply, state);
  });

  // Fastify answers HEAD from this route too, with the same headers and no body.
  app.get<{ Params: Params }>('/api/uploads/:id', async (request, reply) => {
    const account = accountOfRequest(request);
    const state = await uploadState(engine.db, account, request.params.id);
    if (!state) throw new ApiError(404, MESSAGES[404]);
    return answer(reply, state);
  });

  app.patch<{ Params: Params }>('/api/uploads/:id', async (request, reply) => {
    const account = accountOfRequest(request);
    const offsetHeader = request.headers['upload-offset'];
    const offset = typeof offsetHeader === 'string' ? Number(offsetHeader) : NaN;
    if (!/^\d{1,15}$/.test(String(offsetHeader)) || !Number.isSafeInteger(offset))
      throw new ApiError(400, MESSAGES[400], {
        'Upload-Offset': { code: 'validation_invalid_value', message: 'Invalid value.' },
      });
    const body = request.body as unknown;
    if (body === UNSUPPORTED || (body !== undefined && !Buffer.isBuffer(body)))
      throw new ApiError(400, 'Unsupported Content-Type.');
    const chunk = body === undefined ? Buffer.alloc(0) : (body as Buffer);
    try {
      return answer(reply, await appendChunk(engine.db, account, request.params.id, offset, chunk));
    } catch (err) {
      if (!(err instanceof OffsetMismatch)) throw err;
      answer(reply, err.state);
      const message = refusalText(
        'system.upload_offset',
        { offset: String(err.state.offset) },
        languageOf(request.headers['accept-language']),
      );
      return reply.code(409).send({ data: {}, message, status: 409, offset: err.state.offset });
    }
  });

  app.delete<{ Params: Params }>('/api/uploads/:id', async (request, reply) => {
    const account = accountOfRequest(request);
    if (!(await removeUpload(engine.db, account, request.params.id)))
      throw new ApiError(404, MESSAGES[404]);
    return reply.code(204).send();
  });
}
