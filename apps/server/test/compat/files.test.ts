import sharp from 'sharp';
import { getTokenPayload, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGES, storageFor } from '../helpers/s3-server';
import { expectApiError, startCompatApp, type CompatApp } from './sdk-harness';

// Uploads through the SDK's object → FormData conversion, downloads through pb.files.getURL.

let t: CompatApp;
let store: Awaited<ReturnType<typeof storageFor>> | undefined;
let png: Buffer;
let employeesId: string;

// Every scenario runs with files on the local disk and in an S3 bucket.
describe.each(STORAGES)('files on %s', (kind) => {
  beforeAll(async () => {
    store = await storageFor(kind);
    t = await startCompatApp(store.overrides);
    employeesId = t.engine.registry.get('employees')!.id;
    png = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 241, g: 245, b: 249 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.stop();
    await store?.stop();
  });

  let counter = 0;
  /** Creates an employee with an avatar through a plain object holding a File (the SDK makes it multipart). */
  async function employeeWithAvatar(avatar: Blob): Promise<RecordModel> {
    counter += 1;
    return t
      .admin()
      .collection('employees')
      .create({
        email: `avatar${counter}@files.test`,
        password: 'avatar-pass-1',
        passwordConfirm: 'avatar-pass-1',
        name: `Avatar Person ${counter}`,
        employment_status: 'Active',
        phone_numbers: ['+962 6 000 0000'],
        avatar,
      });
  }

  async function download(
    url: string,
    init?: RequestInit,
  ): Promise<{ status: number; headers: Headers; body: Buffer }> {
    const res = await fetch(url, init);
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  describe('upload', () => {
    it('stores a File from a plain object under a normalized name, next to @jsonPayload values', async () => {
      const record = await employeeWithAvatar(
        new File([png], 'Profile Photo.PNG', { type: 'image/png' }),
      );
      expect(record.avatar).toMatch(/^profile_photo_[a-z0-9]{10}\.png$/);
      expect(record.phone_numbers).toEqual(['+962 6 000 0000']);
      expect(record.name).toBe(`Avatar Person ${counter}`);
    });

    it('names a Blob without a name after its detected type', async () => {
      const record = await employeeWithAvatar(new Blob([png]));
      expect(record.avatar).toMatch(/^blob_[a-z0-9]{10}\.png$/);
    });

    it('refuses a file of a type the field does not allow', async () => {
      await expectApiError(
        t
          .admin()
          .collection('users')
          .create({
            email: 'mime@files.test',
            name: 'Mime',
            password: 'mime-pass-12',
            passwordConfirm: 'mime-pass-12',
            avatar: new File(['plain text, not an image'], 'notes.txt', { type: 'text/plain' }),
          }),
        400,
        'Failed to create record.',
        {
          avatar: {
            code: 'validation_invalid_mime_type',
            message:
              '"notes.txt" mime type must be one of: image/jpeg, image/png, image/webp, image/gif, image/svg+xml.',
          },
        },
      );
    });
  });

  describe('download', () => {
    it('serves the file at /api/files/<collectionId>/<id>/<name> with the PocketBase headers', async () => {
      const pb = t.admin();
      const record = await employeeWithAvatar(new File([png], 'face.png', { type: 'image/png' }));
      const url = pb.files.getURL(record, record.avatar);
      expect(url).toBe(`${t.baseUrl}/api/files/${employeesId}/${record.id}/${record.avatar}`);

      const file = await download(url);
      expect(file.status).toBe(200);
      expect(file.body.equals(png)).toBe(true);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('content-disposition')).toBe(`inline; filename=${record.avatar}`);
      expect(file.headers.get('content-security-policy')).toBe(
        "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      expect(file.headers.get('cache-control')).toBe(
        'max-age=2592000, stale-while-revalidate=86400',
      );
      expect(file.headers.get('x-frame-options')).toBeNull();

      // By collection name too, and as an attachment on request.
      const byName = await download(
        `${t.baseUrl}/api/files/employees/${record.id}/${record.avatar}`,
      );
      expect(byName.body.equals(png)).toBe(true);
      const attachment = await download(pb.files.getURL(record, record.avatar, { download: true }));
      expect(attachment.headers.get('content-disposition')).toBe(
        `attachment; filename=${record.avatar}`,
      );
    });

    it('serves thumbs of allowed sizes and the original for other sizes', async () => {
      const pb = t.admin();
      const record = await employeeWithAvatar(new File([png], 'thumbs.png', { type: 'image/png' }));
      for (const [thumb, width, height] of [
        ['100x100', 100, 100],
        ['200x200', 200, 200],
      ] as const) {
        const file = await download(pb.files.getURL(record, record.avatar, { thumb }));
        expect(file.status).toBe(200);
        const meta = await sharp(file.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
      }
      const other = await download(pb.files.getURL(record, record.avatar, { thumb: '50x50' }));
      expect(other.body.equals(png)).toBe(true);
    });

    it('answers 404 JSON for names the record does not hold, and after the file is removed', async () => {
      const pb = t.admin();
      const record = await employeeWithAvatar(new File([png], 'gone.png', { type: 'image/png' }));
      const notFound = { data: {}, message: "The requested resource wasn't found.", status: 404 };
      const other = await fetch(
        `${t.baseUrl}/api/files/${employeesId}/${record.id}/other_abcdefghij.png`,
      );
      expect([other.status, await other.json()]).toEqual([404, notFound]);

      const url = pb.files.getURL(record, record.avatar);
      const updated = await pb.collection('employees').update(record.id, { avatar: null });
      expect(updated.avatar).toBe('');
      const gone = await fetch(url);
      expect([gone.status, await gone.json()]).toEqual([404, notFound]);
    });

    it('replaces the file on update and keeps only the new one', async () => {
      const pb = t.admin();
      const record = await employeeWithAvatar(new File([png], 'first.png', { type: 'image/png' }));
      const second = await sharp({
        create: { width: 10, height: 10, channels: 3, background: { r: 74, g: 20, b: 140 } },
      })
        .png()
        .toBuffer();
      const updated = await pb
        .collection('employees')
        .update(record.id, { avatar: new File([second], 'second.png', { type: 'image/png' }) });
      expect(updated.avatar).toMatch(/^second_[a-z0-9]{10}\.png$/);
      expect((await download(pb.files.getURL(updated, updated.avatar))).body.equals(second)).toBe(
        true,
      );
      expect((await fetch(pb.files.getURL(record, record.avatar))).status).toBe(404);
    });
  });

  describe('pb.files.getToken', () => {
    it('issues a file token to a signed-in account and refuses guests', async () => {
      const token = await t.admin().files.getToken();
      expect(getTokenPayload(token)).toMatchObject({ type: 'file', collectionId: employeesId });
      await expectApiError(
        t.sdk().files.getToken(),
        401,
        'The request requires valid record authorization token.',
      );
    });
  });
});
