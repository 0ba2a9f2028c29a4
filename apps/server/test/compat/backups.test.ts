/**
 * The official SDK's `pb.backups` against the server: list, create, upload, download URL with a
 * file token, restore, delete, and its errors for accounts without the Settings permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app';
import { startCompatApp, type CompatApp } from './sdk-harness';

let t: CompatApp;

beforeAll(async () => {
  t = await startCompatApp();
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('pb.backups', () => {
  it('creates, lists, downloads, uploads, restores and deletes', async () => {
    const pb = t.admin();
    expect(await pb.backups.getFullList()).toEqual([]);
    expect(await pb.backups.create('first.zip')).toBe(true);
    expect(await pb.backups.create('')).toBe(true);
    const list = await pb.backups.getFullList();
    expect(list.map((b) => b.key)).toContain('first.zip');
    expect(list).toHaveLength(2);
    for (const backup of list) {
      expect(Object.keys(backup).sort()).toEqual(['key', 'modified', 'size']);
      expect(backup.size).toBeGreaterThan(0);
    }

    const token = await pb.files.getToken();
    const url = pb.backups.getDownloadURL(token, 'first.zip');
    expect(url).toBe(`${t.baseUrl}/api/backups/first.zip?token=${encodeURIComponent(token)}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(list.find((b) => b.key === 'first.zip')!.size);

    expect(await pb.backups.upload({ file: new File([bytes], 'copy.zip') })).toBe(true);
    // A Blob without a name gets a dated one.
    expect(await pb.backups.upload({ file: new Blob([bytes]) })).toBe(true);
    const keys = (await pb.backups.getFullList()).map((b) => b.key);
    expect(keys).toContain('copy.zip');
    expect(keys.some((k) => /^upload_\d{14}\.zip$/.test(k))).toBe(true);

    expect(await pb.backups.restore('copy.zip')).toBe(true);
    // The restore signed everyone out; sign in again with the SDK.
    const again = t.sdk();
    await again.collection('employees').authWithPassword(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await again.backups.delete('copy.zip')).toBe(true);
    expect((await again.backups.getFullList()).map((b) => b.key)).not.toContain('copy.zip');
  });

  it('throws ClientResponseError 401/403/400/404 as PocketBase does', async () => {
    const guest = t.sdk();
    const reader = t.sdk((await t.employeeWith(['settings.read'])).token);
    const status = async (call: () => Promise<unknown>) => {
      try {
        await call();
        return 200;
      } catch (err) {
        expect(err).toBeInstanceOf(ClientResponseError);
        return (err as ClientResponseError).status;
      }
    };
    expect(await status(() => guest.backups.getFullList())).toBe(401);
    expect(await status(() => reader.backups.getFullList())).toBe(200);
    expect(await status(() => reader.backups.create('x.zip'))).toBe(403);
    expect(await status(() => reader.backups.restore('x.zip'))).toBe(403);
    const admin = t.sdk();
    await admin.collection('employees').authWithPassword(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await status(() => admin.backups.create('bad name.zip'))).toBe(400);
    expect(await status(() => admin.backups.delete('none.zip'))).toBe(404);
    expect(await status(() => admin.backups.restore('none.zip'))).toBe(404);
  });
});
