import { isMultiple, q, type Collection } from './collection-model';
import { decideAccess } from './access';
import { compileFilter } from './filter/compile';
import { SqlParams } from './filter/params';
import type { Engine } from './engine';
import { canSeeField, exportRecord, type RecordJson, type Row } from './record-export';
import type { RequestInfo } from './request-info';

const MAX_DEPTH = 6;
const MAX_BACK_RELATIONS = 1000;

/** Parses `a,b.c, a.b` into a tree of paths (`a.b` and `a.b.c` merge). */
export function parseExpand(expand: string): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  for (const part of expand.split(',')) {
    const path = part.replace(/\s+/g, '').replace(/^\.+|\.+$/g, '');
    if (!path) continue;
    const segments = path.split('.').slice(0, MAX_DEPTH);
    const [head, ...rest] = segments;
    if (!tree.has(head)) tree.set(head, []);
    if (rest.length) tree.get(head)!.push(rest.join('.'));
  }
  return tree;
}

/**
 * Fills `expand` on the exported records. Related records are fetched with their own
 * collection's view access for this requester; anything not allowed or not resolvable is
 * silently left out, as PocketBase does.
 */
export async function expandRecords(
  engine: Engine,
  collection: Collection,
  rows: Row[],
  jsons: RecordJson[],
  expand: string,
  request: RequestInfo,
  depth = 0,
): Promise<void> {
  if (!expand || rows.length === 0 || depth >= MAX_DEPTH) return;
  for (const [segment, nested] of parseExpand(expand)) {
    const field = collection.field(segment);
    if (field && field.type === 'relation') {
      const target = engine.registry.get(field.collection);
      if (!target) continue;
      const ids = new Set<string>();
      for (const row of rows) {
        if (!canSeeField(collection, field, row, request)) continue;
        for (const id of listOf(row[field.name])) ids.add(id);
      }
      const related = await fetchVisible(
        engine,
        target,
        't."id" = ANY($1::text[])',
        [[...ids]],
        request,
      );
      await expandRecords(
        engine,
        target,
        related.map((r) => r.row),
        related.map((r) => r.json),
        nested.join(','),
        request,
        depth + 1,
      );
      const byId = new Map(related.map((r) => [String(r.row.id), r.json]));
      rows.forEach((row, i) => {
        const holder = ensureExpand(jsons[i]);
        if (!canSeeField(collection, field, row, request)) return;
        const found = listOf(row[field.name])
          .map((id) => byId.get(id))
          .filter((x): x is RecordJson => !!x);
        if (isMultiple(field)) {
          if (found.length) holder[segment] = found;
        } else if (found[0]) holder[segment] = found[0];
      });
      continue;
    }
    const via = /^(\w+)_via_(\w+)$/.exec(segment);
    if (!via) continue;
    const target = engine.registry.get(via[1]);
    const relation = target?.field(via[2]);
    if (
      !target ||
      !relation ||
      relation.type !== 'relation' ||
      relation.collection !== collection.name
    )
      continue;
    if (relation.permission && !request.auth?.permissions.has(relation.permission)) continue;
    const ids = rows.map((r) => String(r.id));
    const column = `t.${q(relation.name)}`;
    const where = isMultiple(relation) ? `${column} ?| $1::text[]` : `${column} = ANY($1::text[])`;
    const related = await fetchVisible(
      engine,
      target,
      where,
      [ids],
      request,
      MAX_BACK_RELATIONS * Math.max(1, ids.length),
    );
    await expandRecords(
      engine,
      target,
      related.map((r) => r.row),
      related.map((r) => r.json),
      nested.join(','),
      request,
      depth + 1,
    );
    const unique = (target.def.indexes ?? []).some(
      (i) => i.unique && i.columns.length === 1 && i.columns[0] === relation.name,
    );
    rows.forEach((row, i) => {
      const holder = ensureExpand(jsons[i]);
      const matches = related
        .filter((r) => listOf(r.row[relation.name]).includes(String(row.id)))
        .slice(0, MAX_BACK_RELATIONS)
        .map((r) => r.json);
      if (matches.length === 0) return;
      holder[segment] = unique ? matches[0] : matches;
    });
  }
}

function ensureExpand(json: RecordJson): Record<string, unknown> {
  if (!json.expand || typeof json.expand !== 'object') json.expand = {};
  return json.expand as Record<string, unknown>;
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

async function fetchVisible(
  engine: Engine,
  target: Collection,
  where: string,
  baseParams: unknown[],
  request: RequestInfo,
  limit = 10_000,
): Promise<Array<{ row: Row; json: RecordJson }>> {
  const expandRequest: RequestInfo = { ...request, context: 'expand' };
  const decision = decideAccess(target, 'view', expandRequest);
  if (decision.kind === 'deny') return [];
  const params = new SqlParams(baseParams.length);
  let sql = `SELECT t.* FROM ${q(target.table)} t WHERE ${where}`;
  if (decision.kind === 'rule') {
    sql += ` AND ${compileFilter(decision.rule, { registry: engine.registry, collection: target, alias: 't', request: expandRequest, mode: 'rule', params })}`;
  }
  sql += ` ORDER BY t."_rowid" LIMIT ${Math.floor(limit)}`;
  const { rows } = await engine.db.query<Row>(sql, [...baseParams, ...params.values]);
  return rows.map((row) => ({ row, json: exportRecord(target, row, request) }));
}
