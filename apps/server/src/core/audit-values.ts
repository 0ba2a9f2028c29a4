import type { Queryable } from '../db/database';
import type { Collection, CollectionRegistry } from './collection-model';
import { auditValuesShown } from './filter/compile';
import { SqlParams } from './filter/params';
import { exportRecord, type RecordJson, type Row } from './record-export';
import type { RequestInfo } from './request-info';

/**
 * The activity monitor shows what a change did to a record (its values before and after, its
 * name, the comment) only to readers who may view that record's collection, the way the
 * monitor's names are given (domain/monitor.ts). The others still see that a record of that
 * kind changed, by whom and when. The rule itself is SQL (`auditValuesShown`), so a client's
 * filter on those fields is held to it too.
 */
export async function auditEntriesShown(
  db: Queryable,
  registry: CollectionRegistry,
  rows: readonly Row[],
  request: RequestInfo,
): Promise<Set<string>> {
  const ids = rows.map((row) => String(row.id));
  const params = new SqlParams(1);
  const shown = auditValuesShown({ registry, request, alias: 'a', params });
  if (!shown || rows.length === 0) return new Set(ids);
  const entries = rows.map((row) => ({
    id: String(row.id),
    collection: String(row.collection ?? ''),
    record: String(row.record ?? ''),
  }));
  const { rows: found } = await db.query<{ id: string }>(
    `SELECT a."id" FROM jsonb_to_recordset($1::jsonb) AS a("id" text, "collection" text, "record" text) WHERE ${shown}`,
    [JSON.stringify(entries), ...params.values],
  );
  return new Set(found.map((row) => row.id));
}

/** Rows of `collection` as this reader receives them; audit entries with their values held back where needed. */
export async function exportRows(
  db: Queryable,
  registry: CollectionRegistry,
  collection: Collection,
  rows: readonly Row[],
  request: RequestInfo,
): Promise<RecordJson[]> {
  if (collection.name !== 'user_activities')
    return rows.map((row) => exportRecord(collection, row, request));
  const shown = await auditEntriesShown(db, registry, rows, request);
  return rows.map((row) =>
    exportRecord(collection, row, request, { auditValuesHidden: !shown.has(String(row.id)) }),
  );
}
