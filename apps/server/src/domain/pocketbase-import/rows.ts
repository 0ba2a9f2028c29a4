import { createHash } from 'node:crypto';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import type { UploadedFile } from '../../core/record-write';
import { createRecord } from '../../core/records';
import type { RequestInfo } from '../../core/request-info';
import { centsText, type Cents } from '../finance-ledger';
import type { ImportProgress, ReportBuilder } from './report';
import { FileTooLarge, type BackupSource, type SqliteRow } from './source';

/**
 * What every group of the import shares: the context, the row loop that writes each old row
 * through the engine under a savepoint, and the helpers that read an old value.
 */

/**
 * The current system's values that changed on the way (misspellings, renamed statuses). A value
 * not listed is kept as it is; the report lists every value that was changed.
 */
const VALUE_MAPS: Record<string, Record<string, string>> = {
  marital_status: { Marred: 'Married' },
  employment_status: { In_Vacation: 'On_Leave', 'In Vacation': 'On_Leave' },
  section: { 'Human Resorces': 'Human Resources' },
  qualification: {
    'Less thab Heigh School': 'Less than high school',
    'Heigh School': 'High school',
    BSd: 'BSc',
    PHD: 'PhD',
  },
};

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** A PocketBase multi-value field: a JSON array (or, from older versions, one bare value). */
export function list(v: unknown): string[] | { error: string } {
  const raw = text(v);
  if (raw === '') return [];
  if (!raw.startsWith('[')) return [raw];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return { error: 'not a list' };
    return parsed.map((x) => String(x));
  } catch {
    return { error: `bad JSON: ${raw.slice(0, 40)}` };
  }
}

export const validId = (id: string) => /^[a-z0-9]{15}$/.test(id);

/**
 * The id a record gets when its old one is not valid here: derived from the old one, so a second
 * run finds it and skips it instead of importing it twice.
 */
export function stableId(oldId: string): string {
  const digest = createHash('sha256').update(`pocketbase-import:${oldId}`).digest();
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(digest.subarray(0, 15), (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * An old amount in cents. Money is never rounded silently: the old system stored floats, and a
 * value with more than two decimals is rounded half up to the cent, with the report naming it.
 */
export function centsOf(
  ctx: Context,
  from: string,
  row: SqliteRow,
  field: string,
  value?: unknown,
): Cents {
  const n = Number((value === undefined ? row[field] : value) ?? 0);
  const c = Math.round(n * 100);
  if (Number.isFinite(n) && Math.abs(n * 100 - c) > 1e-6)
    ctx.report.problem(
      `${field} ${n} has more than two decimals: rounded to ${centsText(c)}`,
      from,
      text(row.id),
    );
  return c;
}

/** Why the engine refused a record, in one line (its field errors named). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.entries((error.data ?? {}) as Record<string, { message?: string }>)
      .map(([f, e]) => `${f}: ${e?.message ?? 'invalid'}`)
      .join('; ');
    return fields ? `${error.message} (${fields})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export type Context = {
  engine: Engine;
  request: RequestInfo;
  source: BackupSource;
  report: ReportBuilder;
  collectionIds: Map<string, string>;
  onProgress?: (p: ImportProgress) => void;
};

/**
 * Runs `write` under a savepoint: when it fails, only its own writes are undone and the error is
 * passed on, so one refused row (or move, or group) does not abort the whole transaction, which
 * PostgreSQL would otherwise do.
 */
export async function underSavepoint<T>(
  tx: Engine,
  name: 'import_row' | 'import_move' | 'import_group',
  write: () => Promise<T>,
): Promise<T> {
  await tx.db.query(`SAVEPOINT ${name}`);
  try {
    const result = await write();
    await tx.db.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await tx.db.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}

/** One old collection read row by row, each row written (or refused) under a savepoint. */
export async function importRows(
  ctx: Context,
  tx: Engine,
  group: string,
  from: string,
  to: string,
  toRecord: (row: SqliteRow) => Promise<
    | {
        data: Record<string, unknown>;
        files?: Record<string, UploadedFile[]>;
        after?: (id: string) => Promise<void>;
      }
    | { refuse: string }
  >,
  /** Takes only these rows (a second call takes the rest, e.g. replies after their posts). */
  only?: (row: SqliteRow) => boolean,
): Promise<void> {
  const entry = ctx.report.collection(from, to);
  if (!ctx.source.tables().has(from)) {
    ctx.report.problem('the table is missing from the backup; nothing imported from it', from);
    return;
  }
  const target = tx.registry.get(to)!;
  const total = ctx.source.count(from);
  let done = 0;
  for (const row of ctx.source.rows(from)) {
    if (only && !only(row)) continue;
    entry.read++;
    const oldId = text(row.id);
    const id = validId(oldId) ? oldId : stableId(oldId);
    if (id !== oldId)
      ctx.report.problem(`id "${oldId}" is not valid here; imported as ${id}`, from, oldId);
    const { rows: existing } = await tx.db.query(
      `SELECT 1 FROM "${target.table}" WHERE "id" = $1`,
      [id],
    );
    if (existing.length) {
      entry.skipped++;
      continue;
    }
    const plan = await toRecord(row);
    if ('refuse' in plan) {
      entry.refused.push({ id: oldId, reason: plan.refuse });
      continue;
    }
    try {
      await underSavepoint(tx, 'import_row', async () => {
        await createRecord(
          tx,
          target,
          { data: { ...plan.data, id }, files: plan.files ?? {} },
          ctx.request,
          '127.0.0.1',
        );
        await plan.after?.(id);
        await keepDates(tx, target.table, id, row);
      });
      entry.toImport++;
    } catch (error) {
      entry.refused.push({ id: oldId, reason: reasonOf(error) });
    }
    done++;
    if (done % 100 === 0) ctx.onProgress?.({ group, collection: from, done, total });
  }
  ctx.onProgress?.({ group, collection: from, done, total });
}

export const PB_DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * Keeps when a record was made and last changed in the old system (timelines and lists are in
 * that order), instead of the moment of the import.
 */
export async function keepDates(
  tx: Engine,
  table: string,
  id: string,
  row: SqliteRow,
): Promise<void> {
  const created = text(row.created);
  const updated = text(row.updated) || created;
  if (!PB_DATE.test(created) || !PB_DATE.test(updated)) return;
  await tx.db.query(`UPDATE "${table}" SET "created" = $1, "updated" = $2 WHERE "id" = $3`, [
    created,
    updated,
    id,
  ]);
}

/** A stored file larger than any file field holds is left out unread, and reported. */
function tooLarge(
  ctx: Context,
  from: string,
  row: SqliteRow,
  field: string,
  name: string,
  file: FileTooLarge,
): undefined {
  ctx.report.problem(
    `file "${name}" of ${field} is ${file.size} bytes, more than the ${file.limit} a file may have here: left out unread`,
    from,
    text(row.id),
  );
  return undefined;
}

/** A stored file of an old record, for an upload field; a missing file is reported, not fatal. */
export async function fileOf(ctx: Context, from: string, row: SqliteRow, field: string) {
  const name = text(row[field]);
  if (!name) return undefined;
  const data = await ctx.source.file(ctx.collectionIds.get(from) ?? '', text(row.id), name);
  if (data instanceof FileTooLarge) return tooLarge(ctx, from, row, field, name, data);
  if (!data) {
    ctx.report.problem(`file "${name}" of ${field} is missing from the backup`, from, text(row.id));
    return undefined;
  }
  return { [field]: [{ filename: name, data }] };
}

/** The stored files of a multi-file field; each missing one is reported and left out. */
export async function filesOf(ctx: Context, from: string, row: SqliteRow, field: string) {
  const names = list(row[field]);
  if ('error' in names) {
    ctx.report.problem(`${field}: ${names.error}`, from, text(row.id));
    return undefined;
  }
  const files: UploadedFile[] = [];
  for (const name of names) {
    const data = await ctx.source.file(ctx.collectionIds.get(from) ?? '', text(row.id), name);
    if (data instanceof FileTooLarge) tooLarge(ctx, from, row, field, name, data);
    else if (data) files.push({ filename: name, data });
    else
      ctx.report.problem(
        `file "${name}" of ${field} is missing from the backup`,
        from,
        text(row.id),
      );
  }
  return files.length ? { [field]: files } : undefined;
}

export function mapValue(
  ctx: Context,
  collection: string,
  field: string,
  kind: string,
  value: string,
) {
  const to = VALUE_MAPS[kind]?.[value];
  if (to === undefined) return value;
  ctx.report.mapped(collection, field, value, to);
  return to;
}

/** The id of an old relation when its record is here (imported or already present), else ''. */
export async function existing(tx: Engine, table: string, oldId: string): Promise<string> {
  const id = validId(oldId) ? oldId : oldId ? stableId(oldId) : '';
  if (!id) return '';
  const { rows } = await tx.db.query(`SELECT 1 FROM "${table}" WHERE "id" = $1`, [id]);
  return rows.length ? id : '';
}

/** A JSON object stored as text (an audit record's before and after), or null. */
export function objectOf(value: unknown): Record<string, unknown> | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
