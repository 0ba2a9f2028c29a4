/**
 * Uploads sent in pieces (`/api/uploads`) and records that name them under `@uploads`: offsets
 * and 409s, who may see an upload, the limits, the file field's own checks through the record,
 * an upload used once (a retry under its key gets the first answer), and expiry. Run with
 * `DATABASE_URL` too: two writes naming one upload race on PostgreSQL's many connections.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestFileSize, MAX_CHUNK_BYTES } from '../../src/domain/resumable-uploads';
import { SPOOL_ABOVE } from '../../src/routes/read-body';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let photo: Buffer;
let bigPhoto: Buffer;
let projectId: string;
const admin = () => ({ authorization: t.adminToken });
type Headers = Record<string, string>;

/** A PNG of noise (noise does not compress): about `side * side * 3` bytes. */
const noisePng = (side: number, seed: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, (_, i) => (i * 7919 + seed) % 251)), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp();
  photo = await noisePng(200, 1); // ~120 KB
  bigPhoto = await noisePng(700, 2); // ~1.5 MB: read back through a scratch file
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/collections/projects/records',
    headers: admin(),
    payload: { title: 'Wells in the north' },
  });
  expect(made.statusCode).toBe(200);
  projectId = made.json().id;
}, 120_000);
afterAll(async () => t?.stop());

const begin = (
  file: { filename?: unknown; size?: unknown; type?: unknown },
  headers: Headers = admin(),
) => t.app.inject({ method: 'POST', url: '/api/uploads', headers, payload: file });
const state = (id: string, headers: Headers = admin(), method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: `/api/uploads/${id}`, headers });
const chunk = (id: string, offset: number | string, bytes: Buffer, headers: Headers = admin()) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: bytes,
  });

/** Begins an upload of `bytes` and sends it in pieces of `piece` bytes; returns its id. */
async function uploadWhole(bytes: Buffer, name = 'photo.png', headers = admin(), piece = 50_000) {
  const started = await begin({ filename: name, size: bytes.length, type: 'image/png' }, headers);
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().id as string;
  for (let at = 0; at < bytes.length; at += piece) {
    const res = await chunk(id, at, bytes.subarray(at, at + piece), headers);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const postWith = (uploads: unknown, headers: Headers = admin(), extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/collections/projects_timelines/records',
    headers,
    payload: {
      project: projectId,
      title: 'Pump fixed',
      post: '<p>Done</p>',
      ...extra,
      '@uploads': uploads,
    },
  });

async function storedFile(collection: string, id: string, name: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/files/${collection}/${id}/${name}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function uploadRow(id: string) {
  const { rows } = await t.db.query<{ consumed_key: string | null }>(
    `SELECT "consumed_key" FROM "_uploads" WHERE "id" = $1`,
    [id],
  );
  return rows[0];
}

describe('an upload in pieces', () => {
  it('begins at 0, takes chunks at its offset, says where it stands, and refuses another offset', async () => {
    const started = await begin({ filename: 'photo.png', size: photo.length, type: 'image/png' });
    expect(started.statusCode).toBe(200);
    const { id, offset, size } = started.json();
    expect({ offset, size }).toEqual({ offset: 0, size: photo.length });

    const first = await chunk(id, 0, photo.subarray(0, 40_000));
    expect(first.statusCode).toBe(200);
    expect(first.json().offset).toBe(40_000);
    expect(first.headers['upload-offset']).toBe('40000');

    // The same chunk again (its answer was lost): refused, with where the upload stands.
    const again = await chunk(id, 0, photo.subarray(0, 40_000));
    expect(again.statusCode).toBe(409);
    expect(again.json().offset).toBe(40_000);
    expect(again.headers['upload-offset']).toBe('40000');
    expect(again.json().message).toBe(
      'The server has received 40000 bytes of this upload; send the next piece from there.',
    );
    const ahead = await chunk(id, 50_000, photo.subarray(50_000, 60_000));
    expect(ahead.statusCode).toBe(409);

    const read = await state(id);
    expect(read.json()).toEqual({ id, offset: 40_000, size: photo.length });
    const head = await state(id, admin(), 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('40000');
    expect(head.body).toBe('');

    const rest = await chunk(id, 40_000, photo.subarray(40_000));
    expect(rest.json().offset).toBe(photo.length);
    // Nothing may go past the size it began with.
    const past = await chunk(id, photo.length, Buffer.from('x'));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('This piece goes past the size the upload was begun with.');

    const saved = await postWith({ photos: [id] });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json();
    expect(record.photos).toHaveLength(1);
    expect(record.photos[0]).toMatch(/^photo_\w+\.png$/);
    expect(sha(await storedFile('projects_timelines', record.id, record.photos[0]))).toBe(
      sha(photo),
    );
  });

  it('reads a file larger than the in-memory limit back through a scratch file', async () => {
    expect(bigPhoto.length).toBeGreaterThan(SPOOL_ABOVE);
    const id = await uploadWhole(bigPhoto, 'big.png', admin(), MAX_CHUNK_BYTES);
    const saved = await postWith({ 'photos+': id });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json();
    expect(sha(await storedFile('projects_timelines', record.id, record.photos[0]))).toBe(
      sha(bigPhoto),
    );
    // Its scratch file went with the request.
    const { readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    let left: string[] = [];
    try {
      left = readdirSync(join(t.config.dataDir, 'tmp', 'uploads'));
    } catch {
      // Never made: nothing left.
    }
    expect(left).toEqual([]);
  });

  it('keeps uploads to the account that began them', async () => {
    const other = await t.employeeWith(['project_timeline.read', 'project_timeline.post']);
    const mine = await uploadWhole(photo);
    const theirs = { authorization: other.token };
    expect((await state(mine, theirs)).statusCode).toBe(404);
    expect((await chunk(mine, photo.length, Buffer.alloc(0), theirs)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/uploads/${mine}`, headers: theirs }))
        .statusCode,
    ).toBe(404);
    const taken = await postWith({ photos: [mine] }, theirs);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data['@uploads'].code).toBe('validation_upload_missing');
    // Still mine, unused.
    expect((await uploadRow(mine)).consumed_key).toBeNull();
    expect((await state(mine)).json().offset).toBe(photo.length);
    // A guest has none.
    expect((await begin({ filename: 'a.png', size: 10 }, {})).statusCode).toBe(401);
    expect((await state(mine, {})).statusCode).toBe(401);
  });

  it('refuses sizes no file field takes, oversized chunks, bad offsets and bodies', async () => {
    const largest = largestFileSize(t.engine.registry);
    expect(largest).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const huge = await begin({ filename: 'huge.png', size: largest + 1 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().data.size.code).toBe('validation_file_size_limit');
    expect((await begin({ filename: 'ok.png', size: largest })).statusCode).toBe(200);
    for (const bad of [
      { filename: '', size: 10 },
      { filename: 'a.png', size: 0 },
      { filename: 'a.png', size: 1.5 },
      { filename: 'a.png', size: '10' },
      { filename: 'a\nb.png', size: 10 },
      { filename: 'a.png', size: 10, type: 5 },
    ]) {
      expect((await begin(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const id = (await begin({ filename: 'a.png', size: 3 * MAX_CHUNK_BYTES })).json().id;
    const tooBig = await chunk(id, 0, Buffer.alloc(MAX_CHUNK_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect((await chunk(id, 0, Buffer.alloc(MAX_CHUNK_BYTES))).statusCode).toBe(200);
    expect((await chunk(id, '-1', Buffer.from('x'))).statusCode).toBe(400);
    expect((await chunk(id, 'abc', Buffer.from('x'))).statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: { ...admin(), 'content-type': 'text/plain', 'upload-offset': '0' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await state(id)).json().offset).toBe(MAX_CHUNK_BYTES);
    // An unfinished upload cannot be named.
    const unfinished = await postWith({ photos: [id] });
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().data['@uploads'].code).toBe('validation_upload_missing');
  });

  it("applies the file field's own checks: a text file named .png is refused, and stays usable", async () => {
    const text = Buffer.from('this is not a picture at all '.repeat(20));
    const id = await uploadWhole(text, 'fake.png');
    const refused = await postWith({ photos: [id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.photos.code).toBe('validation_invalid_mime_type');
    expect((await uploadRow(id)).consumed_key).toBeNull();
    // Too many for the field (maxSelect 10), the same way as multipart parts.
    const ids = [];
    for (let i = 0; i < 11; i += 1)
      ids.push(await uploadWhole(photo, `p${i}.png`, admin(), 200_000));
    const many = await postWith({ photos: ids });
    expect(many.statusCode).toBe(400);
    expect(many.json().data.photos.code).toBe('validation_too_many_files');
    for (const each of ids) expect((await uploadRow(each)).consumed_key).toBeNull();
  });

  it('uses an upload once: a retry under its key gets the first answer, anything else is refused', async () => {
    const id = await uploadWhole(photo);
    const key = `k-${id}`;
    const first = await postWith({ photos: [id] }, { ...admin(), 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect((await uploadRow(id)).consumed_key).toBe(key);
    // Used: no longer listed, continued or removable.
    expect((await state(id)).statusCode).toBe(404);

    const retry = await postWith({ photos: [id] }, { ...admin(), 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    const otherKey = await postWith(
      { photos: [id] },
      { ...admin(), 'idempotency-key': `${key}-2` },
    );
    expect(otherKey.statusCode).toBe(400);
    expect(otherKey.json().data['@uploads'].code).toBe('validation_upload_missing');
    const noKey = await postWith({ photos: [id] });
    expect(noKey.statusCode).toBe(400);
    // The same file twice in one body is one upload used twice.
    const twice = await uploadWhole(photo);
    expect((await postWith({ photos: [twice, twice] })).statusCode).toBe(400);

    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "projects_timelines" WHERE "id" = $1`,
      [first.json().id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('gives the same fingerprint as the multipart request: a first try multipart, a retry by upload', async () => {
    const { multipart } = await import('../helpers/multipart');
    const key = `mixed-${Date.now()}`;
    const form = await multipart([
      ['project', projectId],
      ['title', 'Sent twice'],
      ['post', '<p>x</p>'],
      ['photos', { filename: 'photo.png', data: photo, type: 'image/png' }],
    ]);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/collections/projects_timelines/records',
      headers: { ...admin(), ...form.headers, 'idempotency-key': key },
      payload: form.payload,
    });
    expect(first.statusCode, first.body).toBe(200);
    const id = await uploadWhole(photo, 'photo.png');
    const retry = await postWith(
      { photos: [id] },
      { ...admin(), 'idempotency-key': key },
      { title: 'Sent twice', post: '<p>x</p>' },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
  });

  it('lets only one of two writes at once have an upload', async () => {
    const id = await uploadWhole(photo);
    const title = `Race ${id}`;
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        postWith({ photos: [id] }, { ...admin(), 'idempotency-key': `race-${id}-${n}` }, { title }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "projects_timelines" WHERE "title" = $1`,
      [title],
    );
    expect(rows[0].n).toBe(1);
  });

  it('takes uploads on an update too, and a multipart text part naming them', async () => {
    const made = await postWith(undefined);
    expect(made.statusCode, made.body).toBe(200);
    const id = await uploadWhole(photo);
    const { multipart } = await import('../helpers/multipart');
    const form = await multipart([['@uploads', JSON.stringify({ 'photos+': [id] })]]);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/projects_timelines/records/${made.json().id}`,
      headers: { ...admin(), ...form.headers },
      payload: form.payload,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().photos).toHaveLength(1);
    // Part names a form could not give are refused; `constructor` is an unknown field, as a
    // multipart part of that name would be (and never Object's own property).
    const named = async (field: string) =>
      postWith(
        JSON.parse(`{${JSON.stringify(field)}: [${JSON.stringify(await uploadWhole(photo))}]}`),
      );
    expect((await named('__proto__')).statusCode).toBe(400);
    expect((await named('a b')).statusCode).toBe(400);
    expect((await named('constructor')).statusCode).toBe(200);
    const bad = await postWith('not json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data['@uploads'].code).toBe('validation_upload_missing');
  });

  it('drops expired uploads, and refuses to name one', async () => {
    const id = await uploadWhole(photo);
    await t.db.query(
      `UPDATE "_uploads" SET "expires" = now() - interval '1 minute' WHERE "id" = $1`,
      [id],
    );
    expect((await state(id)).statusCode).toBe(404);
    expect((await postWith({ photos: [id] })).statusCode).toBe(400);
    const { removeStaleUploads } = await import('../../src/domain/resumable-uploads');
    expect(await removeStaleUploads(t.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "_upload_chunks" WHERE "upload" = $1`,
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('removes an upload its account drops', async () => {
    const id = await uploadWhole(photo);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${id}`,
      headers: admin(),
    });
    expect(gone.statusCode).toBe(204);
    expect((await state(id)).statusCode).toBe(404);
  });
});
