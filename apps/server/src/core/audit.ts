import { findCollection, type ActivityAction, type AuditCategory } from '@app/schema';
import type { Database, Queryable } from '../db/database';
import { buildCollection, q, type Collection } from './collection-model';
import type { RequestInfo } from './request-info';
import { newRecordId } from '../tools/security/random';
import { formatDate } from './values';

export type AuditEntry = {
  action: ActivityAction;
  collection: Collection | null;
  recordId: string;
  before: unknown;
  after: unknown;
  request: RequestInfo;
  ip: string;
  /** Who acted, when it is not the signed-in account (a failed sign-in names the identity). */
  actor?: { id: string; collection: string; name: string; email: string };
  comment?: string;
  /** Categories when the entry concerns no collection (otherwise the collection's). */
  categories?: AuditCategory[];
};

type AuditListener = (row: Record<string, unknown>) => void;
const listeners = new WeakMap<object, AuditListener>();

/**
 * Calls `listener` with every audit row written to `db`, once its transaction has committed (the
 * app announces them over realtime, so the activity monitor is live).
 */
export function onAuditCommitted(db: Database, listener: AuditListener): void {
  listeners.set(db, listener);
}

const TITLE_FIELDS = ['name', 'title', 'email'] as const;

/**
 * What the record is called, from its snapshot after the change (before it, for a delete):
 * its name, title or email; '' for records without one (a dues line, a ledger entry).
 */
/** An account as the monitor names who acted: for entries written before anyone is signed in. */
export function accountActor(
  collection: { name: string },
  row: Record<string, unknown>,
): NonNullable<AuditEntry['actor']> {
  return {
    id: String(row.id),
    collection: collection.name,
    name: String(row.name ?? ''),
    email: String(row.email ?? ''),
  };
}

export function auditRecordTitle(entry: Pick<AuditEntry, 'before' | 'after' | 'actor'>): string {
  for (const snapshot of [entry.after, entry.before]) {
    if (!snapshot || typeof snapshot !== 'object') continue;
    for (const key of TITLE_FIELDS) {
      const value = (snapshot as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 300);
    }
  }
  return '';
}

/** The column naming a record of `collection` (its name, title or email), if it has one. */
function titleColumn(collection: string): string | null {
  const def = findCollection(collection);
  if (!def) return null;
  if (def.type === 'auth') return def.fields.some((f) => f.name === 'name') ? 'name' : 'email';
  return TITLE_FIELDS.find((key) => def.fields.some((f) => f.name === key)) ?? null;
}

/**
 * The name of the record `id` of `collection`: its name, title or email, else what its own
 * `auditTitle` gives (an advance's repayment is named by the advance, and so by its employee).
 */
async function relatedTitle(
  tx: Queryable,
  collection: string,
  id: string,
  depth: number,
  known?: KnownTitles,
): Promise<string> {
  const column = titleColumn(collection);
  const read = known?.get(collection)?.get(id);
  if (read !== undefined) return read;
  if (column) {
    const { rows } = await tx.query<{ title: string | null }>(
      `SELECT ${q(column)} AS "title" FROM ${q(collection)} WHERE "id" = $1`,
      [id],
    );
    return String(rows[0]?.title ?? '').trim();
  }
  const def = findCollection(collection);
  // Two steps at most: enough for every declaration, and no loop can run away.
  if (!def?.auditTitle || depth >= 2) return '';
  const { rows } = await tx.query(`SELECT * FROM ${q(collection)} WHERE "id" = $1`, [id]);
  if (!rows[0]) return '';
  return auditTemplateTitle(
    tx,
    buildCollection(def),
    { before: null, after: rows[0] },
    depth + 1,
    known,
  );
}

/** Names of related records read ahead for many audit records: collection -> id -> name. */
type KnownTitles = Map<string, Map<string, string>>;

/**
 * Reads at once the names that the entries' titles take from records with a name column (a
 * thousand payslips name a thousand employees in one query instead of a thousand).
 */
async function readTitlesAhead(
  tx: Queryable,
  entries: readonly AuditEntry[],
): Promise<KnownTitles> {
  const wanted = new Map<string, Set<string>>();
  for (const entry of entries) {
    const template = entry.collection?.def.auditTitle;
    const snapshot = (entry.after ?? entry.before) as Record<string, unknown> | null;
    if (!template || !snapshot || typeof snapshot !== 'object') continue;
    for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
      const field = entry.collection!.field(name);
      const value = snapshot[name];
      if (field?.type !== 'relation' || typeof value !== 'string' || !value) continue;
      if (!titleColumn(field.collection)) continue;
      const ids = wanted.get(field.collection) ?? new Set<string>();
      wanted.set(field.collection, ids.add(value.trim()));
    }
  }
  const known: KnownTitles = new Map();
  for (const [collection, ids] of wanted) {
    const { rows } = await tx.query<{ id: string; title: string | null }>(
      `SELECT "id", ${q(titleColumn(collection)!)} AS "title" FROM ${q(collection)} WHERE "id" = ANY($1::text[])`,
      [[...ids]],
    );
    const names = new Map([...ids].map((id) => [id, '']));
    for (const row of rows) names.set(row.id, String(row.title ?? '').trim());
    known.set(collection, names);
  }
  return known;
}

/**
 * The record's name from its collection's `auditTitle` ('{donor}', '{employee} · {month}/{year}'),
 * read from the snapshot; a relation gives the name of the record it points to, read in the
 * caller's transaction. '' when no field gives anything.
 */
export async function auditTemplateTitle(
  tx: Queryable,
  collection: Collection,
  entry: Pick<AuditEntry, 'before' | 'after'>,
  depth = 0,
  known?: KnownTitles,
): Promise<string> {
  const template = collection.def.auditTitle;
  const snapshot = (entry.after ?? entry.before) as Record<string, unknown> | null;
  if (!template || !snapshot || typeof snapshot !== 'object') return '';
  let filled = false;
  let title = '';
  // Literal text and `{field}` in turn: split keeps the captured field names at odd places.
  const pieces = template.split(/\{(\w+)\}/);
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) {
      title += pieces[i];
      continue;
    }
    const field = collection.field(pieces[i]);
    const raw = snapshot[pieces[i]];
    let value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    if (value && field?.type === 'relation')
      value = await relatedTitle(tx, field.collection, value, depth, known);
    if (value) filled = true;
    title += value;
  }
  // A part left empty leaves its separator dangling ("Ali · "): trim it.
  return filled ? title.replace(/^[\s·/]+|[\s·/]+$/gu, '').slice(0, 300) : '';
}

/**
 * The record this entry's record belongs to (its collection's `heldBy`: a budget line's project),
 * from the snapshot after the change, else before it; '' for records that belong to none.
 */
export function auditHeldBy(
  collection: Collection | null | undefined,
  entry: Pick<AuditEntry, 'before' | 'after'>,
): string {
  const field = collection?.def.heldBy;
  if (!field) return '';
  for (const snapshot of [entry.after, entry.before]) {
    if (!snapshot || typeof snapshot !== 'object') continue;
    const value = (snapshot as Record<string, unknown>)[field];
    if (typeof value === 'string' && value) return value.slice(0, 15);
  }
  return '';
}

/** What a stored row of `collection` is called: its name, title or email, else its `auditTitle`. */
export async function storedRecordTitle(
  tx: Queryable,
  collection: Collection,
  row: Record<string, unknown>,
): Promise<string> {
  const column = titleColumn(collection.name);
  if (column) return String(row[column] ?? '').trim();
  return auditTemplateTitle(tx, collection, { before: null, after: row }, 1);
}

/** Writes one audit record in the caller's transaction; returns the row written. */
export async function writeAudit(
  tx: Queryable,
  entry: AuditEntry,
): Promise<Record<string, unknown>> {
  const [row] = await writeAudits(tx, [entry]);
  return row;
}

const AUDIT_COLUMNS = [
  'id',
  'actor',
  'actor_collection',
  'actor_name',
  'actor_email',
  'action',
  'collection',
  'record',
  'categories',
  'before',
  'after',
  'ip',
  'comment',
  'created',
  'updated',
  'record_title',
  'held_by',
] as const;
const AUDIT_JSON = new Set<string>(['categories', 'before', 'after']);
/** Rows per INSERT: 17 parameters each stay well under PostgreSQL's 65,535. */
const AUDIT_CHUNK = 500;

/**
 * Writes audit records in the caller's transaction, many rows per statement (a bulk write of
 * the engine audits each record it creates); returns the rows written, in order.
 */
export async function writeAudits(
  tx: Queryable,
  entries: readonly AuditEntry[],
): Promise<Array<Record<string, unknown>>> {
  const known = entries.length > 1 ? await readTitlesAhead(tx, entries) : undefined;
  const rows: Array<Record<string, unknown>> = [];
  for (const entry of entries) rows.push(await auditRow(tx, entry, known));
  for (let from = 0; from < rows.length; from += AUDIT_CHUNK) {
    const chunk = rows.slice(from, from + AUDIT_CHUNK);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = AUDIT_COLUMNS.map((column) => {
        values.push(AUDIT_JSON.has(column) ? JSON.stringify(row[column]) : row[column]);
        return `$${values.length}${AUDIT_JSON.has(column) ? '::jsonb' : ''}`;
      });
      return `(${marks.join(',')})`;
    });
    await tx.query(
      `INSERT INTO "user_activities" (${AUDIT_COLUMNS.map((c) => `"${c}"`).join(',')}) VALUES ${tuples.join(',')}`,
      values,
    );
  }
  const listener = listeners.get(tx.database ?? tx);
  if (listener) {
    for (const row of rows) {
      if (tx.afterCommit) tx.afterCommit(() => listener(row));
      else listener(row);
    }
  }
  return rows;
}

/** The audit record of an entry, as it is stored. */
async function auditRow(
  tx: Queryable,
  entry: AuditEntry,
  known?: KnownTitles,
): Promise<Record<string, unknown>> {
  const auth = entry.request.auth;
  const actor =
    entry.actor ??
    (auth
      ? {
          id: String(auth.record.id),
          collection: auth.collection.name,
          name: String(auth.record.name ?? ''),
          email: String(auth.record.email ?? ''),
        }
      : { id: '', collection: '', name: '', email: '' });
  const now = formatDate(new Date());
  const row = {
    id: newRecordId(),
    actor: actor.id,
    actor_collection: actor.collection,
    actor_name: actor.name,
    actor_email: actor.email,
    action: entry.action,
    collection: entry.collection?.name ?? '',
    record: entry.recordId,
    categories: entry.collection ? [...entry.collection.def.audit] : (entry.categories ?? ['auth']),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
    comment: entry.comment ?? '',
    // A sign-in concerns the account itself: its name is the record's.
    record_title:
      auditRecordTitle(entry) ||
      (entry.collection ? await auditTemplateTitle(tx, entry.collection, entry, 0, known) : '') ||
      (entry.collection && entry.recordId && entry.recordId === actor.id ? actor.name : ''),
    held_by: auditHeldBy(entry.collection, entry),
    created: now,
    updated: now,
  };
  return row;
}
