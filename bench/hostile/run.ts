/**
 * Hostile archives (issue 46): small files that are huge inside. Each case runs in a child process
 * of its own (a case that runs out of memory ends only itself), with its wall time, CPU time, peak
 * resident memory (the kernel's maxRSS) and exit code, next to a baseline in the same run.
 *
 *   npx tsx bench/hostile/run.ts [--src apps/server/src] [--heap 512] [--line-mib 16,48]
 *
 * `--src` names the server source tree to measure (the default is this checkout's); to measure an
 * older tree, extract it under bench/.data (so its imports find node_modules):
 *   mkdir -p bench/.data/before && git archive <commit> apps/server/src | tar -x -C bench/.data/before
 *   npx tsx bench/hostile/run.ts --src bench/.data/before/apps/server/src
 *
 * Cases:
 * - `row line`: a backup archive whose members table is one line of N MiB, read by the upload
 *   check (verifyEntries, the same line reader as the dry check and the restore);
 * - `stored file`: a backup archive holding a 300 MiB file (zeros, so the archive is small), with
 *   its true size and checksum in the manifest, checked the same way;
 * - `PocketBase value`: the import's dry run (PGlite in memory) of a PocketBase zip whose one role
 *   has a 120 MB description.
 * Each has a baseline: the same archive without the huge part.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sqlite3 from 'node-sqlite3-wasm';
import yazl from 'yazl';

const root = resolve(import.meta.dirname, '../..');
const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const src = resolve(root, args.get('--src') ?? 'apps/server/src');
const heap = Number(args.get('--heap') ?? 512);
const lineMibs = (args.get('--line-mib') ?? '16,48').split(',').map(Number);
const work = join(root, 'bench/.data/hostile');
const MIB = 1024 * 1024;

/** `count` chunks of `size` bytes of `byte`, made as they are read. */
function repeated(byte: string, size: number, count: number): Readable {
  const chunk = Buffer.alloc(size, byte);
  let left = count;
  return new Readable({
    read() {
      this.push(left-- > 0 ? chunk : null);
    },
  });
}

/** A backup archive: a base backup's manifest shape, one table, maybe one big file. */
async function backupArchive(
  target: string,
  table: { lineMib: number } | null,
  fileMib: number,
): Promise<void> {
  if (existsSync(target)) return;
  // One row: {"id":"aaa…"} on one line, N MiB long.
  const row = () =>
    Readable.from(
      (async function* () {
        yield Buffer.from('{"id":"');
        if (table) yield* repeated('a', MIB, table.lineMib);
        else yield Buffer.from('a');
        yield Buffer.from('"}\n');
      })(),
    );
  const tableHash = createHash('sha256');
  for await (const chunk of row()) tableHash.update(chunk as Buffer);
  const fileHash = createHash('sha256');
  for await (const chunk of repeated('\0', MIB, fileMib)) fileHash.update(chunk);
  const manifest = {
    format: 'back-office-backup',
    version: 1,
    created: new Date().toISOString(),
    database: 'pglite',
    migrations: [],
    tables: [{ name: 'members', columns: ['id'], rows: 1, sha256: tableHash.digest('hex') }],
    sequences: [],
    files: fileMib
      ? [
          {
            key: 'pbc_x/abcdefghijklmno/big.bin',
            size: fileMib * MIB,
            sha256: fileHash.digest('hex'),
          },
        ]
      : [],
  };
  const zip = new yazl.ZipFile();
  zip.addReadStream(row(), 'db/members.ndjson');
  if (fileMib)
    zip.addReadStream(repeated('\0', MIB, fileMib), 'storage/pbc_x/abcdefghijklmno/big.bin');
  const bytes = Buffer.from(JSON.stringify(manifest));
  zip.addBuffer(bytes, 'manifest.json');
  zip.addBuffer(
    Buffer.from(createHash('sha256').update(bytes).digest('hex')),
    'manifest.json.sha256',
  );
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target));
}

/** A PocketBase zip: the test fixture's backup, one role's description `valueMb` MB long. */
async function pocketbaseZip(target: string, valueMb: number): Promise<void> {
  if (existsSync(target)) return;
  const { buildPocketBaseBackup, zipBackup } =
    await import('../../apps/server/test/fixtures/pocketbase/build-backup');
  const dir = mkdtempSync(join(tmpdir(), 'bench-pb-'));
  try {
    const backup = await buildPocketBaseBackup(join(dir, 'pb_data'));
    if (valueMb) {
      const db = new sqlite3.Database(join(backup.dir, 'data.db'));
      db.exec(
        `UPDATE "roles" SET "description" = hex(zeroblob(${(valueMb * 1_000_000) / 2})) WHERE "id" = 'roleaccounts001'`,
      );
      db.close();
    }
    await zipBackup(backup.dir, target);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The child's own figures so far: CPU seconds and peak resident memory (kernel's maxRSS). */
function usage() {
  const u = process.resourceUsage();
  return { cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, maxRss: Math.round(u.maxRSS / 1024) };
}

/** In the child: runs one case against `src`; prints its figures as it goes, and what it saw. */
async function child(kind: string, path: string): Promise<void> {
  // Printed as it goes, so a child that runs out of memory still leaves its last figures.
  const ticker = setInterval(() => console.log(JSON.stringify(usage())), 200);
  let outcome = 'accepted';
  if (kind === 'archive') {
    const { openArchive, verifyEntries } = await import(join(src, 'core/backup/archive.ts'));
    try {
      const archive = await openArchive(path);
      try {
        await verifyEntries(archive);
      } finally {
        archive.close();
      }
    } catch (err) {
      outcome = `refused: ${(err as Error).message.slice(0, 90)}`;
    }
  } else {
    const { buildApp } = await import(join(src, 'app.ts'));
    const { readConfig } = await import(join(src, 'config.ts'));
    const { openPglite } = await import(join(src, 'db/database.ts'));
    const { importPocketBase } = await import(join(src, 'domain/pocketbase-import/index.ts'));
    const { buildAuthState } = await import(join(src, 'core/auth.ts'));
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
    const db = await openPglite();
    const built = await buildApp(
      {
        ...readConfig({}),
        dataDir,
        logger: false,
        adminEmail: 'a@b.org',
        adminPassword: 'bench-password-1',
      },
      { db },
    );
    const employees = built.engine.registry.get('employees');
    const { rows } = await db.query(`SELECT * FROM "employees" LIMIT 1`);
    const request = {
      auth: await buildAuthState(db, employees, rows[0]),
      method: 'POST',
      context: 'default',
      query: {},
      headers: {},
      body: {},
    };
    const started = Date.now();
    const report = await importPocketBase(built.engine, path, { dryRun: true, request });
    const roles = report.collections.find((c: { name: string }) => c.name === 'roles');
    outcome = `dry run in ${Date.now() - started} ms; roles refused: ${roles?.refused.length ?? 0}`;
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  clearInterval(ticker);
  console.log(JSON.stringify({ ...usage(), outcome }));
}

type Result = { wall: number; cpu: number; maxRss: number; outcome: string };

/** Runs a case in a child process and reads its figures. */
function measure(kind: string, path: string): Result {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${heap}`,
      '--import',
      'tsx',
      import.meta.filename,
      '--child',
      kind,
      '--path',
      path,
      '--src',
      src,
    ],
    // The embedded database only: never a PostgreSQL server the shell may name.
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * MIB, env: { ...process.env, DATABASE_URL: '' } },
  );
  const wall = Date.now() - started;
  const lines = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Partial<Result>);
  const last = lines.at(-1) ?? {};
  const outcome =
    last.outcome ??
    (/heap out of memory/.test(run.stderr)
      ? `out of memory (exit ${run.status ?? run.signal})`
      : `exit ${run.status ?? run.signal}`);
  return { wall, cpu: last.cpu ?? 0, maxRss: last.maxRss ?? 0, outcome };
}

async function main(): Promise<void> {
  if (args.has('--child')) return child(args.get('--child')!, args.get('--path')!);
  mkdirSync(work, { recursive: true });
  console.log(`source: ${src}; heap limit ${heap} MiB`);
  const cases: Array<{ name: string; kind: string; path: string }> = [];
  const base = join(work, 'base.zip');
  await backupArchive(base, null, 0);
  cases.push({ name: 'backup archive, baseline (one short row)', kind: 'archive', path: base });
  for (const mib of lineMibs) {
    const path = join(work, `line-${mib}.zip`);
    await backupArchive(path, { lineMib: mib }, 0);
    cases.push({ name: `backup archive, one row line of ${mib} MiB`, kind: 'archive', path });
  }
  const file = join(work, 'file-300.zip');
  await backupArchive(file, null, 300);
  cases.push({ name: 'backup archive, a 300 MiB stored file', kind: 'archive', path: file });
  const pbBase = join(work, 'pb-base.zip');
  await pocketbaseZip(pbBase, 0);
  cases.push({ name: 'PocketBase dry run, baseline', kind: 'pocketbase', path: pbBase });
  const pbHuge = join(work, 'pb-120.zip');
  await pocketbaseZip(pbHuge, 120);
  cases.push({ name: 'PocketBase dry run, one 120 MB value', kind: 'pocketbase', path: pbHuge });

  console.log('| Case | Archive | Wall | CPU | Peak RSS | Outcome |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const c of cases) {
    const r = measure(c.kind, c.path);
    const size = `${(statSync(c.path).size / 1024).toFixed(0)} KB`;
    console.log(
      `| ${c.name} | ${size} | ${(r.wall / 1000).toFixed(1)} s | ${r.cpu.toFixed(1)} s | ${r.maxRss} MiB | ${r.outcome} |`,
    );
  }
}

await main();
