import { storedRecordTitle } from '../core/audit';
import type { Engine } from '../core/engine';
import { notFound } from '../core/errors';
import { viewableRows, viewRecord } from '../core/records';
import type { RequestInfo } from '../core/request-info';

/** At most this many related records are named per entry (a long list of roles, say). */
const MAX_NAMED = 200;

/** The ids a relation value holds: one id, or a list of them. */
function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && !!v);
  return [];
}

/**
 * The names of the records an audit entry's relations point to (an advance's employee and
 * vault), so its details say "Salma Osman" where the snapshot holds an id. Only records the
 * reader may view are named, read as they are now; the entry itself is read with the
 * monitor's own access (its fields hidden from the reader stay hidden).
 */
export async function activityRelatedNames(
  engine: Engine,
  activityId: string,
  request: RequestInfo,
): Promise<{ names: Record<string, string> }> {
  const activities = engine.registry.get('user_activities');
  if (!activities) throw notFound();
  const entry = await viewRecord(engine, activities, activityId, request);
  const audited = engine.registry.get(String(entry.collection ?? ''));
  const names: Record<string, string> = {};
  if (!audited) return { names };

  const wanted = new Map<string, Set<string>>();
  let count = 0;
  for (const snapshot of [entry.before, entry.after]) {
    if (!snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot)) continue;
    for (const [name, value] of Object.entries(snapshot)) {
      const field = audited.field(name);
      if (field?.type !== 'relation') continue;
      for (const id of idsOf(value)) {
        if (count >= MAX_NAMED) break;
        const ids = wanted.get(field.collection) ?? new Set<string>();
        if (!ids.has(id)) count++;
        wanted.set(field.collection, ids.add(id));
      }
    }
  }

  for (const [target, ids] of wanted) {
    const collection = engine.registry.get(target);
    if (!collection) continue;
    const rows = await viewableRows(engine, collection, [...ids], request);
    for (const row of rows) {
      const title = await storedRecordTitle(engine.db, collection, row);
      if (title) names[String(row.id)] = title;
    }
  }
  return { names };
}
