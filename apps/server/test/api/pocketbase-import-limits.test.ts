/**
 * PocketBase backups that are small zips holding huge values or files, a name that leads out of
 * storage/, or a damaged data.db: the import measures before it reads, refuses with the row in its
 * report, says what is wrong, and leaves no temporary folder and no open file behind.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
// A CommonJS package: its classes come from the default export under Node's ESM.
import sqlite3 from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildAuthState } from '../../src/core/auth';
import type { Row } from '../../src/core/record-export';
import { importPocketBase } from '../../src/domain/pocketbase-import';
import { buildPocketBaseBackup, zipBackup } from '../fixtures/pocketbase/build-backup';
import { multipart } from '../helpers/multipart';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';

const MB = 1024 * 1024;
let t: TestApp;
/** This file's own temporary directory, where the import makes its pb-import-* folders. */
let scratch: string;

beforeAll(async () => {
  // Set before anything opens a backup: os.tmpdir() reads it at each call.
  scratch = mkdtempSync(join(tmpdir(), 'pb-limits-'));
  process.env.TMPDIR = scratch;
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
  // The backups made here hold data.db files of a hundred megabytes.
  rmSync(scratch, { recursive: true, force: true });
});

const leftovers = () => readdirSync(scratch).filter((name) => name.startsWith('pb-import-'));

/** A built backup, changed through SQL on its data.db, zipped; returns the zip's path. */
async function backupWith(sql: string[], change?: (dir: string) => void): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-source-'));
  const backup = await buildPocketBaseBackup(join(dir, 'pb_data'));
  const db = new sqlite3.Database(join(backup.dir, 'data.db'));
  for (const statement of sql) db.exec(statement);
  db.close();
  change?.(backup.dir);
  return zipBackup(backup.dir, join(dir, 'pb_backup.zip'));
}

async function administrator() {
  const { rows } = await t.db.query<Row>(`SELECT * FROM "employees" WHERE "email" = $1`, [
    ADMIN_EMAIL,
  ]);
  return {
    auth: await buildAuthState(t.db, t.engine.registry.get('employees')!, rows[0]),
    method: 'POST',
    context: 'default' as const,
    query: {},
    headers: {},
    body: {},
  };
}

/** Runs `work`, sampling how much `measure` grows above where it started; the peak. */
async function peakOf<T>(
  measure: () => number,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number }> {
  const start = measure();
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, measure() - start)), 2);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

describe('a huge value', () => {
  it('is refused unread, with its row in the report', async () => {
    // 120 MB of one character: the zip stays small.
    const zip = await backupWith([
      `UPDATE "roles" SET "description" = hex(zeroblob(60000000)) WHERE "id" = 'roleaccounts001'`,
    ]);
    expect(readFileSync(zip).length).toBeLessThan(2 * MB);
    const request = await administrator();
    const { result: report, peak } = await peakOf(
      () => process.memoryUsage().heapUsed,
      () => importPocketBase(t.engine, zip, { dryRun: true, request }),
    );
    expect(report.collections.find((c) => c.name === 'roles')?.refused).toContainEqual({
      id: 'roleaccounts001',
      reason:
        'description holds 120000000 bytes, more than the 5000 characters it may have here: the row was refused without reading it',
    });
    // Read, the value alone is 120 MB of heap (and the command line's dry run ran out of it).
    expect(peak).toBeLessThan(64 * MB);
    expect(leftovers()).toEqual([]);
  }, 60_000);
});

describe('a stored file larger than any field holds', () => {
  it('is left out unread and reported with its record', async () => {
    const zip = await backupWith([], (dir) => {
      const folder = join(dir, 'storage', 'pbc_employees1', 'empsalma0000001');
      mkdirSync(folder, { recursive: true });
      for (const name of readdirSync(folder))
        writeFileSync(join(folder, name), Buffer.alloc(30 * MB));
    });
    const request = await administrator();
    const { result: report, peak } = await peakOf(
      () => process.memoryUsage().arrayBuffers,
      () => importPocketBase(t.engine, zip, { dryRun: true, request }),
    );
    expect(report.problems).toContainEqual({
      collection: 'employees',
      id: 'empsalma0000001',
      message: `file "face_a1b2c3d4e5.png" of avatar is ${30 * MB} bytes, more than the ${20 * MB} a file may have here: left out unread`,
    });
    expect(peak).toBeLessThan(20 * MB);
    expect(leftovers()).toEqual([]);
  }, 60_000);
});

describe('from the web', () => {
  async function run(archive: Buffer) {
    const body = await multipart([
      ['file', { filename: 'pb.zip', data: archive, type: 'application/zip' }],
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/imports/pocketbase',
      headers: { ...body.headers, authorization: t.adminToken },
      payload: body.payload,
    });
    expect(started.statusCode).toBe(202);
    for (;;) {
      const job = (
        await t.app.inject({
          method: 'GET',
          url: `/api/imports/pocketbase/${started.json().id}`,
          headers: { authorization: t.adminToken },
        })
      ).json();
      if (job.state !== 'checking') return job;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Files of this process open under `dir`. */
  const openUnder = (dir: string) =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(join('/proc/self/fd', fd));
        } catch {
          return '';
        }
      })
      .filter((target) => target.startsWith(dir));

  async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
    const out = new yazl.ZipFile();
    for (const [name, data] of entries) out.addBuffer(data, name);
    out.end();
    const parts: Buffer[] = [];
    for await (const chunk of out.outputStream) parts.push(chunk as Buffer);
    return Buffer.concat(parts);
  }

  it('says which file of storage/ leads out of its folder', async () => {
    // Renamed in place (same length), in the entry's header and in the directory.
    const archive = await zipOf([
      ['data.db', Buffer.from('placeholder')],
      ['storage/xx/evil.txt', Buffer.from('x')],
    ]);
    let at = archive.indexOf('storage/xx/evil.txt');
    while (at >= 0) {
      archive.write('storage/../evil.txt', at);
      at = archive.indexOf('storage/xx/evil.txt', at + 1);
    }
    const job = await run(archive);
    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      'This backup holds a file whose name leads out of its folder ("storage/../evil.txt"): it was refused.',
    );
  });

  it('says a damaged data.db is damaged, and leaves no folder and no open file', async () => {
    const uploads = join(t.config.dataDir, 'imports', 'uploads');
    const garbage = Buffer.alloc(64 * 1024, 7);
    for (const [archive, words] of [
      [
        await zipOf([['data.db', garbage]]),
        'Its data.db is damaged: it cannot be read as a database.',
      ],
      [
        // Its compressed data made to start with a reserved block type: it cannot be inflated.
        await (async () => {
          const whole = await zipOf([['data.db', Buffer.from('SQLite format 3\0'.repeat(4096))]]);
          whole[30 + whole.readUInt16LE(26) + whole.readUInt16LE(28)] = 0xff;
          return whole;
        })(),
        'Its data.db cannot be read from the zip: the file is damaged.',
      ],
    ] as const) {
      const job = await run(archive);
      expect(job.state).toBe('failed');
      expect(job.error).toBe(words);
      expect(leftovers()).toEqual([]);
      expect(openUnder(uploads)).toEqual([]);
      expect(readdirSync(uploads)).toEqual([]);
    }
  });
});
