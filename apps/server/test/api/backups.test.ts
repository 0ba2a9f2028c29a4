/**
 * Backups (`/api/backups`): who may do what, making, listing, downloading, uploading, deleting,
 * the dry check, restoring (same records, files and derived values, also into a fresh data
 * directory), and damaged archives refused before anything is touched.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { LightMyRequestResponse } from 'fastify';
import { openZip } from '../../src/core/backup/zip';
import { multipart, type MultipartPart } from '../helpers/multipart';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

type Json = Record<string, unknown>;

let t: TestApp;
let adminToken: string;
let readerToken: string;
let otherToken: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Files in these bodies are zip archives unless they say otherwise. */
const zipForm = (parts: Array<[string, MultipartPart]>) => multipart(parts, 'application/zip');

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null = adminToken,
  body?: Json,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(body ? { payload: body } : {}),
  });
}

async function upload(
  filename: string,
  data: Buffer,
  token: string | null = adminToken,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await zipForm([['file', { filename, data }]]);
  return t.app.inject({
    method: 'POST',
    url: '/api/backups/upload',
    payload,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
}

async function signInAdmin(): Promise<string> {
  const res = await call('POST', '/api/collections/employees/auth-with-password', null, {
    identity: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

async function create(collection: string, data: Json): Promise<Json> {
  const res = await call('POST', `/api/collections/${collection}/records`, adminToken, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function all(collection: string, app: TestApp = t, token = adminToken): Promise<Json[]> {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/collections/${collection}/records?perPage=500&sort=id`,
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** Every stored upload (thumbs aside) with its checksum. */
function storedFiles(dataDir: string): Record<string, string> {
  const root = join(dataDir, 'storage');
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!name.startsWith('thumbs_')) walk(path);
      } else
        out[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return out;
}

/** What a restore must bring back: records of several collections (with derived values) and files. */
async function state(app: TestApp = t, token = adminToken) {
  return {
    members: await all('members', app, token),
    dues: await all('member_dues', app, token),
    roles: await all('roles', app, token),
    employees: (await all('employees', app, token)).map((e) => ({ ...e, updated: undefined })),
    files: storedFiles(app.config.dataDir),
  };
}

async function makeBackup(name: string): Promise<Buffer> {
  const res = await call('POST', '/api/backups', adminToken, { name });
  expect(res.statusCode, res.body).toBe(204);
  return readFileSync(join(t.config.dataDir, 'backups', name));
}

async function listKeys(): Promise<string[]> {
  const res = await call('GET', '/api/backups');
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ key: string }>).map((b) => b.key);
}

let member: Json;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = t.adminToken;
  readerToken = (await t.employeeWith(['settings.read'])).token;
  otherToken = (await t.employeeWith(['members.read', 'roles.read'])).token;
  const type = await create('membership_types', { title: 'Ordinary', fee: 12, period_months: 12 });
  const { payload, headers } = await zipForm([
    ['name', 'Hawa Musa'],
    ['membership_status', 'Active'],
    ['membership_type', String(type.id)],
    ['avatar', { filename: 'face.png', data: PNG, type: 'image/png' }],
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections/members/records',
    payload,
    headers: { ...headers, authorization: adminToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  member = res.json();
  for (const [paid_on, months] of [
    ['2026-01-01', 12],
    ['2026-02-01', 6],
  ] as const)
    await create('member_dues', { member: member.id, amount: 12.5, paid_on, months });
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('who may use the backup endpoints', () => {
  it('answers guests 401 and accounts without the Settings permission 403', async () => {
    await makeBackup('perm.zip');
    const endpoints: Array<[string, 'GET' | 'POST' | 'DELETE', string, 'read' | 'update']> = [
      ['list', 'GET', '/api/backups', 'read'],
      ['create', 'POST', '/api/backups', 'update'],
      ['delete', 'DELETE', '/api/backups/perm.zip', 'update'],
      ['check', 'POST', '/api/backups/perm.zip/check', 'update'],
      ['restore', 'POST', '/api/backups/perm.zip/restore', 'update'],
    ];
    for (const [what, method, url, needs] of endpoints) {
      const guest = await call(method, url, null);
      expect(guest.statusCode, `${what} as guest`).toBe(401);
      expect(guest.json()).toEqual({
        data: {},
        message: 'The request requires valid record authorization token.',
        status: 401,
      });
      const other = await call(method, url, otherToken);
      expect(other.statusCode, `${what} without settings`).toBe(403);
      expect(other.json()).toEqual({
        data: {},
        message: 'You are not allowed to perform this request.',
        status: 403,
      });
      if (needs === 'update') {
        const reader = await call(method, url, readerToken);
        expect(reader.statusCode, `${what} with settings.read only`).toBe(403);
      }
    }
    expect((await upload('x.zip', Buffer.from('x'), null)).statusCode).toBe(401);
    expect((await upload('x.zip', Buffer.from('x'), otherToken)).statusCode).toBe(403);
    expect((await upload('x.zip', Buffer.from('x'), readerToken)).statusCode).toBe(403);
    // settings.read lists.
    const listed = await call('GET', '/api/backups', readerToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((b: Json) => b.key)).toContain('perm.zip');
    expect(await listKeys()).toContain('perm.zip');
  });

  it('downloads only with a file token of an account holding settings.read', async () => {
    const tokenOf = async (auth: string) =>
      (await call('POST', '/api/files/token', auth)).json().token as string;
    expect((await call('GET', '/api/backups/perm.zip', null)).statusCode).toBe(401);
    // The Authorization header is not enough: downloads are links.
    expect((await call('GET', '/api/backups/perm.zip', adminToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/backups/perm.zip?token=nonsense', null)).statusCode).toBe(401);
    // An auth token is not a file token.
    expect((await call('GET', `/api/backups/perm.zip?token=${adminToken}`, null)).statusCode).toBe(
      401,
    );
    const other = await call(
      'GET',
      `/api/backups/perm.zip?token=${await tokenOf(otherToken)}`,
      null,
    );
    expect(other.statusCode).toBe(403);
    const res = await call(
      'GET',
      `/api/backups/perm.zip?token=${await tokenOf(readerToken)}`,
      null,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename=perm.zip');
    expect(res.rawPayload.equals(readFileSync(join(t.config.dataDir, 'backups', 'perm.zip')))).toBe(
      true,
    );
    const missing = await call(
      'GET',
      `/api/backups/none.zip?token=${await tokenOf(readerToken)}`,
      null,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses backup names that try to leave the backups folder', async () => {
    for (const key of [
      '..%2F..%2Fdb',
      '.hidden.zip',
      'a%2Fb.zip',
      'x.txt',
      '..zip',
      '%2e%2e.zip',
    ]) {
      for (const [method, url] of [
        ['DELETE', `/api/backups/${key}`],
        ['POST', `/api/backups/${key}/restore`],
        ['POST', `/api/backups/${key}/check`],
      ] as const) {
        const res = await call(method, url);
        expect([400, 404], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    for (const name of ['../escape.zip', '/tmp/x.zip', 'a/b.zip', 'no-extension', '.zip']) {
      const res = await call('POST', '/api/backups', adminToken, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().data.name.code).toBe('validation_invalid_backup_name');
    }
    expect((await upload('../../evil.zip', Buffer.from('PK'))).statusCode).toBe(400);
    expect(
      readdirSync(join(t.config.dataDir, 'backups')).filter((n) => !n.startsWith('.')),
    ).not.toContain('evil.zip');
  });
});

describe('making, listing, uploading and deleting', () => {
  it('makes a backup with a generated name and lists it with its size and date', async () => {
    const before = await listKeys();
    const res = await call('POST', '/api/backups');
    expect(res.statusCode).toBe(204);
    const after = await call('GET', '/api/backups');
    const added = (after.json() as Array<{ key: string; size: number; modified: string }>).filter(
      (b) => !before.includes(b.key),
    );
    expect(added).toHaveLength(1);
    expect(added[0].key).toMatch(/^backup_\d{14}\.zip$/);
    expect(added[0].size).toBe(statSync(join(t.config.dataDir, 'backups', added[0].key)).size);
    expect(added[0].modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    // A name already used is refused.
    const again = await call('POST', '/api/backups', adminToken, { name: 'perm.zip' });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.name.code).toBe('validation_backup_exists');
  });

  it('runs one backup job at a time: a second one at once is told to try later', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/backups', adminToken, { name: 'one.zip' }),
      call('POST', '/api/backups', adminToken, { name: 'two.zip' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json()).toEqual({
      data: {},
      message: 'Try again later - another backup or restore is already running.',
      status: 400,
    });
    for (const key of ['one.zip', 'two.zip'])
      if ((await listKeys()).includes(key))
        expect((await call('DELETE', `/api/backups/${key}`)).statusCode).toBe(204);
  });

  it('holds the database rows, the files they reference and a manifest with checksums', async () => {
    const zip = await openZip(join(t.config.dataDir, 'backups', 'perm.zip'));
    try {
      const names = zip.names();
      expect(names).toContain('manifest.json');
      expect(names).toContain('db/members.ndjson');
      expect(names).toContain(
        `storage/${String(member.collectionId)}/${String(member.id)}/${String(member.avatar)}`,
      );
      const chunks: Buffer[] = [];
      for await (const c of await zip.open('manifest.json')) chunks.push(c as Buffer);
      const manifest = JSON.parse(Buffer.concat(chunks).toString());
      expect(manifest.migrations.length).toBeGreaterThan(0);
      expect(manifest.tables.find((x: Json) => x.name === 'member_dues').rows).toBe(2);
      expect(manifest.tables.map((x: Json) => x.name)).not.toContain('_secrets');
    } finally {
      zip.close();
    }
  });

  it('uploads a backup, refuses a damaged or foreign one, and deletes', async () => {
    const good = readFileSync(join(t.config.dataDir, 'backups', 'perm.zip'));
    expect((await upload('copy.zip', good)).statusCode).toBe(204);
    expect(await listKeys()).toContain('copy.zip');
    const dup = await upload('copy.zip', good);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().data.file.code).toBe('validation_invalid_backup');
    const bad = await upload('broken.zip', good.subarray(0, good.length - 200));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.file.message).toMatch(/damaged/);
    const notZip = await upload('text.zip', Buffer.from('hello'));
    expect(notZip.statusCode).toBe(400);
    expect(await listKeys()).not.toContain('broken.zip');
    expect(readdirSync(join(t.config.dataDir, 'backups')).filter((n) => n.startsWith('.'))).toEqual(
      [],
    );

    expect((await call('DELETE', '/api/backups/copy.zip')).statusCode).toBe(204);
    expect(await listKeys()).not.toContain('copy.zip');
    expect((await call('DELETE', '/api/backups/copy.zip')).statusCode).toBe(404);
  });

  it('writes every backup, upload, delete and restore to the audit trail', async () => {
    const { rows } = await t.db.query<{ action: string; record: string; categories: string[] }>(
      `SELECT "action", "record", "categories" FROM "user_activities" WHERE "action" LIKE 'BACKUP_%' ORDER BY "created"`,
    );
    const seen = rows.map((r) => `${r.action} ${r.record}`);
    expect(seen).toContain('BACKUP_CREATE perm.zip');
    expect(seen).toContain('BACKUP_UPLOAD copy.zip');
    expect(seen).toContain('BACKUP_DELETE copy.zip');
    expect(rows.every((r) => r.categories.includes('settings'))).toBe(true);
  });
});

describe('restore', () => {
  it('shows what a restore would bring back, changing nothing (dry check)', async () => {
    const before = await state();
    const res = await call('POST', '/api/backups/perm.zip/check');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.tables.find((x: Json) => x.name === 'members').rows).toBe(1);
    expect(report.files).toBe(1);
    expect(report.migration).toMatch(/^\d{4}_/);
    expect(await state()).toEqual(before);
  });

  it('brings back the same records, files and derived values, and signs everyone out', async () => {
    const before = await state();
    // Derived: paid-until is the end of the last chained dues period.
    const periodEnds = before.dues.map((d) => String(d.period_end)).sort();
    expect(before.members[0].paid_until).toBe(periodEnds.at(-1));
    // Change everything the backup holds.
    await makeBackup('before-changes.zip');
    await create('member_dues', {
      member: member.id,
      amount: 5,
      paid_on: '2026-03-01',
      months: 12,
    });
    await create('members', { name: 'Adam Idris', membership_status: 'Active' });
    const del = await call('DELETE', `/api/collections/members/records/${String(member.id)}`);
    // Members with dues cannot be deleted; replace the avatar instead.
    if (del.statusCode !== 204) {
      const { payload, headers } = await zipForm([
        ['avatar', { filename: 'other.png', data: PNG, type: 'image/png' }],
      ]);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/collections/members/records/${String(member.id)}`,
        payload,
        headers: { ...headers, authorization: adminToken },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const changed = await state();
    expect(changed).not.toEqual(before);

    const res = await call('POST', '/api/backups/before-changes.zip/restore');
    expect(res.statusCode, res.body).toBe(204);
    // Sessions end: the old token no longer works, the password (of the backup) does.
    expect((await call('GET', '/api/backups')).statusCode).toBe(401);
    adminToken = await signInAdmin();
    expect(await state(t, adminToken)).toEqual(before);
    // The restore itself is in the restored audit trail.
    const { rows } = await t.db.query(
      `SELECT 1 FROM "user_activities" WHERE "action" = 'BACKUP_RESTORE' AND "record" = 'before-changes.zip'`,
    );
    expect(rows).toHaveLength(1);
    // New records continue after the restored ones.
    const added = await create('members', { name: 'After Restore', membership_status: 'Active' });
    const members = await all('members');
    expect(members.map((m) => m.id)).toContain(added.id);
  });

  it('restores into a fresh data directory with the same records, files and balances', async () => {
    const before = await state();
    const archive = await makeBackup('to-move.zip');
    const fresh = await startTestApp();
    try {
      const { payload, headers } = await zipForm([
        ['file', { filename: 'moved.zip', data: archive }],
      ]);
      const up = await fresh.app.inject({
        method: 'POST',
        url: '/api/backups/upload',
        payload,
        headers: { ...headers, authorization: fresh.adminToken },
      });
      expect(up.statusCode, up.body).toBe(204);
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/backups/moved.zip/restore',
        headers: { authorization: fresh.adminToken },
      });
      expect(res.statusCode, res.body).toBe(204);
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/collections/employees/auth-with-password',
        payload: { identity: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      const token = login.json().token as string;
      expect(await state(fresh, token)).toEqual(before);
      // Membership numbers continue after the restored ones.
      const next = await fresh.app.inject({
        method: 'POST',
        url: '/api/collections/members/records',
        payload: { name: 'First After Move', membership_status: 'Active' },
        headers: { authorization: token },
      });
      expect(next.statusCode, next.body).toBe(200);
      const numbers = before.members.map((m) => m.membership_number);
      expect(numbers).not.toContain(next.json().membership_number);
    } finally {
      await fresh.stop();
    }
  });
});

/** Rebuilds an archive with some entries replaced (for the wrong-manifest cases). */
async function rebuild(source: string, replace: Record<string, Buffer>): Promise<Buffer> {
  const zip = await openZip(source);
  const out = new yazl.ZipFile();
  try {
    for (const name of zip.names()) {
      const chunks: Buffer[] = [];
      for await (const c of await zip.open(name)) chunks.push(c as Buffer);
      out.addBuffer(replace[name] ?? Buffer.concat(chunks), name);
    }
  } finally {
    zip.close();
  }
  out.end();
  const parts: Buffer[] = [];
  for await (const c of out.outputStream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

describe('damaged archives', () => {
  let good: Buffer;
  let source: string;

  beforeAll(async () => {
    good = await makeBackup('good.zip');
    source = join(t.config.dataDir, 'backups', 'good.zip');
  });

  /** Stores the bytes as a backup (bypassing the upload check), restores, expects 400 and no change. */
  async function refused(name: string, bytes: Buffer): Promise<string> {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(t.config.dataDir, 'backups', name), bytes);
    const before = await state();
    const check = await call('POST', `/api/backups/${name}/check`);
    expect(check.statusCode, `${name} check: ${check.body}`).toBe(400);
    const res = await call('POST', `/api/backups/${name}/restore`);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
    expect(res.json().message).toMatch(/^The backup cannot be restored: /);
    expect(await state()).toEqual(before);
    // The session survives a refused restore.
    expect((await call('GET', '/api/backups')).statusCode).toBe(200);
    return res.json().message as string;
  }

  it('refuses a truncated archive', async () => {
    for (const cut of [0.5, 0.9, 0.999]) {
      const message = await refused(
        `cut-${cut}.zip`,
        good.subarray(0, Math.floor(good.length * cut)),
      );
      expect(message).toMatch(/damaged|incomplete/);
    }
  });

  it('refuses an archive with one byte flipped, wherever it is', async () => {
    // A spread of positions: entry headers, table rows, file data, the manifest, the directory.
    const positions = [];
    for (let i = 0; i < good.length; i += Math.max(1, Math.floor(good.length / 20)))
      positions.push(i);
    positions.push(good.length - 1);
    for (const position of positions) {
      const bytes = Buffer.from(good);
      bytes[position] ^= 0x20;
      const name = `flip-${position}.zip`;
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(t.config.dataDir, 'backups', name), bytes);
      const res = await call('POST', `/api/backups/${name}/check`);
      // A flip in bytes nothing reads (an entry's timestamp or attributes) leaves the same
      // content; anything that changes content is refused.
      if (res.statusCode === 200) {
        const flipped = join(t.config.dataDir, 'backups', name);
        for (const entry of await entryNames(source))
          expect(
            (await rebuildEntry(flipped, entry)).equals(await rebuildEntry(source, entry)),
          ).toBe(true);
        continue;
      }
      expect(res.statusCode, `flip at ${position}: ${res.body}`).toBe(400);
    }
    // And one flip inside the rows themselves is always caught by its checksum.
    const marker = good.indexOf(Buffer.from('manifest.json'));
    expect(marker).toBeGreaterThan(0);
    await refused(
      'flip-rows.zip',
      await rebuild(source, {
        'db/members.ndjson': Buffer.from(
          (await rebuildEntry(source, 'db/members.ndjson')).toString().replace('Hawa', 'Hawb'),
        ),
      }),
    );
  });

  it('refuses a wrong manifest', async () => {
    const manifestOf = async () =>
      JSON.parse((await rebuildEntry(source, 'manifest.json')).toString());
    const withManifest = async (
      change: (m: Json & { tables: Json[]; migrations: string[] }) => void,
    ) => {
      const manifest = await manifestOf();
      change(manifest);
      const bytes = Buffer.from(JSON.stringify(manifest));
      return rebuild(source, {
        'manifest.json': bytes,
        'manifest.json.sha256': Buffer.from(createHash('sha256').update(bytes).digest('hex')),
      });
    };
    // Edited without its checksum.
    const manifest = await manifestOf();
    manifest.tables[0].rows += 1;
    expect(
      await refused(
        'manifest-unsigned.zip',
        await rebuild(source, { 'manifest.json': Buffer.from(JSON.stringify(manifest)) }),
      ),
    ).toMatch(/manifest does not match its checksum/);
    // Consistent checksums but a row count that is not the table's.
    expect(
      await refused(
        'manifest-rows.zip',
        await withManifest((m) => {
          (m.tables.find((x) => x.name === 'members') as Json).rows = 5;
        }),
      ),
    ).toMatch(/members holds \d+ rows; its manifest says 5/);
    expect(
      await refused(
        'manifest-sha.zip',
        await withManifest((m) => {
          (m.tables.find((x) => x.name === 'roles') as Json).sha256 = '0'.repeat(64);
        }),
      ),
    ).toMatch(/checksum of db\/roles.ndjson/);
    expect(
      await refused(
        'manifest-version.zip',
        await withManifest((m) => m.migrations.push('9999_future')),
      ),
    ).toMatch(/newer version/);
    expect(
      await refused('manifest-older.zip', await withManifest((m) => m.migrations.pop())),
    ).toMatch(/older version/);
    expect(
      await refused(
        'manifest-table.zip',
        await withManifest((m) => {
          (m.tables[0] as Json).name = 'pg_authid';
        }),
      ),
    ).toMatch(/missing|does not exist/);
    expect(
      await refused(
        'manifest-foreign.zip',
        await withManifest((m) => ((m as Json).format = 'other')),
      ),
    ).toMatch(/not a backup of this application/);
    expect(
      await refused(
        'no-manifest.zip',
        await rebuild(source, {}).then(async () => {
          const out = new yazl.ZipFile();
          out.addBuffer(Buffer.from('{}'), 'db/members.ndjson');
          out.end();
          const parts: Buffer[] = [];
          for await (const c of out.outputStream) parts.push(c as Buffer);
          return Buffer.concat(parts);
        }),
      ),
    ).toMatch(/no manifest/);
  });

  it('refuses rows that do not fit this database, before touching it', async () => {
    const rows = (await rebuildEntry(source, 'db/members.ndjson')).toString();
    const line = JSON.parse(rows.split('\n')[0]) as Json;
    // A duplicate id, then a value of the wrong type: both pass the checksums (recomputed) but not the load.
    for (const [name, text] of [
      ['rows-duplicate.zip', `${rows}${JSON.stringify(line)}\n`],
      ['rows-type.zip', rows.replace(/"_rowid":\d+/, '"_rowid":"lots"')],
    ] as const) {
      expect(text).not.toBe(rows);
      const manifest = JSON.parse((await rebuildEntry(source, 'manifest.json')).toString());
      const table = manifest.tables.find((x: Json) => x.name === 'members');
      table.rows = text.split('\n').length - 1;
      table.sha256 = createHash('sha256').update(text).digest('hex');
      const bytes = Buffer.from(JSON.stringify(manifest));
      const archive = await rebuild(source, {
        'db/members.ndjson': Buffer.from(text),
        'manifest.json': bytes,
        'manifest.json.sha256': Buffer.from(createHash('sha256').update(bytes).digest('hex')),
      });
      expect(await refused(name, archive)).toMatch(/cannot be loaded/);
    }
  });
});

async function rebuildEntry(source: string, name: string): Promise<Buffer> {
  const zip = await openZip(source);
  try {
    const chunks: Buffer[] = [];
    for await (const c of await zip.open(name)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  } finally {
    zip.close();
  }
}

async function entryNames(path: string): Promise<string[]> {
  const zip = await openZip(path);
  zip.close();
  return zip.names();
}
