import { findCollection } from '@app/schema';
import type { Collection, ModelField } from './collection-model';
import type { RequestInfo } from './request-info';
import { exportValue } from './values';

/** A stored row as the database returns it. */
export type Row = Record<string, unknown>;

/** The record's JSON as the API returns it. */
export type RecordJson = Record<string, unknown> & {
  id: string;
  collectionId: string;
  collectionName: string;
};

/** True when the requester is this very auth record. */
export function isSelf(collection: Collection, row: Row, request: RequestInfo): boolean {
  return (
    !!request.auth &&
    request.auth.collection.name === collection.name &&
    request.auth.record.id === row.id
  );
}

/** True when the record belongs to the requesting employee (the collection's `owner` relation). */
function isOwner(collection: Collection, row: Row, request: RequestInfo): boolean {
  const owner = collection.def.owner;
  return (
    !!owner &&
    request.auth?.collection.name === 'employees' &&
    String(row[owner] ?? '') === String(request.auth.record.id)
  );
}

/**
 * Whether the requester sees a field of this record: hidden fields never, fields behind a
 * permission only with it (or on one's own record).
 */
export function canSeeField(
  collection: Collection,
  field: ModelField,
  row: Row,
  request: RequestInfo,
): boolean {
  if (field.hidden) return false;
  if (!field.permission) return true;
  if (isSelf(collection, row, request) || isOwner(collection, row, request)) return true;
  return request.auth?.permissions.has(field.permission) ?? false;
}

/** Whether the requester may read an account's email (PocketBase's emailVisibility rule). */
function canSeeEmail(collection: Collection, row: Row, request: RequestInfo): boolean {
  if (row.emailVisibility === true || isSelf(collection, row, request)) return true;
  const permission = collection.def.access.list?.permission;
  return !!permission && !!request.auth?.permissions.has(permission);
}

/**
 * How a collection's records are exported: the fields that depend on who reads (behind a
 * permission, and an account's email) and, per combination of them a reader may see, a function
 * made once that builds the record as one object literal. Each record is then one allocation
 * with its properties in place, not an object grown a property at a time (bench/README.md,
 * issue 44).
 */
type ExportPlan = {
  /** The fields whose visibility depends on the reader and the row, in declaration order. */
  guarded: readonly ModelField[];
  /** One exporter per bit mask of the guarded fields seen (bit i: guarded[i]). */
  exporters: Map<number, (row: Row) => RecordJson>;
};

const plans = new WeakMap<Collection, ExportPlan | null>();

/** More guarded fields than a mask holds, or a field a literal cannot name: exported field by field. */
function exportPlan(collection: Collection): ExportPlan | null {
  let plan = plans.get(collection);
  if (plan === undefined) {
    const guarded = collection.fields.filter(
      (field) =>
        !field.hidden &&
        (!!field.permission || (field.name === 'email' && collection.type === 'auth')),
    );
    // `__proto__` as a literal's key would set the prototype instead (no collection has one).
    const literalSafe = !collection.fields.some((field) => field.name === '__proto__');
    plan = guarded.length <= 30 && literalSafe ? { guarded, exporters: new Map() } : null;
    plans.set(collection, plan);
  }
  return plan;
}

/** Whether this reader sees this field of this row, email rule included. */
function seesField(
  collection: Collection,
  field: ModelField,
  row: Row,
  request: RequestInfo,
  forceEmail: boolean,
): boolean {
  if (!canSeeField(collection, field, row, request)) return false;
  if (field.name !== 'email' || collection.type !== 'auth' || forceEmail) return true;
  return canSeeEmail(collection, row, request);
}

/** The exporter of the fields seen under `mask`: field names go in as JSON string literals. */
function compileExporter(
  collection: Collection,
  plan: ExportPlan,
  mask: number,
): (row: Row) => RecordJson {
  const fields = collection.fields.filter((field) => {
    if (field.hidden) return false;
    const bit = plan.guarded.indexOf(field);
    return bit < 0 || (mask & (1 << bit)) !== 0;
  });
  const properties = fields.map((field, i) => {
    const name = JSON.stringify(field.name);
    return `${name}: exportValue(fields[${i}], row[${name}])`;
  });
  const make = new Function(
    'exportValue',
    'fields',
    'collectionId',
    'collectionName',
    `return (row) => ({ collectionId, collectionName, ${properties.join(', ')} });`,
  ) as (
    exportValue: (field: ModelField, stored: unknown) => unknown,
    fields: readonly ModelField[],
    collectionId: string,
    collectionName: string,
  ) => (row: Row) => RecordJson;
  return make(exportValue, fields, collection.id, collection.name);
}

/** Builds the public JSON of a stored row for this requester. */
export function exportRecord(
  collection: Collection,
  row: Row,
  request: RequestInfo,
  options: {
    forceEmail?: boolean;
    /** An audit entry of a record the reader may not view: its values stay out (audit-values.ts). */
    auditValuesHidden?: boolean;
  } = {},
): RecordJson {
  const forceEmail = options.forceEmail === true;
  const plan = exportPlan(collection);
  let out: Record<string, unknown>;
  if (plan) {
    let mask = 0;
    for (let bit = 0; bit < plan.guarded.length; bit++)
      if (seesField(collection, plan.guarded[bit], row, request, forceEmail)) mask |= 1 << bit;
    let exporter = plan.exporters.get(mask);
    if (!exporter) {
      exporter = compileExporter(collection, plan, mask);
      plan.exporters.set(mask, exporter);
    }
    out = exporter(row);
  } else {
    out = { collectionId: collection.id, collectionName: collection.name };
    for (const field of collection.fields)
      if (seesField(collection, field, row, request, forceEmail))
        out[field.name] = exportValue(field, row[field.name]);
  }
  if (collection.name === 'user_activities') {
    if (options.auditValuesHidden)
      for (const name of ['before', 'after', 'record_title', 'comment']) delete out[name];
    else redactSnapshots(out, row, request);
  }
  return out as RecordJson;
}

/**
 * Audit snapshots (`before`/`after`) hold the audited record's values: fields behind a permission
 * the reader lacks (salary, auth fields) are left out, as on the record itself (one's own excepted).
 */
function redactSnapshots(out: Record<string, unknown>, row: Row, request: RequestInfo): void {
  const audited = findCollection(String(row.collection ?? ''));
  if (!audited) return;
  const own =
    request.auth?.collection.name === audited.name &&
    String(request.auth.record.id) === String(row.record);
  const hidden = own
    ? []
    : audited.fields
        .filter((f) => f.permission && !request.auth?.permissions.has(f.permission))
        .map((f) => f.name);
  if (hidden.length === 0) return;
  for (const key of ['before', 'after']) {
    const snapshot = out[key];
    if (!snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot)) continue;
    out[key] = Object.fromEntries(
      Object.entries(snapshot).filter(([name]) => !hidden.includes(name)),
    );
  }
}

/** The stored values minus secrets, for audit before/after snapshots. */
export function auditSnapshot(collection: Collection, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of collection.fields) {
    if (field.hidden) continue;
    out[field.name] = exportValue(field, row[field.name]);
  }
  return out;
}
