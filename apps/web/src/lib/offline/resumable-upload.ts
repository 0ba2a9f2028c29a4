import PocketBase, { ClientResponseError } from 'pocketbase';
import type { OutboxFile, OutboxItem, UploadProgress } from './outbox';

/**
 * The outbox's large files, sent in pieces (the server's `/api/uploads`, docs/offline.md) so that
 * a connection cut in the middle of a photo costs only the piece it cut: the next try asks the
 * server how much arrived and goes on from there. Each file's upload id and the bytes the server
 * has are kept in its outbox item, so this holds across a closed tab. Once every large file is
 * whole, the change itself is sent as before, under its Idempotency-Key, naming the uploads
 * under `@uploads` in place of those files; the server checks them as it checks any file.
 */

/** Files larger than this are sent in pieces (with every other file of their field). */
export const IN_PIECES_ABOVE = 256 * 1024;
/** One piece: a cut connection loses at most this much. */
export const PIECE_BYTES = 128 * 1024;
/** The name a record body lists its finished uploads under. */
export const UPLOADS_FIELD = '@uploads';

/** The server's upload endpoints (or a double in tests). */
export type UploadTransport = {
  /** Begins an upload; its id. */
  begin(file: { filename: string; size: number; type: string }): Promise<string>;
  /** How many bytes the server has; null when it has no such upload (expired, used). */
  received(id: string): Promise<number | null>;
  /**
   * Sends `piece` to go at `offset`; how many bytes the server has after it (when the offset was
   * not where the upload stood, where it stands). Null when the server has no such upload.
   */
  append(id: string, offset: number, piece: Blob): Promise<number | null>;
};

export type InPiecesOptions = {
  transport: UploadTransport;
  /** Keeps the files' progress in the outbox item (and tells whoever shows it). */
  save(files: OutboxFile[]): Promise<void>;
  /** Sends the change with these values (the SDK sends File values as multipart parts). */
  send(body: Record<string, unknown>): Promise<unknown>;
};

/** The fields whose files go in pieces: those with a file above the threshold. */
export function fieldsInPieces(files: readonly OutboxFile[]): Set<string> {
  return new Set(files.filter((f) => f.blob.size > IN_PIECES_ABOVE).map((f) => f.field));
}

/** The change's values: its JSON values, its small files as File objects, and `@uploads`. */
export function bodyNamingUploads(
  item: Pick<OutboxItem, 'body'>,
  files: readonly OutboxFile[],
  inPieces: ReadonlySet<string>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...item.body };
  const named: Record<string, string[]> = {};
  for (const file of files) {
    if (inPieces.has(file.field) && file.upload) {
      (named[file.field] ??= []).push(file.upload.id);
    } else {
      const list = (body[file.field] as unknown[] | undefined) ?? [];
      list.push(new File([file.blob], file.name, { type: file.type }));
      body[file.field] = list;
    }
  }
  if (Object.keys(named).length > 0) body[UPLOADS_FIELD] = named;
  return body;
}

/** Whether the server refused the change because an upload it named is gone (expired, say). */
function namesMissingUpload(error: unknown): boolean {
  if (!(error instanceof ClientResponseError) || error.status !== 400) return false;
  const data = (error.response as { data?: Record<string, { code?: string }> })?.data;
  return data?.[UPLOADS_FIELD]?.code === 'validation_upload_missing';
}

/**
 * Brings every file of `inPieces` fields to the server whole. A file with no upload begins one;
 * one begun on an earlier try first asks how far it came (a piece whose answer was lost may have
 * arrived); one the server no longer has begins again. Progress is saved after every piece.
 * `recheck`: ask about finished uploads too (the server said one is gone).
 */
async function uploadAll(
  files: OutboxFile[],
  inPieces: ReadonlySet<string>,
  { transport, save }: InPiecesOptions,
  recheck: boolean,
): Promise<OutboxFile[]> {
  const next = files.map((file) => ({ ...file }));
  const keep = () => save(next.map((file) => ({ ...file })));
  for (const file of next) {
    if (!inPieces.has(file.field)) continue;
    const size = file.blob.size;
    if (file.upload && (file.upload.received < size || recheck)) {
      const received = await transport.received(file.upload.id);
      file.upload = received === null ? undefined : { ...file.upload, received };
      await keep();
    }
    if (!file.upload) {
      const id = await transport.begin({ filename: file.name, size, type: file.type });
      file.upload = { id, received: 0 };
      await keep();
    }
    let upload: UploadProgress = file.upload;
    while (upload.received < size) {
      const end = Math.min(upload.received + PIECE_BYTES, size);
      const now = await transport.append(
        upload.id,
        upload.received,
        file.blob.slice(upload.received, end),
      );
      // Gone meanwhile (it expired): begin again.
      upload =
        now === null
          ? {
              id: await transport.begin({ filename: file.name, size, type: file.type }),
              received: 0,
            }
          : { id: upload.id, received: now };
      file.upload = upload;
      await keep();
    }
  }
  return next;
}

/**
 * Sends an outbox change: its large files in pieces first, then the change naming them. A
 * network failure anywhere rejects as a send does (the run stops; the next one goes on from the
 * bytes the server has). A refusal because an upload is gone sends the missing ones again once.
 */
export async function sendInPieces(item: OutboxItem, options: InPiecesOptions): Promise<unknown> {
  const inPieces = fieldsInPieces(item.files);
  let files = await uploadAll(item.files, inPieces, options, false);
  try {
    return await options.send(bodyNamingUploads(item, files, inPieces));
  } catch (error) {
    if (!namesMissingUpload(error)) throw error;
    files = await uploadAll(files, inPieces, options, true);
    return options.send(bodyNamingUploads(item, files, inPieces));
  }
}

const statusOf = (error: unknown) => (error instanceof ClientResponseError ? error.status : -1);

/** The upload endpoints through the app's PocketBase client (its session and language). */
export function uploadTransport(client: Pick<PocketBase, 'send'>): UploadTransport {
  const path = (id: string) => `/api/uploads/${encodeURIComponent(id)}`;
  return {
    async begin(file) {
      const started = await client.send<{ id: string }>('/api/uploads', {
        method: 'POST',
        body: file,
      });
      return started.id;
    },
    async received(id) {
      try {
        return (await client.send<{ offset: number }>(path(id), { method: 'GET' })).offset;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async append(id, offset, piece) {
      try {
        const answer = await client.send<{ offset: number }>(path(id), {
          method: 'PATCH',
          headers: {
            'Content-Type': 'application/offset+octet-stream',
            'Upload-Offset': String(offset),
          },
          body: piece,
        });
        return answer.offset;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        // Not where the upload stands: the server says where it does.
        const standing = (error as ClientResponseError).response as { offset?: unknown };
        if (statusOf(error) === 409 && typeof standing?.offset === 'number') return standing.offset;
        throw error;
      }
    },
  };
}
