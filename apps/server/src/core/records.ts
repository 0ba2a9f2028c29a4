import { createReadStream } from 'node:fs';
import type { Queryable } from '../db/database';
import { FilterSyntaxError } from '../tools/filter/parser';
import { parseSort, SortSyntaxError } from '../tools/search/sort';
import { isMultiple, q, type Collection } from './collection-model';
import { decideAccess, type AccessDecision, type CollectionAction } from './access';
import { writeAudit, writeAudits, type AuditEntry } from './audit';
import {
  compileFilter,
  compileSortExpression,
  FilterForbiddenError,
  FilterResolveError,
} from './filter/compile';
import { SqlParams } from './filter/params';
import type { Engine, RecordEvent } from './engine';
import type { RecordWrites } from './hooks';
import { ApiError, badRequest, MESSAGES, notFound } from './errors';
import { expandRecords } from './expand';
import { exportRows } from './audit-values';
import { auditSnapshot, type RecordJson, type Row } from './record-export';
import { checkIfMatch } from './preconditions';
import type { RequestInfo } from './request-info';
import { databaseInTransaction } from './unit-of-work';
import { WorkflowGuard } from './workflow';
import {
  hasRelativeChanges,
  knownRelations,
  prepareWrite,
  reapplyRelativeChanges,
  type RecordInput,
  type PreparedWrite,
} from './record-write';

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;

export type ListQuery = {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
  expand?: string;
};

export type ListResult = {
  items: RecordJson[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
};

/** Turns filter/sort problems into the API's errors. */
function translateQueryError(err: unknown): never {
  if (err instanceof FilterForbiddenError) throw new ApiError(403, err.message);
  if (
    err instanceof FilterSyntaxError ||
    err instanceof FilterResolveError ||
    err instanceof SortSyntaxError
  ) {
    throw badRequest(MESSAGES[400]);
  }
  throw err;
}

function denied(status: 401 | 403): ApiError {
  return new ApiError(status, MESSAGES[status]);
}

function parseIntParam(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[+-]?\d{1,15}$/.test(value.trim())) throw badRequest();
  return Number(value);
}

const TRUE_VALUES = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_VALUES = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

function parseBoolParam(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  throw badRequest();
}

/** The SQL condition an access decision adds, or null for "everything". */
function accessCondition(
  engine: Engine,
  collection: Collection,
  action: CollectionAction,
  request: RequestInfo,
  params: SqlParams,
): string | null {
  const decision = decideAccess(collection, action, request);
  if (decision.kind === 'deny') throw denied(decision.status);
  if (decision.kind === 'all') return null;
  return compileFilter(decision.rule, {
    registry: engine.registry,
    collection,
    alias: 't',
    request,
    mode: 'rule',
    params,
  });
}

/** `GET /records`: one page of the records the requester may list. */
export async function listRecords(
  engine: Engine,
  collection: Collection,
  query: ListQuery,
  request: RequestInfo,
): Promise<ListResult> {
  let page = parseIntParam(query.page, 1);
  let perPage = parseIntParam(query.perPage, DEFAULT_PER_PAGE);
  if (page <= 0) page = 1;
  if (perPage <= 0) perPage = DEFAULT_PER_PAGE;
  if (perPage > MAX_PER_PAGE) perPage = MAX_PER_PAGE;
  const skipTotal = parseBoolParam(query.skipTotal);

  const params = new SqlParams();
  const conditions: string[] = [];
  let orderBy: string[] = [];
  // The count has no ORDER BY: it binds only the parameters of the conditions (sorting by a
  // macro such as @now adds one, which PostgreSQL refuses in a statement that does not use it).
  let conditionParams = 0;
  try {
    conditions.push(...listConditions(engine, collection, request, query.filter, params));
    conditionParams = params.values.length;
    if (query.sort) {
      orderBy = parseSort(query.sort).map((s) => {
        const expr = compileSortExpression(s.name, {
          registry: engine.registry,
          collection,
          alias: 't',
          request,
          mode: 'client',
          params,
        });
        return `${expr} ${s.direction}`;
      });
    }
  } catch (err) {
    translateQueryError(err);
  }
  // A stable tie-breaker keeps pages from overlapping when sort values repeat.
  orderBy.push('t."_rowid" ASC');
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const from = `FROM ${q(collection.table)} t${where}`;
  const offset = (page - 1) * perPage;
  const pageSql = `SELECT t.* ${from} ORDER BY ${orderBy.join(', ')} LIMIT ${perPage} OFFSET ${offset}`;
  const countSql = `SELECT count(*)::bigint AS n ${from}`;
  const countParams = params.values.slice(0, conditionParams);
  let pageResult: { rows: Row[] };
  let countResult: { rows: Array<{ n: string | number }> } | null = null;
  if (isSearch(countSql) && !skipTotal) {
    // A "contains" search counts first: how many rows match decides how the page is read.
    countResult = await searchQuery<{ n: string | number }>(engine, countSql, countParams, 'count');
    const matches = Number(countResult.rows[0]?.n ?? 0);
    pageResult = await searchQuery<Row>(
      engine,
      pageSql,
      params.values,
      matches <= FEW_MATCHES ? 'page-of-few' : 'page',
    );
  } else {
    [pageResult, countResult] = await Promise.all([
      engine.db.query<Row>(pageSql, params.values),
      skipTotal
        ? Promise.resolve(null)
        : engine.db.query<{ n: string | number }>(countSql, countParams),
    ]);
  }
  const rows = pageResult.rows;
  const items = await exportRows(engine.db, engine.registry, collection, rows, request);
  if (query.expand) await expandRecords(engine, collection, rows, items, query.expand, request);
  const totalItems = countResult ? Number(countResult.rows[0]?.n ?? 0) : -1;
  return {
    items,
    page,
    perPage,
    totalItems,
    totalPages: countResult ? Math.ceil(totalItems / perPage) : -1,
  };
}

export type TotalsResult = {
  /** How many records the requester may list match the filter. */
  count: number;
  /** The sum of each asked money field over them, in the currency's units (two places). */
  sums: Record<string, number>;
};

/**
 * Totals of what `GET /records` with this filter would list, summed in SQL: the count and the
 * sum of the asked money fields (a list's figures, without fetching its pages). The collection's
 * list rule applies as it does to the list; a field the requester may not read is refused.
 */
export async function totalRecords(
  engine: Engine,
  collection: Collection,
  query: { filter?: string; sum?: string },
  request: RequestInfo,
): Promise<TotalsResult> {
  const names = (query.sum ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length > 20) throw badRequest();
  for (const name of names) {
    const field = collection.field(name);
    if (!field || field.type !== 'number' || !field.money || field.hidden) throw badRequest();
  }
  const params = new SqlParams();
  const conditions: string[] = [];
  try {
    conditions.push(...listConditions(engine, collection, request, query.filter, params));
  } catch (err) {
    translateQueryError(err);
  }
  for (const name of names) {
    const permission = collection.field(name)?.permission;
    if (permission && !request.auth?.permissions.has(permission)) throw denied(403);
  }
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const sums = names.map((name, i) => `COALESCE(sum(t.${q(name)}), 0)::text AS s${i}`);
  const { rows } = await engine.db.query<Record<string, string | number>>(
    `SELECT ${['count(*)::bigint AS n', ...sums].join(', ')} FROM ${q(collection.table)} t${where}`,
    params.values,
  );
  const row = rows[0] ?? { n: 0 };
  return {
    count: Number(row.n ?? 0),
    sums: Object.fromEntries(names.map((name, i) => [name, Number(row[`s${i}`] ?? 0)])),
  };
}

/**
 * What a list request may see: the collection's list rule for the asker and the filter asked
 * for, as SQL conditions on alias `t` (a list's page and its totals read the same rows).
 */
function listConditions(
  engine: Engine,
  collection: Collection,
  request: RequestInfo,
  filter: string | undefined,
  params: SqlParams,
): string[] {
  const conditions: string[] = [];
  const access = accessCondition(engine, collection, 'list', request, params);
  if (access) conditions.push(access);
  if (filter && filter.trim() !== '')
    conditions.push(
      compileFilter(filter, {
        registry: engine.registry,
        collection,
        alias: 't',
        request,
        mode: 'client',
        params,
      }),
    );
  return conditions;
}

/** A "contains" search: its conditions hold ILIKE, which the trigram indexes can answer. */
const isSearch = (sql: string) => sql.includes(' ILIKE ');

/**
 * Up to how many matches a search's page is read through the trigram indexes rather than by
 * walking the sort's index. Walking stops once it has a page, so it wins when matches are dense;
 * with fewer than about a thousand in tens of thousands of rows, it filters nearly all of them.
 */
const FEW_MATCHES = 1000;

/**
 * Runs a search's count or page. PostgreSQL prices ILIKE too cheaply per row, so it picks plans
 * that read nearly the whole table where the trigram indexes would read only the matches:
 *
 * - the count: a full scan. It is told to prefer the indexes.
 * - the page: a backwards walk of the sort's index, filtering row after row until it has a page.
 *   That is quick when matches are many; for a rare term it filters nearly every row (figures in
 *   bench/README.md, the HR lists on PGlite). With few matches (`page-of-few`) it is told to
 *   read them through the trigram indexes and sort them.
 *
 * Where no index applies, PostgreSQL still scans.
 */
async function searchQuery<T>(
  engine: Engine,
  sql: string,
  params: unknown[],
  kind: 'count' | 'page' | 'page-of-few',
): Promise<{ rows: T[] }> {
  if (kind === 'page') return engine.db.query<T>(sql, params);
  return engine.db.transaction(async (tx) => {
    await tx.query(
      kind === 'page-of-few'
        ? "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)"
        : "SELECT set_config('enable_seqscan', 'off', true)",
    );
    return tx.query<T>(sql, params);
  });
}

/** Loads one stored row the requester may see for `action`, or throws 404/401/403. */
export async function loadAccessibleRow(
  engine: Engine,
  collection: Collection,
  id: string,
  action: CollectionAction,
  request: RequestInfo,
  db: Queryable = engine.db,
  lock = false,
): Promise<Row> {
  if (!id || !/^[A-Za-z0-9_-]{1,50}$/.test(id)) throw notFound();
  const params = new SqlParams(1);
  const access = accessCondition(engine, collection, action, request, params);
  const { rows } = await db.query<Row>(
    `SELECT t.* FROM ${q(collection.table)} t WHERE t."id" = $1${access ? ` AND ${access}` : ''}${lock ? ' FOR UPDATE' : ''}`,
    [id, ...params.values],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * The rows among `ids` that the requester may view (none when the collection is closed to them):
 * what a screen may name, never more than the record's own page would show.
 */
export async function viewableRows(
  engine: Engine,
  collection: Collection,
  ids: readonly string[],
  request: RequestInfo,
): Promise<Row[]> {
  const wanted = ids.filter((id) => /^[A-Za-z0-9_-]{1,50}$/.test(id));
  if (wanted.length === 0) return [];
  const params = new SqlParams(1);
  let access: string | null;
  try {
    access = accessCondition(engine, collection, 'view', request, params);
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
  const { rows } = await engine.db.query<Row>(
    `SELECT t.* FROM ${q(collection.table)} t WHERE t."id" = ANY($1::text[])${access ? ` AND ${access}` : ''}`,
    [wanted, ...params.values],
  );
  return rows;
}

/** `GET /records/:id`. */
export async function viewRecord(
  engine: Engine,
  collection: Collection,
  id: string,
  request: RequestInfo,
  expand?: string,
): Promise<RecordJson> {
  const row = await loadAccessibleRow(engine, collection, id, 'view', request);
  return finish(engine, collection, row, request, expand);
}

async function finish(
  engine: Engine,
  collection: Collection,
  row: Row,
  request: RequestInfo,
  expand?: string,
): Promise<RecordJson> {
  const [json] = await exportRows(engine.db, engine.registry, collection, [row], request);
  if (expand) await expandRecords(engine, collection, [row], [json], expand, request);
  return json;
}

async function insertRow(tx: Queryable, collection: Collection, row: Row): Promise<Row> {
  const names = Object.keys(row);
  const values = names.map((name) => encodeColumn(collection, name, row[name]));
  const placeholders = names.map((name, i) => `$${i + 1}${castFor(collection, name)}`);
  const { rows } = await tx.query<Row>(
    `INSERT INTO ${q(collection.table)} (${names.map(q).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING *`,
    values,
  );
  return rows[0];
}

/** Rows per INSERT of a bulk create: a few thousand parameters per statement. */
const INSERT_CHUNK = 200;

/** Inserts many rows, a chunk per statement; a column a row lacks takes its default. */
async function insertRows(tx: Queryable, collection: Collection, rows: Row[]): Promise<Row[]> {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const saved: Row[] = [];
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    const values: unknown[] = [];
    const tuples = rows.slice(from, from + INSERT_CHUNK).map((row) => {
      const marks = names.map((name) => {
        if (!(name in row)) return 'DEFAULT';
        values.push(encodeColumn(collection, name, row[name]));
        return `$${values.length}${castFor(collection, name)}`;
      });
      return `(${marks.join(', ')})`;
    });
    const { rows: inserted } = await tx.query<Row>(
      `INSERT INTO ${q(collection.table)} (${names.map(q).join(', ')}) VALUES ${tuples.join(', ')} RETURNING *`,
      values,
    );
    saved.push(...inserted);
  }
  return saved;
}

async function updateRow(
  tx: Queryable,
  collection: Collection,
  id: string,
  changes: Row,
): Promise<Row> {
  const names = Object.keys(changes);
  const sets = names.map((name, i) => `${q(name)} = $${i + 2}${castFor(collection, name)}`);
  const { rows } = await tx.query<Row>(
    `UPDATE ${q(collection.table)} SET ${sets.join(', ')} WHERE "id" = $1 RETURNING *`,
    [id, ...names.map((name) => encodeColumn(collection, name, changes[name]))],
  );
  return rows[0];
}

/** jsonb columns take their JSON text; everything else binds as is. */
function encodeColumn(collection: Collection, name: string, value: unknown): unknown {
  const field = collection.field(name);
  if (field && (isMultiple(field) || field.type === 'json'))
    return value === undefined ? null : JSON.stringify(value ?? null);
  return value;
}

function castFor(collection: Collection, name: string): string {
  const field = collection.field(name);
  if (field && (isMultiple(field) || field.type === 'json')) return '::jsonb';
  return '';
}

/** Translates unique-index violations into the API's validation error. */
function translateDbError(err: unknown, collection: Collection, message: string): never {
  const e = err as { code?: string; constraint?: string; detail?: string; message?: string };
  if (e && e.code === '23505') {
    const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
    const field = collection.fields.find(
      (f) =>
        text.includes(`(${f.name})`) ||
        text.includes(`lower(${f.name})`) ||
        text.includes(`_${f.name}`),
    );
    const key = field?.name === 'tokenKey' ? 'id' : (field?.name ?? 'id');
    throw badRequest(message, {
      [key]: { code: 'validation_not_unique', message: 'Value must be unique.' },
    });
  }
  throw err;
}

/** Each engine's workflow guard, made once from its registry and hooks (see core/workflow.ts). */
const guards = new WeakMap<Engine['hooks'], WorkflowGuard>();

function workflowOf(engine: Engine): WorkflowGuard {
  let guard = guards.get(engine.hooks);
  if (!guard) {
    guard = new WorkflowGuard(engine.registry, engine.hooks);
    guards.set(engine.hooks, guard);
  }
  return guard;
}

async function runWrite(
  engine: Engine,
  prepared: PreparedWrite,
  work: (tx: Queryable) => Promise<Row>,
): Promise<Row> {
  // Files are written before the transaction commits; if it fails they are removed again, as
  // are the ones already written when another cannot be (a full disk).
  let row: Row;
  try {
    for (const file of prepared.filesToWrite)
      await (file.path
        ? engine.storage.putStream(file.key, createReadStream(file.path))
        : engine.storage.put(file.key, file.data!));
    row = await engine.db.transaction(work);
  } catch (err) {
    for (const file of prepared.filesToWrite) await engine.storage.delete(file.key).catch(() => {});
    throw err;
  }
  for (const key of prepared.filesToDelete) {
    await engine.storage.delete(key).catch(() => {});
    // Its cached thumbs live beside it, in `thumbs_<name>/`.
    await engine.storage.deletePrefix(key.replace(/\/([^/]+)$/, '/thumbs_$1/')).catch(() => {});
  }
  return row;
}

/** A create's access decision, and a record with a workflow left without its state put in the first. */
function startCreate(
  collection: Collection,
  input: RecordInput,
  request: RequestInfo,
): { decision: AccessDecision; input: RecordInput } {
  const decision = decideAccess(collection, 'create', request);
  if (decision.kind === 'deny') throw denied(decision.status);
  // A record with a workflow left without its state starts in the first one (required or not).
  const flow = collection.def.workflow;
  if (flow && (input.data[flow.field] === undefined || input.data[flow.field] === ''))
    input = { ...input, data: { ...input.data, [flow.field]: flow.initial } };
  return { decision, input };
}

/** The hook context's parts every hook of a change in `tx` gets. */
function hookBase(engine: Engine, tx: Queryable, request: RequestInfo) {
  return {
    tx,
    request,
    records: recordWritesOf(engine, tx, request),
  };
}

/** Stores a prepared create in `tx`: workflow, hooks, the create rule and the audit record. */
async function createInTransaction(
  engine: Engine,
  tx: Queryable,
  collection: Collection,
  prepared: PreparedWrite,
  decision: AccessDecision,
  request: RequestInfo,
  ip: string,
): Promise<Row> {
  const base = hookBase(engine, tx, request);
  // The workflow's rules come first: the area's hooks see a record already in a valid state.
  await workflowOf(engine).beforeCreate(tx, collection, prepared.row, request);
  await engine.hooks.run('beforeCreate', { ...base, collection, row: prepared.row });
  let saved: Row;
  try {
    saved = await insertRow(tx, collection, prepared.row);
  } catch (err) {
    translateDbError(err, collection, 'Failed to create record.');
  }
  if (decision.kind === 'rule') {
    // The create rule is checked against the would-be record, inside the transaction.
    const params = new SqlParams(1);
    const cond = compileFilter(decision.rule, {
      registry: engine.registry,
      collection,
      alias: 't',
      request,
      mode: 'rule',
      params,
    });
    const ok = await tx.query(
      `SELECT 1 FROM ${q(collection.table)} t WHERE t."id" = $1 AND ${cond}`,
      [saved.id, ...params.values],
    );
    if (ok.rows.length === 0) throw badRequest('Failed to create record.');
  }
  await engine.hooks.run('afterCreate', { ...base, collection, record: saved });
  if (collection.def.audit.length) {
    await writeAudit(tx, {
      action: 'CREATE',
      collection,
      recordId: String(saved.id),
      before: null,
      after: auditSnapshot(collection, saved),
      request,
      ip,
    });
  }
  return saved;
}

/** `POST /records`. */
export async function createRecord(
  engine: Engine,
  collection: Collection,
  submitted: RecordInput,
  request: RequestInfo,
  ip: string,
  expand?: string,
): Promise<RecordJson> {
  const { decision, input } = startCreate(collection, submitted, request);
  const prepared = await prepareWrite(engine, collection, null, input, request);
  const row = await runWrite(engine, prepared, (tx) =>
    createInTransaction(engine, tx, collection, prepared, decision, request, ip),
  );
  engine.publish({ action: 'create', collection: collection.name, row });
  return finish(engine, collection, row, request, expand);
}

/**
 * Stores many prepared creates of one collection in `tx`, as the server (a hook's `createMany`):
 * the workflow and the before-hooks of every row, then one INSERT per chunk of rows, then the
 * after-hooks of every row and their audit records, written together. A before-hook therefore
 * does not see the other rows of the same call in the table yet.
 */
async function createManyInTransaction(
  engine: Engine,
  tx: Queryable,
  collection: Collection,
  rows: Row[],
  request: RequestInfo,
): Promise<Row[]> {
  const base = hookBase(engine, tx, request);
  await workflowOf(engine).beforeCreateMany(tx, collection, rows, request);
  for (const row of rows) await engine.hooks.run('beforeCreate', { ...base, collection, row });
  let saved: Row[];
  try {
    saved = await insertRows(tx, collection, rows);
  } catch (err) {
    translateDbError(err, collection, 'Failed to create record.');
  }
  for (const record of saved)
    await engine.hooks.run('afterCreate', { ...base, collection, record });
  if (collection.def.audit.length)
    await writeAudits(
      tx,
      saved.map((row) => ({
        action: 'CREATE',
        collection,
        recordId: String(row.id),
        before: null,
        after: auditSnapshot(collection, row),
        request,
        ip: '',
      })),
    );
  return saved;
}

/**
 * Stores a prepared update in `tx`: the row re-read under its lock, the workflow, the hooks and
 * the audit record.
 */
async function updateInTransaction(
  engine: Engine,
  tx: Queryable,
  collection: Collection,
  id: string,
  input: RecordInput,
  prepared: PreparedWrite,
  request: RequestInfo,
  ip: string,
  ifMatch?: string,
): Promise<Row> {
  const base = hookBase(engine, tx, request);
  // Re-read under a row lock so two concurrent updates cannot interleave, and compute
  // relative changes (`count+`) from the locked row, not from the one read before.
  const current = await loadAccessibleRow(engine, collection, id, 'update', request, tx, true);
  // The version the client last saw, if it names one: checked on the locked row.
  checkIfMatch(ifMatch, current.updated);
  if (hasRelativeChanges(collection, input))
    reapplyRelativeChanges(collection, current, input, prepared.row);
  // Checked on the row as locked, after modifiers: `amount+` cannot slip past an approval.
  const note = await workflowOf(engine).beforeUpdate(
    tx,
    collection,
    prepared.row,
    current,
    request,
  );
  await engine.hooks.run('beforeUpdate', {
    ...base,
    collection,
    changes: prepared.row,
    previous: current,
  });
  let saved: Row;
  try {
    saved = await updateRow(tx, collection, id, prepared.row);
  } catch (err) {
    translateDbError(err, collection, 'Failed to update record.');
  }
  await engine.hooks.run('afterUpdate', { ...base, collection, record: saved, previous: current });
  if (collection.def.audit.length) {
    const before = auditSnapshot(collection, current);
    const after = auditSnapshot(collection, saved);
    const described = describeUpdate(collection, prepared.row, current, saved);
    await writeAudit(tx, {
      ...described,
      comment: [described.comment, note.comment].filter(Boolean).join(' ') || undefined,
      collection,
      recordId: id,
      before,
      after,
      request,
      ip,
    });
  }
  return saved;
}

/** `PATCH /records/:id`. */
export async function updateRecord(
  engine: Engine,
  collection: Collection,
  id: string,
  input: RecordInput,
  request: RequestInfo,
  ip: string,
  expand?: string,
  /** An `If-Match` header (core/preconditions.ts): the version of the record the client saw. */
  ifMatch?: string,
): Promise<RecordJson> {
  const existing = await loadAccessibleRow(engine, collection, id, 'update', request);
  const prepared = await prepareWrite(engine, collection, existing, input, request);
  const row = await runWrite(engine, prepared, (tx) =>
    updateInTransaction(engine, tx, collection, id, input, prepared, request, ip, ifMatch),
  );
  engine.publish({ action: 'update', collection: collection.name, row });
  return finish(engine, collection, row, request, expand);
}

/**
 * What a hook is given to write other records (`HookBase.records`): the same create and update
 * as the API's, in the hook's transaction and as the server on the asker's behalf. Files are not
 * written this way; the realtime event waits for the commit.
 */
function recordWritesOf(engine: Engine, tx: Queryable, request: RequestInfo): RecordWrites {
  const inTx: Engine = { ...engine, db: databaseInTransaction(engine.db, tx) };
  const system: RequestInfo = { ...request, system: true };
  const collectionOf = (name: string): Collection => {
    const collection = engine.registry.get(name);
    if (!collection) throw new Error(`a write of an unknown collection "${name}"`);
    return collection;
  };
  // Realtime for what a hook writes: published after the commit, never on a rollback.
  const announce = (event: RecordEvent) =>
    tx.afterCommit ? tx.afterCommit(() => engine.publish(event)) : engine.publish(event);
  return {
    create: async (name, data) => {
      const collection = collectionOf(name);
      const { decision, input } = startCreate(collection, { data, files: {} }, system);
      const prepared = await prepareWrite(inTx, collection, null, input, system);
      const row = await createInTransaction(inTx, tx, collection, prepared, decision, system, '');
      announce({ action: 'create', collection: collection.name, row });
      return row;
    },
    createMany: async (name, list) => {
      const collection = collectionOf(name);
      if (list.length === 0) return [];
      // The records the rows point at are read once for all of them.
      const known = await knownRelations(inTx, collection, list);
      const rows: Row[] = [];
      for (const data of list) {
        const { input } = startCreate(collection, { data, files: {} }, system);
        rows.push((await prepareWrite(inTx, collection, null, input, system, known)).row);
      }
      const saved = await createManyInTransaction(inTx, tx, collection, rows, system);
      for (const row of saved) announce({ action: 'create', collection: collection.name, row });
      return saved;
    },
    update: async (name, id, data) => {
      const collection = collectionOf(name);
      const input: RecordInput = { data, files: {} };
      const existing = await loadAccessibleRow(inTx, collection, id, 'update', system, tx, true);
      const prepared = await prepareWrite(inTx, collection, existing, input, system);
      const row = await updateInTransaction(inTx, tx, collection, id, input, prepared, system, '');
      announce({ action: 'update', collection: collection.name, row });
      return row;
    },
    delete: async (name, id) => {
      const collection = collectionOf(name);
      const row = await loadAccessibleRow(inTx, collection, id, 'delete', system, tx, true);
      const effects: DeleteEffects = { deleted: [], updated: [] };
      await deleteWithRelations(inTx, tx, collection, row, system, '', effects);
      for (const { collection: c, row: changed } of effects.updated)
        announce({ action: 'update', collection: c.name, row: changed });
      for (const { collection: c, row: gone } of effects.deleted) {
        const prefix = `${c.id}/${String(gone.id)}`;
        const removeFiles = () => void engine.storage.deletePrefix(prefix).catch(() => {});
        if (tx.afterCommit) tx.afterCommit(removeFiles);
        else removeFiles();
        announce({ action: 'delete', collection: c.name, row: gone });
      }
    },
  };
}

/**
 * The audit action of an update: an account's password, email or roles changing is said as such
 * (the secret itself never reaches the trail), everything else is an UPDATE.
 */
function describeUpdate(
  collection: Collection,
  changes: Row,
  before: Row,
  after: Row,
): Pick<AuditEntry, 'action' | 'comment'> {
  if (collection.type !== 'auth') return { action: 'UPDATE' };
  const said: string[] = [];
  if ('password' in changes) said.push('password changed');
  if (before.email !== after.email) said.push('email changed');
  if (JSON.stringify(before.roles ?? []) !== JSON.stringify(after.roles ?? []))
    said.push('roles changed');
  const activeField = collection.def.auth?.activeField;
  if (activeField && before[activeField] !== after[activeField])
    said.push(`status changed to ${String(after[activeField])}`);
  if (said.length === 0) return { action: 'UPDATE' };
  const action =
    'password' in changes
      ? 'PASSWORD_CHANGE'
      : before.email !== after.email
        ? 'EMAIL_CHANGE'
        : said.includes('roles changed')
          ? 'ROLE_CHANGE'
          : 'UPDATE';
  const comment = said.join('; ');
  return { action, comment: comment.charAt(0).toUpperCase() + comment.slice(1) + '.' };
}

/** A short human name for a record in messages ("still used by …"). */
export function recordLabel(row: Row): string {
  for (const key of ['name', 'title', 'email']) {
    if (typeof row[key] === 'string' && row[key]) return String(row[key]);
  }
  return String(row.id);
}

/** What one delete did besides removing its record. */
type DeleteEffects = {
  deleted: Array<{ collection: Collection; row: Row }>;
  updated: Array<{ collection: Collection; row: Row }>;
};

/**
 * Deletes a row and applies the relation rules of everything that points at it, in the
 * caller's transaction: cascade, restrict (refused with who holds it), required (refused),
 * or the id is removed from the referencing field.
 */
async function deleteWithRelations(
  engine: Engine,
  tx: Queryable,
  collection: Collection,
  row: Row,
  request: RequestInfo,
  ip: string,
  effects: DeleteEffects,
  depth = 0,
): Promise<void> {
  if (depth > 10) throw badRequest('Failed to delete record. Too many nested cascades.');
  await workflowOf(engine).beforeDelete(tx, collection, row, request);
  await engine.hooks.run('beforeDelete', {
    ...hookBase(engine, tx, request),
    collection,
    record: row,
    cascade: depth > 0,
  });
  const id = String(row.id);
  for (const other of engine.registry.all) {
    for (const field of other.fields) {
      if (field.type !== 'relation' || field.collection !== collection.name) continue;
      if (other.name === 'user_activities') continue;
      const column = q(field.name);
      const multi = isMultiple(field);
      const { rows: refs } = await tx.query<Row>(
        `SELECT * FROM ${q(other.table)} WHERE ${multi ? `${column} ? $1` : `${column} = $1`} FOR UPDATE`,
        [id],
      );
      if (refs.length === 0) continue;
      if (field.restrictDelete) {
        const names = refs.slice(0, 10).map(recordLabel).join(', ');
        const more = refs.length > 10 ? ` and ${refs.length - 10} more` : '';
        throw badRequest(
          `Cannot delete: still used by ${other.def.label} (${field.label ?? field.name}): ${names}${more}.`,
        );
      }
      for (const ref of refs) {
        const remaining = multi ? (ref[field.name] as string[]).filter((v) => v !== id) : [];
        if (field.cascadeDelete && remaining.length === 0) {
          await deleteWithRelations(engine, tx, other, ref, request, ip, effects, depth + 1);
          continue;
        }
        if (field.required && remaining.length === 0) {
          throw badRequest(
            'Failed to delete record. Make sure that the record is not part of a required relation reference.',
          );
        }
        const changed = await updateRow(tx, other, String(ref.id), {
          [field.name]: multi ? remaining : '',
        });
        // The referencing record changed too: it gets its own audit entry and realtime event.
        if (other.def.audit.length) {
          await writeAudit(tx, {
            action: 'UPDATE',
            collection: other,
            recordId: String(ref.id),
            before: auditSnapshot(other, ref),
            after: auditSnapshot(other, changed),
            request,
            ip,
          });
        }
        effects.updated.push({ collection: other, row: changed });
      }
    }
  }
  await tx.query(`DELETE FROM ${q(collection.table)} WHERE "id" = $1`, [id]);
  await engine.hooks.run('afterDelete', {
    ...hookBase(engine, tx, request),
    collection,
    record: row,
    cascade: depth > 0,
  });
  if (collection.def.audit.length) {
    await writeAudit(tx, {
      action: 'DELETE',
      collection,
      recordId: id,
      before: auditSnapshot(collection, row),
      after: null,
      request,
      ip,
    });
  }
  effects.deleted.push({ collection, row });
}

/** `DELETE /records/:id`. */
export async function deleteRecord(
  engine: Engine,
  collection: Collection,
  id: string,
  request: RequestInfo,
  ip: string,
): Promise<void> {
  await loadAccessibleRow(engine, collection, id, 'delete', request);
  const effects: DeleteEffects = { deleted: [], updated: [] };
  await engine.db.transaction(async (tx) => {
    const row = await loadAccessibleRow(engine, collection, id, 'delete', request, tx, true);
    await deleteWithRelations(engine, tx, collection, row, request, ip, effects);
  });
  // Files and realtime follow only once the transaction has committed.
  for (const { collection: c, row } of effects.updated) {
    engine.publish({ action: 'update', collection: c.name, row });
  }
  for (const { collection: c, row } of effects.deleted) {
    await engine.storage.deletePrefix(`${c.id}/${String(row.id)}`).catch(() => {});
    engine.publish({ action: 'delete', collection: c.name, row });
  }
}
