import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
// A CommonJS package: its classes come from the default export under Node's ESM.
import sqlite3 from 'node-sqlite3-wasm';
import { openZip, ZipEntryNameError, type ZipReader } from '../../core/backup/zip';

/** A value as SQLite hands it over. */
export type SqliteRow = Record<string, string | number | bigint | Uint8Array | null>;

/**
 * The most characters a value may have when its field sets no limit: no request to this system
 * could have brought more (the API's body limit), and reading more would only fill the memory.
 */
export const MAX_VALUE_CHARS = 32 * 1024 * 1024;

/** A stored file larger than any file field here holds: left unread. */
export class FileTooLarge {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {}
}

/** A backup that cannot be read; the message says why, in words for the person importing. */
export class UnreadableBackup extends Error {}

export type OpenOptions = {
  /** The most characters the target field of `table`.`column` holds (MAX_VALUE_CHARS if none). */
  limitOf?: (table: string, column: string) => number;
  /** Told of each row refused, unread, for a value over its limit (once per row). */
  onRefused?: (table: string, id: string, reason: string) => void;
  /** The largest stored file read (larger ones are FileTooLarge, unread). */
  maxFileBytes?: number;
};

/**
 * An opened PocketBase backup: its `data.db` read from disk page by page (a WebAssembly SQLite,
 * nothing to compile), and its stored files read one at a time when a record needs them.
 */
export type BackupSource = {
  /** The tables of `data.db`. */
  tables(): Set<string>;
  /** PocketBase's own list of collections: id, name, type and the declared fields. */
  collections(): Array<{ id: string; name: string; type: string }>;
  /** How many rows a table holds. */
  count(table: string): number;
  /**
   * The rows of a table in rowid order, `batch` at a time and at most PAGE_BYTES of values at a
   * time (memory stays flat). Each value's size is read first: a row holding one larger than its
   * limit is not read, but told to `onRefused`.
   */
  rows(table: string, batch?: number): Iterable<SqliteRow>;
  /** A stored file of a record (`storage/<collection id>/<record id>/<name>`), or null. */
  file(collectionId: string, recordId: string, name: string): Promise<Buffer | FileTooLarge | null>;
  close(): void;
};

const SAFE_PART = /^[A-Za-z0-9._-]{1,200}$/;
/** How many bytes of values one page of rows may bring into memory. */
const PAGE_BYTES = 64 * 1024 * 1024;
/** A UTF-8 character is at most 4 bytes: a value of more bytes than 4 × limit is over it. */
const MAX_BYTES_PER_CHAR = 4;
const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Temporary folders of open backups, removed even when the process ends without closing them. */
const temporary = new Set<string>();
process.on('exit', () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Opens a backup zip (as PocketBase makes them) or a `pb_data` folder. */
export async function openBackup(path: string, options: OpenOptions = {}): Promise<BackupSource> {
  if (!existsSync(path)) throw new UnreadableBackup(`${path} does not exist.`);
  let zip: ZipReader | null = null;
  let temp: string | null = null;
  let db: InstanceType<typeof sqlite3.Database> | null = null;
  const release = () => {
    db?.close();
    zip?.close();
    if (temp) {
      rmSync(temp, { recursive: true, force: true });
      temporary.delete(temp);
    }
    db = null;
    zip = null;
    temp = null;
  };
  let dbPath: string;
  let storageRoot: string;
  try {
    if (statSync(path).isDirectory()) {
      dbPath = join(path, 'data.db');
      storageRoot = join(path, 'storage');
      if (!existsSync(dbPath)) throw new UnreadableBackup(`${path} has no data.db.`);
    } else {
      try {
        zip = await openZip(path);
      } catch (err) {
        if (err instanceof ZipEntryNameError) throw new UnreadableBackup(entryNameReason(err));
        throw new UnreadableBackup('This file is not a readable zip archive.');
      }
      // A PocketBase backup holds pb_data's content at its root; some tools add a pb_data/ folder.
      const prefix = zip.has('data.db') ? '' : zip.has('pb_data/data.db') ? 'pb_data/' : null;
      if (prefix === null)
        throw new UnreadableBackup('This file is not a PocketBase backup: it holds no data.db.');
      temp = mkdtempSync(join(tmpdir(), 'pb-import-'));
      temporary.add(temp);
      dbPath = join(temp, 'data.db');
      // SQLite reads a file from disk: the database is streamed out of the zip once.
      try {
        await pipeline(await zip.open(`${prefix}data.db`), createWriteStream(dbPath));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw err;
        throw new UnreadableBackup('Its data.db cannot be read from the zip: the file is damaged.');
      }
      storageRoot = `${prefix}storage/`;
    }
    db = new sqlite3.Database(dbPath, { fileMustExist: true, readOnly: true });
    try {
      // Read once here, so a damaged data.db is found before anything else starts.
      db.get(`SELECT count(*) AS "n" FROM sqlite_master`);
    } catch {
      throw new UnreadableBackup('Its data.db is damaged: it cannot be read as a database.');
    }
  } catch (err) {
    release();
    throw err;
  }
  const sqlite = db;
  const zipFiles = zip;
  const limitOf = options.limitOf ?? (() => MAX_VALUE_CHARS);
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const refused = new Set<string>();

  /**
   * The rows after `after` (at most `batch`): their rowid, id and the values' sizes, and which go
   * over a limit. Sizes come from octet_length(), which SQLite answers without loading a value.
   */
  const measure = (table: string, columns: string[], after: number, batch: number) => {
    const sizes = columns.map((c, i) => `octet_length(${quoted(c)}) AS "s${i}"`).join(', ');
    const id = columns.includes('id') ? `substr(CAST("id" AS TEXT), 1, 64)` : `''`;
    const page = sqlite.all(
      `SELECT rowid AS "r", ${id} AS "id"${sizes ? `, ${sizes}` : ''} FROM ${quoted(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      [after, batch],
    ) as SqliteRow[];
    return page.map((row) => {
      let bytes = 0;
      let over: string | null = null;
      columns.forEach((column, i) => {
        const size = Number(row[`s${i}`] ?? 0);
        bytes += size;
        const limit = limitOf(table, column);
        if (over || size <= limit) return;
        // Between limit and 4 × limit bytes, the characters decide (Arabic text takes 2 bytes a
        // character); that value is at most 4 × limit bytes, so counting them is bounded.
        const chars =
          size > limit * MAX_BYTES_PER_CHAR
            ? Infinity
            : Number(
                sqlite.get(
                  `SELECT length(${quoted(column)}) AS "n" FROM ${quoted(table)} WHERE rowid = ?`,
                  [row.r],
                )?.n ?? 0,
              );
        if (chars > limit)
          over = `${column} holds ${size} bytes, more than the ${limit} characters it may have here: the row was refused without reading it`;
      });
      return { rowid: Number(row.r), id: String(row.id ?? ''), bytes, over };
    });
  };

  return {
    tables: () =>
      new Set(
        sqlite
          .all(`SELECT "name" FROM sqlite_master WHERE "type" = 'table'`)
          .map((r) => String((r as SqliteRow).name)),
      ),
    collections: () =>
      sqlite
        .all(`SELECT "id", "name", "type" FROM "_collections"`)
        .map((r) => ({ id: String(r.id), name: String(r.name), type: String(r.type) })),
    count: (table) => Number(sqlite.get(`SELECT count(*) AS "n" FROM ${quoted(table)}`)?.n ?? 0),
    rows: function* (table: string, batch = 500) {
      const columns = (sqlite.all(`PRAGMA table_info(${quoted(table)})`) as SqliteRow[]).map((c) =>
        String(c.name),
      );
      // Keyset pagination on rowid: each page is measured, then read in runs of rows that fit.
      let after = -1;
      for (;;) {
        const measured = measure(table, columns, after, batch);
        if (measured.length === 0) return;
        let run: typeof measured = [];
        let runBytes = 0;
        const flush = function* () {
          if (run.length === 0) return;
          const rows = sqlite.all(
            `SELECT rowid AS "__rowid", * FROM ${quoted(table)} WHERE rowid >= ? AND rowid <= ? ORDER BY rowid`,
            [run[0].rowid, run[run.length - 1].rowid],
          ) as SqliteRow[];
          run = [];
          runBytes = 0;
          for (const row of rows) {
            delete row.__rowid;
            yield row;
          }
        };
        for (const row of measured) {
          if (row.over) {
            yield* flush();
            const key = `${table}\u0000${row.rowid}`;
            if (!refused.has(key)) {
              refused.add(key);
              options.onRefused?.(table, row.id, row.over);
            }
            continue;
          }
          if (run.length > 0 && runBytes + row.bytes > PAGE_BYTES) yield* flush();
          run.push(row);
          runBytes += row.bytes;
        }
        yield* flush();
        after = measured[measured.length - 1].rowid;
      }
    },
    file: async (collectionId, recordId, name) => {
      if (![collectionId, recordId, name].every((p) => SAFE_PART.test(p) && p !== '..'))
        return null;
      if (zipFiles) {
        const entry = `${storageRoot}${collectionId}/${recordId}/${name}`;
        if (!zipFiles.has(entry)) return null;
        // The size the zip declares is checked before a byte is read (the reader stops there).
        const size = zipFiles.size(entry);
        if (size > maxFileBytes) return new FileTooLarge(size, maxFileBytes);
        const chunks: Buffer[] = [];
        for await (const chunk of await zipFiles.open(entry)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }
      const full = join(storageRoot, collectionId, recordId, name);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      if (info.size > maxFileBytes) return new FileTooLarge(info.size, maxFileBytes);
      return readFile(full);
    },
    close: release,
  };
}

/** Why a backup's entry name is refused, naming the entry. */
function entryNameReason(err: ZipEntryNameError): string {
  switch (err.problem) {
    case 'outside':
      return `This backup holds a file whose name leads out of its folder ("${err.entry}"): it was refused.`;
    case 'absolute':
      return `This backup holds a file with an absolute path ("${err.entry}"): it was refused.`;
    case 'backslash':
      return `This backup holds a file whose name has a backslash ("${err.entry}"): it was refused.`;
    case 'duplicate':
      return `This backup holds the file "${err.entry}" twice: it was refused.`;
  }
}
