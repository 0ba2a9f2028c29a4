/**
 * Hostile backup archives that are small on disk and huge inside, or whose entry names point
 * elsewhere: each is refused with a message saying what is wrong, without reading an entry whole
 * or spending minutes on one long line.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { MAX_ROW_CHARS } from '../../src/core/backup/archive';
import { openZip } from '../../src/core/backup/zip';
import { multipart } from '../helpers/multipart';
import { startTestApp, type TestApp } from '../helpers/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the manifest, changed field by field
type Json = any;

let t: TestApp;
/** The entries of a real backup of the test database. */
let entries: Map<string, Buffer>;

beforeAll(async () => {
  t = await startTestApp();
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/backups',
    headers: { authorization: t.adminToken },
    payload: { name: 'base.zip' },
  });
  expect(made.statusCode).toBe(204);
  const zip = await openZip(join(t.config.dataDir, 'backups', 'base.zip'));
  entries = new Map();
  try {
    for (const name of zip.names()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.open(name)) chunks.push(chunk as Buffer);
      entries.set(name, Buffer.concat(chunks));
    }
  } finally {
    zip.close();
  }
});
afterAll(async () => t.stop());

/** `count` chunks of `size` bytes of `byte`, made as they are read (never held whole). */
function repeated(byte: string, size: number, count: number): Readable {
  const chunk = Buffer.alloc(size, byte);
  let left = count;
  return new Readable({
    read() {
      this.push(left-- > 0 ? chunk : null);
    },
  });
}

type Entry = { name: string; data: Buffer } | { name: string; stream: () => Readable };

/** A zip of these entries, compressed (huge repeated content stays small). */
async function zipOf(list: Entry[]): Promise<Buffer> {
  const out = new yazl.ZipFile();
  for (const entry of list)
    if ('data' in entry) out.addBuffer(entry.data, entry.name);
    else out.addReadStream(entry.stream(), entry.name);
  out.end();
  const parts: Buffer[] = [];
  for await (const chunk of out.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The base backup's entries with the manifest changed by `change`, its checksum made again. */
function withManifest(change: (manifest: Json) => void): Entry[] {
  const manifest = JSON.parse(entries.get('manifest.json')!.toString());
  change(manifest);
  const bytes = Buffer.from(JSON.stringify(manifest));
  return [...entries]
    .filter(([name]) => !name.startsWith('manifest.json'))
    .map(([name, data]) => ({ name, data }))
    .concat([
      { name: 'manifest.json', data: bytes },
      {
        name: 'manifest.json.sha256',
        data: Buffer.from(createHash('sha256').update(bytes).digest('hex')),
      },
    ]);
}

/** Stores the archive as a backup and runs the dry check; returns the status and message. */
async function check(name: string, archive: Buffer): Promise<{ status: number; message: string }> {
  writeFileSync(join(t.config.dataDir, 'backups', name), archive);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/backups/${name}/check`,
    headers: { authorization: t.adminToken },
  });
  return { status: res.statusCode, message: res.json().message };
}

async function upload(name: string, archive: Buffer) {
  const body = await multipart([['file', { filename: name, data: archive }]], 'application/zip');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backups/upload',
    headers: { ...body.headers, authorization: t.adminToken },
    payload: body.payload,
  });
  return { status: res.statusCode, json: res.json() };
}

/** The most memory held in buffers above the level at the start, while `work` runs. */
async function peakBuffers<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const start = process.memoryUsage().arrayBuffers;
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().arrayBuffers - start));
  const timer = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

const MB = 1024 * 1024;

describe('a row line longer than any row', () => {
  it('is refused as it grows, in a moment, instead of being searched again and again', async () => {
    const table = 'members';
    const archive = await zipOf(
      withManifest(() => {}).map((entry) =>
        entry.name === `db/${table}.ndjson`
          ? { name: entry.name, stream: () => repeated('a', MB, MAX_ROW_CHARS / MB + 1) }
          : entry,
      ),
    );
    expect(archive.length).toBeLessThan(MB);
    const started = Date.now();
    const { status, message } = await check('long-line.zip', archive);
    expect(status).toBe(400);
    expect(message).toBe(
      `The backup cannot be restored: db/${table}.ndjson holds a row longer than ${MAX_ROW_CHARS} characters: no row of this application is that long.`,
    );
    // Linear: a 64 MiB line is read in about a second (the quadratic search took minutes).
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});

describe('a stored file larger inside than its archive', () => {
  const key = 'pbc_files/abcdefghijklmno/big.bin';
  const size = 200 * MB;

  it('is refused before it is read when the zip declares another size than the manifest', async () => {
    const archive = await zipOf([
      ...withManifest((m) =>
        m.files.push({ key, size: 10, sha256: createHash('sha256').update('x').digest('hex') }),
      ),
      { name: `storage/${key}`, stream: () => repeated('\0', MB, size / MB) },
    ]);
    expect(archive.length).toBeLessThan(MB);
    const { result, peak } = await peakBuffers(() => check('declared.zip', archive));
    expect(result).toEqual({
      status: 400,
      message: `The backup cannot be restored: The file ${key} holds ${size} bytes; its manifest says 10.`,
    });
    expect(peak).toBeLessThan(32 * MB);
  });

  it('is hashed as a stream when its size is the declared one: memory stays flat', async () => {
    const archive = await zipOf([
      ...withManifest((m) =>
        m.files.push({ key, size, sha256: createHash('sha256').update('x').digest('hex') }),
      ),
      { name: `storage/${key}`, stream: () => repeated('\0', MB, size / MB) },
    ]);
    const { result, peak } = await peakBuffers(() => upload('streamed.zip', archive));
    expect(result.status).toBe(400);
    expect(result.json.data.file.message).toBe(
      `The backup cannot be used: The file ${key} does not match its checksum.`,
    );
    // Read whole, the entry alone would be 200 MB.
    expect(peak).toBeLessThan(64 * MB);
  }, 30_000);
});

describe('entry names', () => {
  /** A zip whose entry `placeholder` is renamed to `name` (same length) in every header. */
  async function renamed(placeholder: string, name: string): Promise<Buffer> {
    expect(name.length).toBe(placeholder.length);
    const archive = await zipOf([
      ...withManifest(() => {}),
      { name: placeholder, data: Buffer.from('x') },
    ]);
    const from = Buffer.from(placeholder);
    let at = archive.indexOf(from);
    expect(at).toBeGreaterThan(-1);
    while (at >= 0) {
      Buffer.from(name).copy(archive, at);
      at = archive.indexOf(from, at + 1);
    }
    return archive;
  }

  it('says which entry leads out of its folder, is absolute, has a backslash or comes twice', async () => {
    const cases: Array<[Buffer, string]> = [
      [
        await renamed('storage/xx/evil.txt', 'storage/../evil.txt'),
        'It holds an entry whose name leads out of its folder ("storage/../evil.txt"): a backup never does.',
      ],
      [
        await renamed('xtmp/evil.txt', '/tmp/evil.txt'),
        'It holds an entry with an absolute path ("/tmp/evil.txt"): a backup never does.',
      ],
      [
        await renamed('storage/x/evil', 'storage\\x\\evil'),
        'It holds an entry whose name has a backslash ("storage\\x\\evil"): a backup never does.',
      ],
      [
        await zipOf([
          ...withManifest(() => {}),
          { name: 'manifest.json', data: Buffer.from('{}') },
        ]),
        'It holds the entry "manifest.json" twice: it cannot tell which one is right.',
      ],
    ];
    for (const [i, [archive, words]] of cases.entries()) {
      const uploaded = await upload(`names-${i}.zip`, archive);
      expect(uploaded.status).toBe(400);
      expect(uploaded.json.data.file.message).toBe(`The backup cannot be used: ${words}`);
      expect(await check(`names-${i}.zip`, archive)).toEqual({
        status: 400,
        message: `The backup cannot be restored: ${words}`,
      });
    }
  });
});

describe('an upload still being received', () => {
  it('holds no transaction and keeps no other backup job waiting', async () => {
    const archive = await zipOf(withManifest(() => {}));
    const body = await multipart(
      [['file', { filename: 'slow.zip', data: archive }]],
      'application/zip',
    );
    const sending = new PassThrough();
    const half = Math.floor(body.payload.length / 2);
    sending.write(body.payload.subarray(0, half));
    const uploaded = t.app.inject({
      method: 'POST',
      url: '/api/backups/upload',
      headers: { ...body.headers, authorization: t.adminToken },
      payload: sending,
    });
    const backups = join(t.config.dataDir, 'backups');
    const deadline = Date.now() + 10_000;
    while (!readdirSync(backups).some((name) => name.startsWith('.upload-'))) {
      if (Date.now() > deadline) throw new Error('the upload did not start');
      await new Promise((r) => setTimeout(r, 10));
    }
    // Half of it has arrived; the client is slow.
    if (t.db.kind === 'postgres') {
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE "datname" = current_database() AND "state" LIKE 'idle in transaction%'`,
      );
      expect(rows[0].n).toBe(0);
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/backups',
      headers: { authorization: t.adminToken },
      payload: { name: 'while-uploading.zip' },
    });
    expect(made.statusCode, made.body).toBe(204);
    sending.end(body.payload.subarray(half));
    expect((await uploaded).statusCode).toBe(204);
    expect(existsSync(join(backups, 'slow.zip'))).toBe(true);
  });
});
