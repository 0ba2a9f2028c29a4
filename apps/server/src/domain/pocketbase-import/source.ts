import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
// A CommonJS package: its classes come from the default export under Node's ESM.
import sqlite3 from 'node-sqlite3-wasm';
import { openZip, type ZipReader } from '../../core/backup/zip';

/** A value as SQLite hands it over. */
export type SqliteRow = Record<string, string | number | bigint | Uint8Array | null>;

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
  /** The rows of a table, `batch` at a time, in rowid order (memory stays flat). */
  rows(table: string, batch?: number): Iterable<SqliteRow>;
  /** A stored file of a record (`storage/<collection id>/<record id>/<name>`), or null. */
  file(collectionId: string, recordId: string, name: string): Promise<Buffer | null>;
  close(): void;
};

const SAFE_PART = /^[A-Za-z0-9._-]{1,200}$/;

/** Opens a backup zip (as PocketBase makes them) or a `pb_data` folder. */
export async function openBackup(path: string): Promise<BackupSource> {
  if (!existsSync(path)) throw new Error(`${path} does not exist.`);
  let zip: ZipReader | null = null;
  let dbPath: string;
  let temp: string | null = null;
  let storageRoot: string | null = null;
  if (statSync(path).isDirectory()) {
    dbPath = join(path, 'data.db');
    storageRoot = join(path, 'storage');
    if (!existsSync(dbPath)) throw new Error(`${path} has no data.db.`);
  } else {
    zip = await openZip(path);
    // A PocketBase backup holds pb_data's content at its root; some tools add a pb_data/ folder.
    const prefix = zip.has('data.db') ? '' : zip.has('pb_data/data.db') ? 'pb_data/' : null;
    if (prefix === null) {
      zip.close();
      throw new Error(`${path} holds no data.db.`);
    }
    temp = mkdtempSync(join(tmpdir(), 'pb-import-'));
    dbPath = join(temp, 'data.db');
    // SQLite reads a file from disk: the database is streamed out of the zip once.
    await pipeline(await zip.open(`${prefix}data.db`), createWriteStream(dbPath));
    storageRoot = `${prefix}storage/`;
  }
  const db = new sqlite3.Database(dbPath, { fileMustExist: true, readOnly: true });
  const zipFiles = zip;
  return {
    tables: () =>
      new Set(
        db
          .all(`SELECT "name" FROM sqlite_master WHERE "type" = 'table'`)
          .map((r) => String((r as SqliteRow).name)),
      ),
    collections: () =>
      db
        .all(`SELECT "id", "name", "type" FROM "_collections"`)
        .map((r) => ({ id: String(r.id), name: String(r.name), type: String(r.type) })),
    count: (table) =>
      Number(db.get(`SELECT count(*) AS "n" FROM "${table.replace(/"/g, '""')}"`)?.n ?? 0),
    rows: function* (table: string, batch = 500) {
      // Keyset pagination on rowid: each batch is a fresh, short query.
      let after = -1;
      for (;;) {
        const page = db.all(
          `SELECT rowid AS "__rowid", * FROM "${table.replace(/"/g, '""')}" WHERE rowid > ? ORDER BY rowid LIMIT ?`,
          [after, batch],
        ) as SqliteRow[];
        if (page.length === 0) return;
        for (const row of page) {
          after = Number(row.__rowid);
          delete row.__rowid;
          yield row;
        }
      }
    },
    file: async (collectionId, recordId, name) => {
      if (![collectionId, recordId, name].every((p) => SAFE_PART.test(p) && p !== '..'))
        return null;
      if (zipFiles) {
        const entry = `${storageRoot}${collectionId}/${recordId}/${name}`;
        if (!zipFiles.has(entry)) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of await zipFiles.open(entry)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }
      const full = join(storageRoot!, collectionId, recordId, name);
      return existsSync(full) ? readFile(full) : null;
    },
    close: () => {
      db.close();
      zipFiles?.close();
      if (temp) rmSync(temp, { recursive: true, force: true });
    },
  };
}
