// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import 'fake-indexeddb/auto';
import { ClientResponseError } from 'pocketbase';
import { beforeEach, describe, expect, it } from 'vitest';
import { idbClear } from './idb';
import { createOutbox, type OutboxItem } from './outbox';
import {
  IN_PIECES_ABOVE,
  PIECE_BYTES,
  sendInPieces,
  UPLOADS_FIELD,
  type UploadTransport,
} from './resumable-upload';

const offline = () => new ClientResponseError({ status: 0 });

/**
 * A server double with the upload endpoints' rules: an upload takes a piece only at the offset
 * it stands at (else it says where it stands), and is forgotten when `expire` says. It counts
 * every byte that reaches it, and can cut the connection before a piece arrives or after it
 * arrived (the answer lost).
 */
function uploadServer() {
  const uploads = new Map<string, { size: number; bytes: Uint8Array[]; received: number }>();
  const records: Record<string, unknown>[] = [];
  const state = {
    bytesIn: 0,
    pieces: 0,
    /** Cut the connection on the piece with this number (1-based), before it arrives. */
    cutBefore: 0,
    /** Cut the connection on the piece with this number, after it arrived (answer lost). */
    cutAfter: 0,
    begun: 0,
  };
  const transport: UploadTransport = {
    async begin({ size }) {
      state.begun += 1;
      const id = `u${state.begun}`;
      uploads.set(id, { size, bytes: [], received: 0 });
      return id;
    },
    async received(id) {
      return uploads.get(id)?.received ?? null;
    },
    async append(id, offset, piece) {
      state.pieces += 1;
      if (state.pieces === state.cutBefore) throw offline();
      const upload = uploads.get(id);
      state.bytesIn += piece.size;
      if (!upload) return null;
      if (offset !== upload.received) return upload.received;
      upload.bytes.push(new Uint8Array(await piece.arrayBuffer()));
      upload.received += piece.size;
      if (state.pieces === state.cutAfter) throw offline();
      return upload.received;
    },
  };
  /** The record endpoint: refuses a named upload it does not have whole. */
  const send = async (body: Record<string, unknown>) => {
    const named = (body[UPLOADS_FIELD] ?? {}) as Record<string, string[]>;
    for (const ids of Object.values(named))
      for (const id of ids) {
        const upload = uploads.get(id);
        if (!upload || upload.received !== upload.size)
          throw new ClientResponseError({
            status: 400,
            data: {
              message: 'x',
              data: { [UPLOADS_FIELD]: { code: 'validation_upload_missing', message: 'x' } },
            },
          });
      }
    records.push(body);
    return { id: `r${records.length}` };
  };
  const whole = (id: string) => {
    const upload = uploads.get(id)!;
    return Buffer.concat(upload.bytes.map((b) => Buffer.from(b)));
  };
  return { transport, send, state, records, uploads, whole };
}

/** Bytes that do not repeat, so a piece sent at the wrong place would show. */
const photoOf = (size: number) =>
  new Blob([Uint8Array.from({ length: size }, (_, i) => (i * 31 + (i >> 8)) % 256)], {
    type: 'image/jpeg',
  });

function outboxOver(server: ReturnType<typeof uploadServer>) {
  const box = createOutbox({
    send: (item: OutboxItem) =>
      sendInPieces(item, {
        transport: server.transport,
        save: (files) => box.saveFiles(item.account, item.seq, files),
        send: server.send,
      }),
  });
  return box;
}

const ACCOUNT = 'employees:a';

describe('large files sent in pieces', () => {
  beforeEach(async () => {
    await idbClear('outbox');
  });

  it('goes on after a cut from the bytes the server has, sending none twice', async () => {
    const server = uploadServer();
    const box = outboxOver(server);
    const size = IN_PIECES_ABOVE + PIECE_BYTES + 1000;
    const photo = photoOf(size);
    await box.enqueue(ACCOUNT, {
      collection: 'activities_timelines',
      body: { title: 'Well', photos: [new File([photo], 'well.jpg', { type: 'image/jpeg' })] },
      label: 'Well',
    });
    const before = (await box.list(ACCOUNT))[0].bytes;

    server.state.cutBefore = 2;
    const first = await box.flush(ACCOUNT);
    expect(first).toEqual({ sent: 0, refused: 0, stopped: true });
    const waiting = (await box.list(ACCOUNT))[0];
    expect(waiting.state).toBe('waiting');
    expect(waiting.files[0].upload).toEqual({ id: 'u1', received: PIECE_BYTES });
    // What is left to send counts the piece the server has.
    expect(waiting.bytes).toBe(before - PIECE_BYTES);
    expect(server.records).toHaveLength(0);

    const second = await box.flush(ACCOUNT);
    expect(second).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(server.state.begun).toBe(1);
    expect(server.state.bytesIn).toBe(size);
    expect(server.whole('u1').equals(Buffer.from(await photo.arrayBuffer()))).toBe(true);
    expect(server.records).toHaveLength(1);
    expect(server.records[0][UPLOADS_FIELD]).toEqual({ photos: ['u1'] });
    expect(server.records[0].photos).toBeUndefined();
    expect(server.records[0].title).toBe('Well');
    expect(await box.list(ACCOUNT)).toEqual([]);
  });

  it('asks how far an upload came when a piece arrived but its answer was lost', async () => {
    const server = uploadServer();
    const box = outboxOver(server);
    const size = IN_PIECES_ABOVE + 10;
    await box.enqueue(ACCOUNT, {
      collection: 'activities_timelines',
      body: { photos: [new File([photoOf(size)], 'p.jpg', { type: 'image/jpeg' })] },
      label: 'Lost answer',
    });
    server.state.cutAfter = 2;
    expect((await box.flush(ACCOUNT)).stopped).toBe(true);
    // The outbox believes one piece arrived; the server has two.
    expect((await box.list(ACCOUNT))[0].files[0].upload?.received).toBe(PIECE_BYTES);
    expect((await box.flush(ACCOUNT)).sent).toBe(1);
    expect(server.state.bytesIn).toBe(size);
  });

  it('begins again an upload the server no longer has, and keeps small files as parts', async () => {
    const server = uploadServer();
    const box = outboxOver(server);
    const size = IN_PIECES_ABOVE + 5;
    const small = new File(['a small receipt'], 'receipt.pdf', { type: 'application/pdf' });
    await box.enqueue(ACCOUNT, {
      collection: 'activities_timelines',
      body: {
        photos: [new File([photoOf(size)], 'p.jpg', { type: 'image/jpeg' })],
        receipt: [small],
      },
      label: 'Expired',
    });
    server.state.cutBefore = 2;
    expect((await box.flush(ACCOUNT)).stopped).toBe(true);
    // A day passes: the server forgets the upload.
    server.uploads.clear();
    expect((await box.flush(ACCOUNT)).sent).toBe(1);
    expect(server.state.begun).toBe(2);
    const sent = server.records[0];
    expect(sent[UPLOADS_FIELD]).toEqual({ photos: ['u2'] });
    const receipt = sent.receipt as File[];
    expect(receipt).toHaveLength(1);
    expect(receipt[0].name).toBe('receipt.pdf');
    expect(await receipt[0].text()).toBe('a small receipt');
  });

  it('sends every file of a field in pieces when one is large (their order kept), and none for small ones', async () => {
    const server = uploadServer();
    const sent: Record<string, unknown>[] = [];
    const item = {
      seq: 1,
      account: ACCOUNT,
      key: 'k',
      collection: 'c',
      body: {},
      files: [
        { field: 'photos', name: 'a.jpg', type: 'image/jpeg', blob: photoOf(1000) },
        { field: 'photos', name: 'b.jpg', type: 'image/jpeg', blob: photoOf(IN_PIECES_ABOVE + 1) },
      ],
      label: 'x',
      state: 'sending',
      createdAt: 0,
      attempts: 1,
      bytes: 0,
    } satisfies OutboxItem;
    await sendInPieces(item, {
      transport: server.transport,
      save: async () => {},
      send: async (body) => sent.push(body),
    });
    expect(sent[0][UPLOADS_FIELD]).toEqual({ photos: ['u1', 'u2'] });
    const smallOnly = { ...item, files: [item.files[0]] };
    await sendInPieces(smallOnly, {
      transport: server.transport,
      save: async () => {},
      send: async (body) => sent.push(body),
    });
    expect(sent[1][UPLOADS_FIELD]).toBeUndefined();
    expect((sent[1].photos as File[])[0].name).toBe('a.jpg');
    expect(server.state.begun).toBe(2);
  });
});
