/**
 * Files (§6): uploads through record create/update (limits, types, replacing, removing, deleting
 * the record), downloads with their headers, thumbs, ranges, conditional requests, protected
 * files with file tokens, and URLs that try to leave the record's folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { COLLECTIONS, type CollectionDef } from '@app/schema';
import { createRegistry } from '../../src/core/collection-model';
import { decodeJwtUnverified } from '../../src/core/auth';
import { createCollectionSql } from '../../src/core/ddl';
import { thumbKey } from '../../src/routes/api/files';
import { SPOOL_ABOVE } from '../../src/routes/read-body';
import { multipart, type MultipartPart } from '../helpers/multipart';
import { STORAGES, storageFor } from '../helpers/s3-server';
import { startTestApp, type TestApp } from '../helpers/test-app';

type Json = Record<string, unknown>;
type Part = MultipartPart;

const NOT_FOUND = { data: {}, message: "The requested resource wasn't found.", status: 404 };
const CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const CACHE = 'max-age=2592000, stale-while-revalidate=86400';
const AVATAR_TYPES = 'image/jpeg, image/png, image/webp, image/gif, image/svg+xml';

/** A collection only this file uses: a protected file field and a multi-file field with thumbs. */
const testDocs: CollectionDef = {
  name: 'test_docs',
  type: 'base',
  label: 'Test documents',
  fields: [
    { name: 'owner', type: 'text' },
    { name: 'contract', type: 'file', protected: true, maxSelect: 1 },
    { name: 'photos', type: 'file', maxSelect: 3, thumbs: ['50x40', '0x20', '30x30f'] },
  ],
  access: {
    list: { permission: 'projects.read', ownRule: 'owner = @request.auth.id' },
    view: { permission: 'projects.read', ownRule: 'owner = @request.auth.id' },
    create: { permission: 'projects.create' },
    update: { permission: 'projects.update' },
    delete: { permission: 'projects.remove' },
  },
  audit: [],
};

let t: TestApp;
let store: Awaited<ReturnType<typeof storageFor>> | undefined;
let usersId: string;
let png: Buffer;
let user: Json;
let avatarUrl: string;

async function send(
  method: 'POST' | 'PATCH',
  url: string,
  parts: Array<[string, Part]>,
  token = t.adminToken,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, authorization: token } });
}

function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers });
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
}

async function sizeOf(data: Buffer): Promise<string> {
  const meta = await sharp(data).metadata();
  return `${meta.width}x${meta.height}`;
}

/** Every stored key under a folder of the storage, relative to it. */
async function storedUnder(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of t.engine.storage.list(`${folder}/`))
    keys.push(key.slice(folder.length + 1));
  return keys.sort();
}

async function newUser(
  name: string,
  extra: Array<[string, Part]> = [],
): Promise<LightMyRequestResponse> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}${Math.random().toString(36).slice(2, 6)}@test.local`;
  return send('POST', '/api/collections/users/records', [
    ['name', name],
    ['email', email],
    ['password', 'user-password-1'],
    ['passwordConfirm', 'user-password-1'],
    ['status', 'ACTIVE'],
    ...extra,
  ]);
}

// Every scenario runs with files on the local disk and in an S3 bucket.
describe.each(STORAGES)('files on %s', (kind) => {
  beforeAll(async () => {
    const registry = createRegistry([...COLLECTIONS, testDocs]);
    store = await storageFor(kind);
    t = await startTestApp(store.overrides, { registry });
    for (const sql of createCollectionSql(registry.get('test_docs')!)) await t.db.query(sql);
    usersId = t.engine.registry.get('users')!.id;
    png = await pngOf(300, 200);
    const res = await newUser('Avatar Owner', [
      ['avatar', { filename: 'My Photo.PNG', data: png, type: 'image/png' }],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    user = res.json<Json>();
    avatarUrl = `/api/files/users/${String(user.id)}/${String(user.avatar)}`;
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await store?.stop();
  });

  describe('uploads', () => {
    it('stores an upload under <collectionId>/<recordId>/<normalized name>', async () => {
      expect(user.avatar).toMatch(/^my_photo_[a-z0-9]{10}\.png$/);
      expect(await storedUnder(`${usersId}/${String(user.id)}`)).toEqual([String(user.avatar)]);
      expect(
        await t.engine.storage.get(`${usersId}/${String(user.id)}/${String(user.avatar)}`),
      ).toEqual(png);
    });

    it('refuses a file over the field maxSize, storing nothing', async () => {
      const before = await storedUnder(usersId);
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
      const res = await newUser('Too Big', [
        ['avatar', { filename: 'big.png', data: big, type: 'image/png' }],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        data: {
          avatar: {
            code: 'validation_file_size_limit',
            message: 'Failed to upload big.png - the maximum allowed file size is 5242880 bytes.',
            params: { file: 'big.png', maxSize: 5242880 },
          },
        },
        message: 'Failed to create record.',
        status: 400,
      });
      expect(await storedUnder(usersId)).toEqual(before);
      const { rows } = await t.db.query(`SELECT 1 FROM "users" WHERE "name" = 'Too Big'`);
      expect(rows).toHaveLength(0);
    });

    it.each([
      ['a text file', 'notes.txt', Buffer.from('just some notes\n'), 'text/plain'],
      [
        'a text file named like an image',
        'fake.png',
        Buffer.from('not an image at all\n'),
        'image/png',
      ],
      [
        'a PDF',
        'doc.pdf',
        Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
        'application/pdf',
      ],
    ])('refuses %s by its sniffed content type', async (_label, filename, data, type) => {
      const before = await storedUnder(usersId);
      const res = await newUser('Wrong Type', [['avatar', { filename, data, type }]]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        data: {
          avatar: {
            code: 'validation_invalid_mime_type',
            message: `"${filename}" mime type must be one of: ${AVATAR_TYPES}.`,
          },
        },
        message: 'Failed to create record.',
        status: 400,
      });
      expect(await storedUnder(usersId)).toEqual(before);
    });

    it('receives a large file through a scratch file: stored whole, checked, the scratch file removed', async () => {
      const scratch = join(t.config.dataDir, 'tmp', 'uploads');
      const large = randomBytes(3 * 1024 * 1024 + 17);
      const other = randomBytes(SPOOL_ABOVE + 1);
      const res = await send('POST', '/api/collections/test_docs/records', [
        ['owner', 'spooled'],
        ['photos', { filename: 'large.bin', data: large }],
        ['photos', { filename: 'other.bin', data: other }],
        ['photos', { filename: 'small.txt', data: Buffer.from('a few words\n') }],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const record = res.json<{ id: string; collectionId: string; photos: string[] }>();
      const stored = (name: string) =>
        t.engine.storage.get(`${record.collectionId}/${record.id}/${name}`);
      expect((await stored(record.photos[0]))!.equals(large)).toBe(true);
      expect((await stored(record.photos[1]))!.equals(other)).toBe(true);
      expect(String(await stored(record.photos[2]))).toBe('a few words\n');
      // The large ones went through the scratch folder, which is empty once answered.
      expect(existsSync(scratch)).toBe(true);
      await expect.poll(() => readdirSync(scratch)).toEqual([]);

      // Over the field's size (5 MB by default): refused by its size, no scratch file left.
      const tooLarge = await send('POST', '/api/collections/test_docs/records', [
        ['contract', { filename: 'huge.pdf', data: randomBytes(5 * 1024 * 1024 + 1) }],
      ]);
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toMatchObject({
        data: { contract: { code: 'validation_file_size_limit' } },
      });
      await expect.poll(() => readdirSync(scratch)).toEqual([]);
    });

    it('removes the scratch file of an upload the client gives up halfway', async () => {
      const scratch = join(t.config.dataDir, 'tmp', 'uploads');
      const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { payload, headers } = await multipart([
        ['owner', 'gone'],
        ['photos', { filename: 'large.bin', data: randomBytes(4 * 1024 * 1024) }],
      ]);
      const upload = request(new URL('/api/collections/test_docs/records', base), {
        method: 'POST',
        headers: { ...headers, authorization: t.adminToken, 'content-length': payload.length },
      });
      upload.on('error', () => {});
      // Past the in-memory part: the server is writing a scratch file when the client goes.
      upload.write(payload.subarray(0, SPOOL_ABOVE * 2));
      await expect.poll(() => (existsSync(scratch) ? readdirSync(scratch).length : 0)).toBe(1);
      upload.destroy();
      await expect.poll(() => readdirSync(scratch)).toEqual([]);
    });

    it('removes the uploaded file again when the database refuses the record', async () => {
      const before = await storedUnder(usersId);
      const res = await send('POST', '/api/collections/users/records', [
        ['name', 'Duplicate'],
        [
          'email',
          String(
            (
              await t.db.query<{ email: string }>(`SELECT "email" FROM "users" WHERE "id" = $1`, [
                user.id,
              ])
            ).rows[0].email,
          ),
        ],
        ['password', 'user-password-1'],
        ['passwordConfirm', 'user-password-1'],
        ['avatar', { filename: 'dup.png', data: png, type: 'image/png' }],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        data: { email: { code: 'validation_not_unique' } },
        message: 'Failed to create record.',
      });
      expect(await storedUnder(usersId)).toEqual(before);
    });

    it('replacing a file deletes the old one and its thumbs; removing with `avatar-` deletes it', async () => {
      const created = (
        await newUser('Replacer', [
          ['avatar', { filename: 'first.png', data: png, type: 'image/png' }],
        ])
      ).json<Json>();
      const id = String(created.id);
      const first = String(created.avatar);
      expect((await get(`/api/files/users/${id}/${first}?thumb=100x100`)).statusCode).toBe(200);
      expect(await storedUnder(`${usersId}/${id}`)).toEqual(
        [first, `thumbs_${first}/100x100_${first}`].sort(),
      );

      const replaced = await send('PATCH', `/api/collections/users/records/${id}`, [
        ['avatar', { filename: 'second.png', data: await pngOf(10, 10), type: 'image/png' }],
      ]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const second = String(replaced.json<Json>().avatar);
      expect(second).toMatch(/^second_[a-z0-9]{10}\.png$/);
      expect(await storedUnder(`${usersId}/${id}`)).toEqual([second]);
      expect((await get(`/api/files/users/${id}/${first}`)).json()).toEqual(NOT_FOUND);
      expect((await get(`/api/files/users/${id}/${second}`)).statusCode).toBe(200);

      const removed = await t.app.inject({
        method: 'PATCH',
        url: `/api/collections/users/records/${id}`,
        headers: { authorization: t.adminToken },
        payload: { 'avatar-': second },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<Json>().avatar).toBe('');
      expect(await storedUnder(`${usersId}/${id}`)).toEqual([]);
      expect((await get(`/api/files/users/${id}/${second}`)).statusCode).toBe(404);
    });

    it('deleting the record deletes its files and thumbs', async () => {
      const created = (
        await newUser('Deleted', [
          ['avatar', { filename: 'gone.png', data: png, type: 'image/png' }],
        ])
      ).json<Json>();
      const id = String(created.id);
      await get(`/api/files/users/${id}/${String(created.avatar)}?thumb=200x200`);
      expect(await storedUnder(`${usersId}/${id}`)).toHaveLength(2);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/collections/users/records/${id}`,
        headers: { authorization: t.adminToken },
      });
      expect(res.statusCode).toBe(204);
      expect(await storedUnder(`${usersId}/${id}`)).toEqual([]);
      expect((await get(`/api/files/users/${id}/${String(created.avatar)}`)).statusCode).toBe(404);
    });
  });

  describe('downloads', () => {
    it('serves the file with its headers, by collection name or id', async () => {
      for (const url of [
        avatarUrl,
        `/api/files/${usersId}/${String(user.id)}/${String(user.avatar)}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(png);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['content-disposition']).toBe(`inline; filename=${String(user.avatar)}`);
        expect(res.headers['content-security-policy']).toBe(CSP);
        expect(res.headers['cache-control']).toBe(CACHE);
        expect(res.headers['content-length']).toBe(String(png.length));
        expect(res.headers['accept-ranges']).toBe('bytes');
        expect(res.headers['x-frame-options']).toBeUndefined();
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
      }
    });

    it('answers HEAD with the headers and no body', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: avatarUrl });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      expect(res.headers['content-length']).toBe(String(png.length));
      expect(res.headers['content-type']).toBe('image/png');
    });

    it.each([
      ['download=1', 'attachment'],
      ['download=true', 'attachment'],
      ['download=t', 'attachment'],
      ['download=0', 'inline'],
      ['download=false', 'inline'],
      ['download=yes', 'inline'],
    ])('?%s → %s', async (query, disposition) => {
      const res = await get(`${avatarUrl}?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `${disposition}; filename=${String(user.avatar)}`,
      );
    });

    it('serves types that are not images as attachments, with the detected type', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const created = (
        await newUser('Svg Owner', [
          ['avatar', { filename: 'logo.svg', data: svg, type: 'image/svg+xml' }],
        ])
      ).json<Json>();
      const url = `/api/files/users/${String(created.id)}/${String(created.avatar)}`;
      for (const query of ['', '?thumb=100x100']) {
        const res = await get(url + query);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(svg);
        expect(res.headers['content-type']).toBe('image/svg+xml');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename=${String(created.avatar)}`,
        );
        expect(res.headers['content-security-policy']).toBe(CSP);
      }
      expect(await storedUnder(`${usersId}/${String(created.id)}`)).toEqual([
        String(created.avatar),
      ]);
    });
  });

  describe('thumbs', () => {
    it.each([
      ['100x100', '100x100', true],
      ['200x200', '200x200', true],
      ['200x200t', '300x200', false],
      ['50x50', '300x200', false],
      ['100x100x', '300x200', false],
      ['', '300x200', false],
    ])('?thumb=%s on an avatar (thumbs 100x100, 200x200) gives %s', async (thumb, size, cached) => {
      const res = await get(`${avatarUrl}?thumb=${thumb}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(`inline; filename=${String(user.avatar)}`);
      expect(await sizeOf(res.rawPayload)).toBe(size);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const key = thumbKey(usersId, String(user.id), String(user.avatar), thumb);
      expect(!!(thumb && (await t.engine.storage.stat(key)))).toBe(cached);
    });

    it('serves a cached thumb from storage without making it again', async () => {
      const key = thumbKey(usersId, String(user.id), String(user.avatar), '200x200');
      await get(`${avatarUrl}?thumb=200x200`);
      const marker = await pngOf(7, 7);
      await t.engine.storage.put(key, marker);
      const res = await get(`${avatarUrl}?thumb=200x200`);
      expect(res.rawPayload).toEqual(marker);
    });

    it('makes each thumb once when asked for it many times at once', async () => {
      const created = (
        await newUser('Concurrent', [
          ['avatar', { filename: 'c.png', data: png, type: 'image/png' }],
        ])
      ).json<Json>();
      const url = `/api/files/users/${String(created.id)}/${String(created.avatar)}?thumb=100x100`;
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(await sizeOf(res.rawPayload)).toBe('100x100');
      }
      expect(await storedUnder(`${usersId}/${String(created.id)}`)).toHaveLength(2);
    });

    it('serves the original when the image cannot be decoded', async () => {
      const broken = png.subarray(0, 60);
      const created = (
        await newUser('Broken', [
          ['avatar', { filename: 'broken.png', data: broken, type: 'image/png' }],
        ])
      ).json<Json>();
      const res = await get(
        `/api/files/users/${String(created.id)}/${String(created.avatar)}?thumb=100x100`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(broken);
      expect(res.headers['content-type']).toBe('image/png');
    });

    it('honours the sizes and modes a field declares', async () => {
      const created = await send('POST', '/api/collections/test_docs/records', [
        ['owner', 'nobody'],
        ['photos', { filename: 'a.png', data: png, type: 'image/png' }],
        [
          'photos',
          { filename: 'b.jpg', data: await sharp(png).jpeg().toBuffer(), type: 'image/jpeg' },
        ],
      ]);
      expect(created.statusCode, created.body).toBe(200);
      const doc = created.json<{ id: string; photos: string[] }>();
      expect(doc.photos).toHaveLength(2);
      const cases: Array<[string, string, string]> = [
        ['50x40', '50x40', 'image/png'],
        ['0x20', '30x20', 'image/png'],
        ['30x30f', '30x20', 'image/png'],
        ['100x100', '100x100', 'image/png'],
        ['200x200', '300x200', 'image/png'],
      ];
      for (const [thumb, size, type] of cases) {
        const res = await get(`/api/files/test_docs/${doc.id}/${doc.photos[0]}?thumb=${thumb}`);
        expect([
          thumb,
          res.statusCode,
          await sizeOf(res.rawPayload),
          res.headers['content-type'],
        ]).toEqual([thumb, 200, size, type]);
      }
      const jpeg = await get(`/api/files/test_docs/${doc.id}/${doc.photos[1]}?thumb=50x40`);
      expect([await sizeOf(jpeg.rawPayload), jpeg.headers['content-type']]).toEqual([
        '50x40',
        'image/jpeg',
      ]);
    });
  });

  describe('ranges and conditional requests', () => {
    const size = () => png.length;
    it.each<[string, (n: number) => { status: number; start?: number; end?: number }]>([
      ['bytes=0-9', () => ({ status: 206, start: 0, end: 9 })],
      ['bytes=10-', (n) => ({ status: 206, start: 10, end: n - 1 })],
      ['bytes=-5', (n) => ({ status: 206, start: n - 5, end: n - 1 })],
      ['bytes=5-100000000', (n) => ({ status: 206, start: 5, end: n - 1 })],
      ['bytes=0-0', () => ({ status: 206, start: 0, end: 0 })],
      ['bytes=0-1,4-5', () => ({ status: 200 })],
    ])('Range: %s', async (range, expected) => {
      const want = expected(size());
      const res = await get(avatarUrl, { range });
      expect(res.statusCode).toBe(want.status);
      if (want.status === 206) {
        expect(res.headers['content-range']).toBe(`bytes ${want.start}-${want.end}/${size()}`);
        expect(res.headers['content-length']).toBe(String(want.end! - want.start! + 1));
        expect(res.rawPayload).toEqual(png.subarray(want.start, want.end! + 1));
      } else {
        expect(res.rawPayload).toEqual(png);
      }
    });

    it.each([['bytes=999999-'], ['bytes=5-2'], ['items=0-1'], ['bytes=-0'], ['bytes=x-y']])(
      'unsatisfiable Range %s → 416',
      async (range) => {
        const res = await get(avatarUrl, { range });
        expect(res.statusCode).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${size()}`);
        expect(res.body).toBe('');
      },
    );

    it('If-Range with another date serves the whole file', async () => {
      const res = await get(avatarUrl, {
        range: 'bytes=0-9',
        'if-range': 'Thu, 01 Jan 2004 00:00:00 GMT',
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(png);
      const current = String((await get(avatarUrl)).headers['last-modified']);
      expect((await get(avatarUrl, { range: 'bytes=0-9', 'if-range': current })).statusCode).toBe(
        206,
      );
    });

    it('If-Modified-Since answers 304 when the file has not changed since', async () => {
      const lastModified = String((await get(avatarUrl)).headers['last-modified']);
      const later = new Date(Date.parse(lastModified) + 3_600_000).toUTCString();
      const earlier = new Date(Date.parse(lastModified) - 3_600_000).toUTCString();
      for (const [since, status] of [
        [lastModified, 304],
        [later, 304],
        [earlier, 200],
        ['not a date', 200],
      ] as const) {
        const res = await get(avatarUrl, { 'if-modified-since': since });
        expect([since, res.statusCode]).toEqual([since, status]);
        expect(res.body === '').toBe(status === 304);
      }
    });
  });

  describe('not found', () => {
    it.each<[string, () => string]>([
      ['an unknown collection', () => `/api/files/nope/${String(user.id)}/${String(user.avatar)}`],
      ['an unknown record', () => `/api/files/users/aaaaaaaaaaaaaaa/${String(user.avatar)}`],
      [
        'a name that is not a current value',
        () => `/api/files/users/${String(user.id)}/other_abcdefghij.png`,
      ],
      [
        'another record\u2019s file',
        () => `/api/files/employees/${String(user.id)}/${String(user.avatar)}`,
      ],
      [
        'the thumbs folder',
        () => `/api/files/users/${String(user.id)}/thumbs_${String(user.avatar)}`,
      ],
      [
        'a cached thumb by its key',
        () =>
          `/api/files/users/${String(user.id)}/thumbs_${String(user.avatar)}%2F100x100_${String(user.avatar)}`,
      ],
      [
        '../ in the file name',
        () => `/api/files/users/${String(user.id)}/..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      ],
      ['.. as the file name', () => `/api/files/users/${String(user.id)}/%2e%2e`],
      ['.. as the record', () => `/api/files/users/%2e%2e/${String(user.avatar)}`],
      [
        '../ in the collection',
        () => `/api/files/..%2F..%2F${usersId}/${String(user.id)}/${String(user.avatar)}`,
      ],
      [
        '../ in the record',
        () => `/api/files/users/..%2F${String(user.id)}/${String(user.avatar)}`,
      ],
      ['a backslash trick', () => `/api/files/users/${String(user.id)}/..%5C..%5Cx.png`],
      [
        'a NUL after the name',
        () => `/api/files/users/${String(user.id)}/${String(user.avatar)}%00`,
      ],
      [
        'a NUL before an extension',
        () => `/api/files/users/${String(user.id)}/${String(user.avatar)}%00.txt`,
      ],
      ['an absolute path', () => `/api/files/users/${String(user.id)}/%2Fetc%2Fpasswd`],
      ['an overlong name', () => `/api/files/users/${String(user.id)}/${'a'.repeat(600)}.png`],
      [
        'a long but allowed name',
        () => `/api/files/users/${String(user.id)}/${'a'.repeat(300)}.png`,
      ],
      ['an extra segment', () => `/api/files/users/${String(user.id)}/${String(user.avatar)}/x`],
      ['a trailing ..', () => `/api/files/users/${String(user.id)}/${String(user.avatar)}/..`],
      ['a malformed escape', () => `/api/files/users/${String(user.id)}/%E0%A4%A`],
    ])('%s → 404', async (_label, url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: url() });
        expect(res.statusCode).toBe(404);
        if (method === 'GET') expect(res.json()).toEqual(NOT_FOUND);
      }
    });

    it('a file whose stored bytes are gone is a 404, not a 500', async () => {
      const created = (
        await newUser('Lost File', [
          ['avatar', { filename: 'lost.png', data: png, type: 'image/png' }],
        ])
      ).json<Json>();
      await t.engine.storage.delete(`${usersId}/${String(created.id)}/${String(created.avatar)}`);
      const res = await get(
        `/api/files/users/${String(created.id)}/${String(created.avatar)}?thumb=100x100`,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  });

  describe('protected files', () => {
    let owner: { id: string; token: string };
    let reader: { id: string; token: string };
    let stranger: { id: string; token: string };
    let doc: { id: string; contract: string; photos: string[] };
    const contract = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

    const fileToken = async (token: string): Promise<string> => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/token',
        headers: { authorization: token },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const contractUrl = (query = '') => `/api/files/test_docs/${doc.id}/${doc.contract}${query}`;

    beforeAll(async () => {
      owner = await t.employeeWith([]);
      reader = await t.employeeWith(['projects.read']);
      stranger = await t.employeeWith(['employees.read']);
      const res = await send('POST', '/api/collections/test_docs/records', [
        ['owner', owner.id],
        ['contract', { filename: 'contract.pdf', data: contract, type: 'application/pdf' }],
        ['photos', { filename: 'p.png', data: png, type: 'image/png' }],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      doc = res.json();
    });

    it('issues a 180-second file token to any signed-in account', async () => {
      const token = await fileToken(stranger.token);
      const claims = decodeJwtUnverified(token)!;
      expect(claims).toMatchObject({
        id: stranger.id,
        type: 'file',
        collectionId: t.engine.registry.get('employees')!.id,
      });
      expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(170);
      expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(180);
    });

    it.each([
      ['no token', {}],
      ['a bad token', { authorization: 'not-a-token' }],
    ])('refuses a file token with %s (401)', async (_label, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/files/token', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        data: {},
        message: 'The request requires valid record authorization token.',
        status: 401,
      });
    });

    it('serves a protected file only with a file token of an account that may view the record', async () => {
      const cases: Array<[string, () => Promise<string>, number]> = [
        ['no token', async () => '', 404],
        ['a garbage token', async () => '?token=abc.def.ghi', 404],
        ['an auth token instead of a file token', async () => `?token=${owner.token}`, 404],
        ['the owner (own rule)', async () => `?token=${await fileToken(owner.token)}`, 200],
        ['a reader (projects.read)', async () => `?token=${await fileToken(reader.token)}`, 200],
        ['the administrator', async () => `?token=${await fileToken(t.adminToken)}`, 200],
        ['someone else', async () => `?token=${await fileToken(stranger.token)}`, 404],
      ];
      for (const [label, query, status] of cases) {
        const res = await get(contractUrl(await query()));
        expect([label, res.statusCode]).toEqual([label, status]);
        if (status === 200) {
          expect(res.rawPayload).toEqual(contract);
          expect(res.headers['content-type']).toBe('application/pdf');
          expect(res.headers['content-disposition']).toBe(`inline; filename=${doc.contract}`);
        } else {
          expect(res.json()).toEqual(NOT_FOUND);
        }
      }
    });

    it('the Authorization header does not open a protected file', async () => {
      const res = await get(contractUrl(), { authorization: t.adminToken });
      expect(res.json()).toEqual(NOT_FOUND);
    });

    it('a suspended account\u2019s file token stops working at once', async () => {
      const account = await t.employeeWith(['projects.read']);
      const token = await fileToken(account.token);
      expect((await get(contractUrl(`?token=${token}`))).statusCode).toBe(200);
      await t.db.query(`UPDATE "employees" SET "employment_status" = 'Suspended' WHERE "id" = $1`, [
        account.id,
      ]);
      expect((await get(contractUrl(`?token=${token}`))).json()).toEqual(NOT_FOUND);
    });

    it('the other, unprotected field of the same record needs no token', async () => {
      const res = await get(`/api/files/test_docs/${doc.id}/${doc.photos[0]}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(png);
    });
  });
});
