/**
 * The backup archive: a zip holding every data table as rows (one JSON object a line, as
 * PostgreSQL itself prints them, so numbers and dates round-trip exactly), the files those rows
 * reference, and a manifest with the migration version, row counts and SHA-256 checksums.
 *
 * Making one reads every table inside one REPEATABLE READ transaction: the rows are one
 * consistent snapshot, whatever commits meanwhile. Checking one reads every entry against the
 * manifest and loads every row into scratch copies of the tables, then rolls back. Restoring
 * replaces the rows of every table in one transaction.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { isConnectionLoss, type Database, type Queryable } from '../../db/database';
import { MIGRATIONS } from '../../db/migrations/index';
import type { FileStorage } from '../../tools/filesystem/storage';
import { toList } from '../values';
import { q, type CollectionRegistry } from '../collection-model';
import { createZipWriter, openZip, ZipEntryNameError, type ZipReader } from './zip';

export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_CHECKSUM_ENTRY = 'manifest.json.sha256';
const FORMAT = 'back-office-backup';
const FORMAT_VERSION = 1;
/**
 * Tables that are not data: realtime's event queue, the token signing secrets, rate-limit counters,
 * the questions server processes ask each other, the answers kept for idempotency keys, and
 * sign-ins halfway through (emailed codes and first factors waiting for a second one), and uploads
 * halfway through (sent in pieces, not yet a record's file).
 */
const SKIPPED_TABLES = new Set([
  '_migrations',
  '_events',
  '_secrets',
  '_rate_limits',
  '_peer_calls',
  '_idempotency_keys',
  '_otps',
  '_mfas',
  '_uploads',
  '_upload_chunks',
]);
const PAGE_ROWS = 2000;
/** How many bytes of rows one INSERT carries when loading. */
const LOAD_BATCH_BYTES = 4 * 1024 * 1024;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const FILE_KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;
/**
 * The longest row an archive may hold, in characters. A row is one request's worth of data at
 * most (32 MiB), printed as JSON (escapes can double it); a longer line is refused as it grows,
 * before it is gathered whole.
 */
export const MAX_ROW_CHARS = 64 * 1024 * 1024;
/** The manifest is read whole: a few hundred bytes per file, so this holds about 400,000 files. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export type TableEntry = {
  name: string;
  columns: string[];
  rows: number;
  sha256: string;
};
export type FileEntry = { key: string; size: number; sha256: string };
export type Manifest = {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  /** When the snapshot was taken (ISO 8601). */
  created: string;
  database: Database['kind'];
  /** The migrations applied to the database the backup was made of, in order. */
  migrations: string[];
  tables: TableEntry[];
  /** Sequences (membership numbers, insertion counters) and the last value each gave. */
  sequences: SequenceEntry[];
  files: FileEntry[];
};
export type SequenceEntry = { name: string; value: string | null };

/** A backup that cannot be restored; the message says why, in words for the person restoring. */
export class BackupProblem extends Error {}

const sha256 = () => createHash('sha256');
const tableEntry = (table: string) => `db/${table}.ndjson`;
const fileEntry = (key: string) => `storage/${key}`;

/** The data tables of the current schema with their writable columns, in a stable order. */
async function dataTables(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c."table_name", c."column_name"
       FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t."table_schema" = c."table_schema" AND t."table_name" = c."table_name"
      WHERE c."table_schema" = current_schema() AND t."table_type" = 'BASE TABLE'
        AND c."is_generated" = 'NEVER'
      ORDER BY c."table_name", c."ordinal_position"`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (SKIPPED_TABLES.has(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? [];
    columns.push(row.column_name);
    tables.set(row.table_name, columns);
  }
  return tables;
}

async function appliedMigrations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT "name" FROM "_migrations"`);
  const applied = new Set(rows.map((r) => r.name));
  // In the code's order; unknown names (a newer version's) go last, so they are noticed.
  const known = MIGRATIONS.map((m) => m.name).filter((name) => applied.has(name));
  return [...known, ...[...applied].filter((name) => !known.includes(name)).sort()];
}

/** Storage keys of the files a row of `table` references (file fields hold file names). */
function fileKeyReader(
  registry: CollectionRegistry,
  table: string,
): ((row: Record<string, unknown>) => string[]) | null {
  const collection = registry.all.find((c) => c.table === table);
  const fields = collection?.fields.filter((f) => f.type === 'file') ?? [];
  if (!collection || fields.length === 0) return null;
  return (row) =>
    fields.flatMap((field) =>
      toList(row[field.name])
        .map(String)
        .filter((name) => name !== '')
        .map((name) => `${collection.id}/${String(row.id)}/${name}`),
    );
}

async function hashFile(content: NodeJS.ReadableStream): Promise<{ size: number; sha256: string }> {
  const hash = sha256();
  let size = 0;
  for await (const chunk of content) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

export type MakeArchiveOptions = {
  db: Database;
  registry: CollectionRegistry;
  /** The storage's folder when files are on disk (read in place), null when they are in a bucket. */
  storageDir: string | null;
  storage: FileStorage;
  /** The archive to write (must not exist). */
  target: string;
  /** A scratch folder for the table dumps (created; the caller removes it). */
  workDir: string;
};

/** Writes a backup of the database and its referenced files to `target`; returns its manifest. */
export async function makeArchive(options: MakeArchiveOptions): Promise<Manifest> {
  const { db, registry, workDir } = options;
  await mkdir(join(workDir, 'db'), { recursive: true });
  const fileKeys = new Set<string>();
  const snapshot = await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // The snapshot is taken at the first query; every later read sees the same instant.
    const created = (await tx.query<{ now: string }>(`SELECT to_json(now())#>>'{}' AS "now"`))
      .rows[0].now;
    const migrations = await appliedMigrations(tx);
    const tables: TableEntry[] = [];
    for (const [table, columns] of await dataTables(tx)) {
      const handle = await open(join(workDir, tableEntry(table)), 'wx');
      const hash = sha256();
      const readKeys = fileKeyReader(registry, table);
      let count = 0;
      try {
        const select = columns.map(q).join(', ');
        const paged = columns.includes('id');
        let after: string | null = null;
        for (;;) {
          const { rows }: { rows: Array<{ k: string; j: string }> } = await tx.query(
            paged
              ? `SELECT t."id" AS "k", row_to_json(t)::text AS "j" FROM (SELECT ${select} FROM ${q(table)} WHERE $1::text IS NULL OR "id" > $1 ORDER BY "id" LIMIT ${PAGE_ROWS}) t`
              : `SELECT '' AS "k", row_to_json(t)::text AS "j" FROM (SELECT ${select} FROM ${q(table)}) t`,
            paged ? [after] : [],
          );
          if (rows.length === 0) break;
          const text = rows.map((r) => `${r.j}\n`).join('');
          hash.update(text);
          await handle.write(text);
          count += rows.length;
          if (readKeys)
            for (const r of rows) for (const key of readKeys(JSON.parse(r.j))) fileKeys.add(key);
          if (!paged || rows.length < PAGE_ROWS) break;
          after = rows[rows.length - 1].k;
        }
      } finally {
        await handle.close();
      }
      tables.push({ name: table, columns, rows: count, sha256: hash.digest('hex') });
    }
    const { rows: sequences } = await tx.query<SequenceEntry>(
      `SELECT "sequencename" AS "name", "last_value"::text AS "value" FROM pg_sequences
        WHERE "schemaname" = current_schema() ORDER BY "sequencename"`,
    );
    const ofData = sequences.filter(
      (x) => ![...SKIPPED_TABLES].some((t) => x.name.startsWith(`${t}_`)),
    );
    return { created, migrations, tables, sequences: ofData };
  });

  const zip = createZipWriter(options.target);
  try {
    for (const table of snapshot.tables)
      zip.addFile(join(workDir, tableEntry(table.name)), tableEntry(table.name), true);
    const files: FileEntry[] = [];
    for (const key of [...fileKeys].sort()) {
      // A referenced file that is not on disk (lost before the backup) is left out, not invented.
      if (!(await options.storage.stat(key))) continue;
      // Uploads are mostly compressed already (images, PDFs).
      if (options.storageDir !== null) {
        const path = join(options.storageDir, ...key.split('/'));
        files.push({ key, ...(await hashFile(createReadStream(path))) });
        zip.addFile(path, fileEntry(key), false);
      } else {
        // In a bucket: read once for the checksum, once more into the archive (stored files
        // never change), rather than keep a copy of every file on this disk.
        const entry = { key, ...(await hashFile(options.storage.createReadStream(key))) };
        files.push(entry);
        const storage = options.storage;
        zip.addLazyStream(
          () => storage.createReadStream(key) as Readable,
          fileEntry(key),
          entry.size,
          false,
        );
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created: new Date(snapshot.created).toISOString(),
      database: db.kind,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    zip.addBuffer(manifestBytes, MANIFEST_ENTRY);
    zip.addBuffer(
      Buffer.from(`${sha256().update(manifestBytes).digest('hex')}\n`),
      MANIFEST_CHECKSUM_ENTRY,
    );
    await zip.finish();
    return manifest;
  } catch (err) {
    await zip.finish().catch(() => {});
    throw err;
  }
}

/** An entry read whole: only for the manifest, whose size is checked first. */
async function readAll(zip: ZipReader, name: string, limit: number): Promise<Buffer> {
  if (zip.size(name) > limit) throw new BackupProblem(`Its ${name} is too large to be a manifest.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.open(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isStringArray(value: unknown, pattern?: RegExp): value is string[] {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string' && (!pattern || pattern.test(v)))
  );
}

/** The manifest's shape, checked field by field: it steers what is read and written later. */
function parseManifest(bytes: Buffer): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupProblem('Its manifest is not readable.');
  }
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== 'object' || m.format !== FORMAT)
    throw new BackupProblem('It is not a backup of this application.');
  if (m.version !== FORMAT_VERSION)
    throw new BackupProblem(`Its format version ${String(m.version)} is not supported.`);
  const tablesOk =
    Array.isArray(m.tables) &&
    m.tables.every(
      (t) =>
        t &&
        typeof t.name === 'string' &&
        IDENTIFIER.test(t.name) &&
        isStringArray(t.columns, IDENTIFIER) &&
        t.columns.length > 0 &&
        Number.isSafeInteger(t.rows) &&
        t.rows >= 0 &&
        typeof t.sha256 === 'string' &&
        SHA256.test(t.sha256),
    );
  const filesOk =
    Array.isArray(m.files) &&
    m.files.every(
      (f) =>
        f &&
        typeof f.key === 'string' &&
        FILE_KEY.test(f.key) &&
        !f.key.split('/').some((s) => s === '.' || s === '..') &&
        Number.isSafeInteger(f.size) &&
        f.size >= 0 &&
        typeof f.sha256 === 'string' &&
        SHA256.test(f.sha256),
    );
  const sequencesOk =
    Array.isArray(m.sequences) &&
    m.sequences.every(
      (x) =>
        x &&
        typeof x.name === 'string' &&
        IDENTIFIER.test(x.name) &&
        (x.value === null || (typeof x.value === 'string' && /^-?\d{1,19}$/.test(x.value))),
    );
  if (
    !tablesOk ||
    !filesOk ||
    !sequencesOk ||
    !isStringArray(m.migrations) ||
    typeof m.created !== 'string' ||
    Number.isNaN(Date.parse(m.created)) ||
    (m.database !== 'pglite' && m.database !== 'postgres')
  )
    throw new BackupProblem('Its manifest is incomplete.');
  if (new Set(m.tables!.map((t) => t.name)).size !== m.tables!.length)
    throw new BackupProblem('Its manifest lists a table twice.');
  return m as Manifest;
}

/**
 * Reads the lines of an entry while checking its bytes against `expected`. Each chunk is searched
 * once for line ends (a long line is gathered in parts, not searched again as it grows), and a
 * line longer than MAX_ROW_CHARS is refused.
 */
async function* checkedLines(
  zip: ZipReader,
  name: string,
  expected: { sha256: string },
): AsyncGenerator<string> {
  const hash = sha256();
  let parts: string[] = [];
  let pending = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const tooLong = () =>
    new BackupProblem(
      `${name} holds a row longer than ${MAX_ROW_CHARS} characters: no row of this application is that long.`,
    );
  for await (const chunk of await zip.open(name)) {
    hash.update(chunk as Buffer);
    const text = decoder.decode(chunk as Buffer, { stream: true });
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      if (pending + end - start > MAX_ROW_CHARS) throw tooLong();
      parts.push(text.slice(start, end));
      yield parts.length === 1 ? parts[0] : parts.join('');
      parts = [];
      pending = 0;
      start = end + 1;
    }
    if (start < text.length) {
      pending += text.length - start;
      if (pending > MAX_ROW_CHARS) throw tooLong();
      parts.push(text.slice(start));
    }
  }
  if (pending > 0 || decoder.decode() !== '')
    throw new BackupProblem(`The rows of ${name} end in the middle of a line.`);
  if (hash.digest('hex') !== expected.sha256)
    throw new BackupProblem(`The checksum of ${name} does not match its manifest.`);
}

/** An opened archive whose manifest has been read and checked; `close` when done. */
export type OpenedArchive = { manifest: Manifest; zip: ZipReader; close(): void };

/** Why an archive's entry name is refused, naming the entry. */
function entryNameMessage(err: ZipEntryNameError): string {
  switch (err.problem) {
    case 'outside':
      return `It holds an entry whose name leads out of its folder ("${err.entry}"): a backup never does.`;
    case 'absolute':
      return `It holds an entry with an absolute path ("${err.entry}"): a backup never does.`;
    case 'backslash':
      return `It holds an entry whose name has a backslash ("${err.entry}"): a backup never does.`;
    case 'duplicate':
      return `It holds the entry "${err.entry}" twice: it cannot tell which one is right.`;
  }
}

/** Opens an archive and checks its manifest (not yet the entries). */
export async function openArchive(path: string): Promise<OpenedArchive> {
  let zip: ZipReader;
  try {
    zip = await openZip(path);
  } catch (err) {
    if (err instanceof ZipEntryNameError) throw new BackupProblem(entryNameMessage(err));
    throw new BackupProblem('It is damaged or incomplete: it cannot be read as a zip archive.');
  }
  try {
    if (!zip.has(MANIFEST_ENTRY) || !zip.has(MANIFEST_CHECKSUM_ENTRY))
      throw new BackupProblem('It has no manifest: it is not a backup of this application.');
    const bytes = await readAll(zip, MANIFEST_ENTRY, MAX_MANIFEST_BYTES);
    const declared = (await readAll(zip, MANIFEST_CHECKSUM_ENTRY, 1024)).toString().trim();
    if (sha256().update(bytes).digest('hex') !== declared)
      throw new BackupProblem('Its manifest does not match its checksum.');
    const manifest = parseManifest(bytes);
    for (const table of manifest.tables)
      if (!zip.has(tableEntry(table.name)))
        throw new BackupProblem(`The rows of table ${table.name} are missing.`);
    for (const file of manifest.files)
      if (!zip.has(fileEntry(file.key)))
        throw new BackupProblem(`The file ${file.key} is missing.`);
    return { manifest, zip, close: () => zip.close() };
  } catch (err) {
    zip.close();
    throw wrapRead(err);
  }
}

/** Read errors of a damaged zip (bad deflate data, wrong sizes) become a BackupProblem. */
function wrapRead(err: unknown): Error {
  if (err instanceof BackupProblem) return err;
  if (err instanceof TypeError)
    return new BackupProblem('It holds text that is not valid UTF-8: it is damaged.');
  return new BackupProblem('It is damaged: an entry cannot be read.');
}

/**
 * Checks every file entry against the manifest: its size as the zip declares it before a byte is
 * read (the zip reader then stops at that size), and its checksum as it streams. `copy`, when
 * given, receives each entry as a stream; a file whose checksum turns out wrong makes the whole
 * call fail, so whatever it copied must be thrown away (restore copies into a staging folder).
 */
async function readFiles(
  archive: OpenedArchive,
  copy?: (key: string, content: Readable) => Promise<void>,
): Promise<void> {
  for (const file of archive.manifest.files) {
    const name = fileEntry(file.key);
    const size = archive.zip.size(name);
    if (size !== file.size)
      throw new BackupProblem(
        `The file ${file.key} holds ${size} bytes; its manifest says ${file.size}.`,
      );
    const hash = sha256();
    let readError: unknown = null;
    let entry: Readable;
    try {
      entry = await archive.zip.open(name);
    } catch (err) {
      throw wrapRead(err);
    }
    try {
      const hashed = async function* () {
        try {
          for await (const chunk of entry) {
            hash.update(chunk as Buffer);
            yield chunk as Buffer;
          }
        } catch (err) {
          readError = err;
          throw err;
        }
      };
      if (copy) await copy(file.key, Readable.from(hashed()));
      else for await (const _chunk of hashed());
    } catch (err) {
      // A write that failed (a full disk) is not the archive's fault: it is not called damaged.
      if (copy && readError === null && !(err instanceof BackupProblem)) throw err;
      throw wrapRead(readError ?? err);
    }
    if (hash.digest('hex') !== file.sha256)
      throw new BackupProblem(`The file ${file.key} does not match its checksum.`);
  }
}

/** What a dry check found: enough to tell the person what a restore would bring back. */
export type CheckReport = {
  created: string;
  database: Manifest['database'];
  migration: string;
  tables: Array<{ name: string; rows: number }>;
  rows: number;
  files: number;
  fileBytes: number;
};

function report(manifest: Manifest): CheckReport {
  return {
    created: manifest.created,
    database: manifest.database,
    migration: manifest.migrations[manifest.migrations.length - 1] ?? '',
    tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
    rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.length,
    fileBytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
  };
}

/** The archive's migrations must be exactly the ones this database has applied. */
async function checkVersion(db: Queryable, manifest: Manifest): Promise<void> {
  const known = new Set(MIGRATIONS.map((m) => m.name));
  const unknown = manifest.migrations.find((name) => !known.has(name));
  if (unknown)
    throw new BackupProblem(
      `It was made by a newer version of the application (migration ${unknown}); update the application first.`,
    );
  const current = await appliedMigrations(db);
  if (current.join('\n') !== manifest.migrations.join('\n'))
    throw new BackupProblem(
      `It was made by an older version of the application (migration ${manifest.migrations.at(-1) ?? 'none'}, this one is at ${current.at(-1) ?? 'none'}); restore it with that version, then update.`,
    );
}

/**
 * Loads every table's rows from the archive, checking each entry against the manifest as it
 * goes. `into` names the table to fill for each archived one (the real one, or a scratch copy).
 */
async function loadRows(
  tx: Queryable,
  archive: OpenedArchive,
  into: (table: string) => string,
): Promise<void> {
  for (const table of archive.manifest.tables) {
    const target = into(table.name);
    const cols = table.columns.map(q).join(', ');
    const insert = `INSERT INTO ${target} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${target}, $1::json)`;
    let batch: string[] = [];
    let bytes = 0;
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      try {
        await tx.query(insert, [`[${batch.join(',')}]`]);
      } catch (err) {
        // A database that went away says nothing about the archive.
        if (isConnectionLoss(err)) throw err;
        throw new BackupProblem(
          `A row of table ${table.name} cannot be loaded into this database (rows ${count - batch.length + 1}–${count}).`,
        );
      }
      batch = [];
      bytes = 0;
    };
    try {
      for await (const line of checkedLines(archive.zip, tableEntry(table.name), table)) {
        batch.push(line);
        bytes += line.length;
        count += 1;
        if (bytes >= LOAD_BATCH_BYTES) await flush();
      }
    } catch (err) {
      throw wrapRead(err);
    }
    await flush();
    if (count !== table.rows)
      throw new BackupProblem(
        `Table ${table.name} holds ${count} rows; its manifest says ${table.rows}.`,
      );
  }
}

/** Every archived table and column must exist here; returns this database's data tables. */
async function checkTables(tx: Queryable, manifest: Manifest): Promise<Map<string, string[]>> {
  const tables = await dataTables(tx);
  const sequences = await currentSequences(tx);
  const unknown = manifest.sequences.find((x) => !sequences.has(x.name));
  if (unknown) throw new BackupProblem(`Sequence ${unknown.name} does not exist in this database.`);
  for (const table of manifest.tables) {
    const columns = tables.get(table.name);
    if (!columns) throw new BackupProblem(`Table ${table.name} does not exist in this database.`);
    const missing = table.columns.find((c) => !columns.includes(c));
    if (missing)
      throw new BackupProblem(`Column ${missing} of table ${table.name} does not exist here.`);
  }
  return tables;
}

async function currentSequences(tx: Queryable): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT "sequencename" AS "name" FROM pg_sequences WHERE "schemaname" = current_schema()`,
  );
  return new Set(rows.map((r) => r.name));
}

/** Every sequence continues after the value it had reached when the backup was made. */
async function restoreSequences(tx: Queryable, manifest: Manifest): Promise<void> {
  const known = await currentSequences(tx);
  for (const sequence of manifest.sequences) {
    if (!known.has(sequence.name)) continue;
    await tx.query(
      sequence.value === null
        ? `SELECT setval($1::regclass, 1, false)`
        : `SELECT setval($1::regclass, $2::bigint, true)`,
      sequence.value === null ? [q(sequence.name)] : [q(sequence.name), sequence.value],
    );
  }
}

/**
 * The dry check: the archive's entries against its manifest, its version against this
 * database, and every row loaded into a scratch copy of its table (then rolled back). Throws a
 * BackupProblem saying what is wrong; changes nothing either way.
 */
export async function checkArchive(db: Database, archive: OpenedArchive): Promise<CheckReport> {
  await checkVersion(db, archive.manifest);
  await readFiles(archive);
  const rollback = new Error('dry check: roll back');
  try {
    await db.transaction(async (tx) => {
      await checkTables(tx, archive.manifest);
      for (const table of archive.manifest.tables)
        // LIKE copies types, NOT NULL, checks and unique indexes, so a load here proves the real one.
        await tx.query(
          `CREATE TEMP TABLE ${q(`_check_${table.name}`)} (LIKE ${q(table.name)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES) ON COMMIT DROP`,
        );
      await loadRows(tx, archive, (name) => `pg_temp.${q(`_check_${name}`)}`);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return report(archive.manifest);
}

export type RestoreOptions = {
  db: Database;
  archive: OpenedArchive;
  /** Where the archive's files are unpacked before the database changes (created empty). */
  stagingStorage: FileStorage;
  /** Runs last in the restore's transaction (the audit row, renewing sessions). */
  finish(tx: Queryable): Promise<void>;
};

/**
 * Replaces the rows of every data table with the archive's, in one transaction, after
 * unpacking the files into staging storage (the caller swaps it in after this resolves).
 * Sequences (membership numbers, insertion counters) continue from where the backup left them.
 */
export async function restoreArchive(options: RestoreOptions): Promise<CheckReport> {
  const { db, archive } = options;
  await checkVersion(db, archive.manifest);
  await readFiles(archive, (key, content) => options.stagingStorage.putStream(key, content));
  await db.transaction(async (tx) => {
    const tables = await checkTables(tx, archive.manifest);
    // Tables the archive does not list hold nothing after a restore either.
    await tx.query(`TRUNCATE ${[...tables.keys()].map(q).join(', ')}`);
    await loadRows(tx, archive, q);
    await restoreSequences(tx, archive.manifest);
    await options.finish(tx);
  });
  return report(archive.manifest);
}

/** Reads every entry against the manifest without touching a database (for uploads). */
export async function verifyEntries(archive: OpenedArchive): Promise<void> {
  for (const table of archive.manifest.tables) {
    let count = 0;
    try {
      for await (const line of checkedLines(archive.zip, tableEntry(table.name), table)) {
        if (line === '') throw new BackupProblem(`Table ${table.name} holds an empty line.`);
        count += 1;
      }
    } catch (err) {
      throw wrapRead(err);
    }
    if (count !== table.rows)
      throw new BackupProblem(
        `Table ${table.name} holds ${count} rows; its manifest says ${table.rows}.`,
      );
  }
  await readFiles(archive);
}
