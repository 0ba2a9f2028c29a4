/**
 * A full disk: DATA_DIR on a small tmpfs filled to the brim. Uploads, record creates with files,
 * backups and import uploads are answered 507 with a message that says the server's disk is full
 * (not the generic error), and leave neither a row nor a file behind. Needs root (mount), as the
 * test machines and CI run.
 */
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  rmSync,
  writeSync,
  ftruncateSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart';
import { startTestApp, type TestApp } from '../helpers/test-app';

const DISK_FULL =
  "The server's disk is full: nothing was saved. Ask the administrator to free space on it, then try again.";

let t: TestApp;
let mount: string;
let filler: number;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

beforeAll(async () => {
  mount = mkdtempSync(join(tmpdir(), 'bo-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]);
  t = await startTestApp({ dataDir: mount });
  // A backup to upload later, made while there is room.
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/backups',
        headers: { authorization: t.adminToken },
        payload: { name: 'room.zip' },
      })
    ).statusCode,
  ).toBe(204);
  // Filled up, then 16 KB given back: small writes (the database's own) still fit, a file not.
  filler = openSync(join(mount, 'filler'), 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  let size = 0;
  try {
    for (;;) size += writeSync(filler, chunk);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  ftruncateSync(filler, Math.max(0, size - 16 * 1024));
});

afterAll(async () => {
  if (filler !== undefined) closeSync(filler);
  await t?.stop();
  execFileSync('umount', [mount]);
  rmSync(mount, { recursive: true, force: true });
});

const big = Buffer.alloc(300 * 1024, 'a');

describe('a full disk', () => {
  it('says so for a record created with a file, and keeps neither the row nor the file', async () => {
    const before = filesUnder(join(mount, 'storage'));
    const body = await multipart([
      ['title', 'A resource that does not fit'],
      ['full_text', `<p>${'Words that fill a resource. '.repeat(3)}</p>`],
      ['attachments', { filename: 'report.txt', data: big, type: 'text/plain' }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/website_resources/records',
      headers: { ...body.headers, authorization: t.adminToken },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ data: {}, message: DISK_FULL, status: 507 });
    const { rows } = await t.db.query(`SELECT 1 FROM "website_resources"`);
    expect(rows).toEqual([]);
    expect(filesUnder(join(mount, 'storage'))).toEqual(before);
  });

  it('says so for a backup, and leaves no part of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backups',
      headers: { authorization: t.adminToken },
      payload: { name: 'no-room.zip' },
    });
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(DISK_FULL);
    expect(readdirSync(join(mount, 'backups'))).toEqual(['room.zip']);
  });

  it('says so for a backup upload and for an import upload, and keeps neither', async () => {
    const archive = await multipart(
      [['file', { filename: 'again.zip', data: Buffer.concat([big, big]) }]],
      'application/zip',
    );
    for (const url of ['/api/backups/upload', '/api/imports/pocketbase']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...archive.headers, authorization: t.adminToken },
        payload: archive.payload,
      });
      expect(res.statusCode, url).toBe(507);
      expect(res.json().message).toBe(DISK_FULL);
    }
    expect(readdirSync(join(mount, 'backups'))).toEqual(['room.zip']);
    expect(readdirSync(join(mount, 'imports', 'uploads'))).toEqual([]);
  });
});
