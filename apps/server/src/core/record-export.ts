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
 * The fields every requester sees of a collection that has no field behind a permission and no
 * email to hold back (most of them), or null: its records are exported without asking who reads.
 */
const openFields = new WeakMap<Collection, readonly ModelField[] | null>();
function fieldsOpenToAll(collection: Collection): readonly ModelField[] | null {
  let fields = openFields.get(collection);
  if (fields === undefined) {
    const guarded =
      collection.type === 'auth' ||
      collection.name === 'user_activities' ||
      collection.fields.some((field) => field.permission);
    fields = guarded ? null : collection.fields.filter((field) => !field.hidden);
    openFields.set(collection, fields);
  }
  return fields;
}

/** Builds the record of a collection open to all from its stored row. */
type OpenExporter = (row: Row) => RecordJson;

const openExporters = new WeakMap<Collection, OpenExporter | null>();

/**
 * The exporter of a collection open to all (fieldsOpenToAll), made once: a function whose body
 * is the record as one object literal, so that each record is built in one allocation with its
 * properties in place, not grown a property at a time (bench/README.md, issue 44). Field names
 * come from the declarations and go into the source as JSON string literals.
 */
function openExporter(collection: Collection): OpenExporter | null {
  let exporter = openExporters.get(collection);
  if (exporter === undefined) {
    const fields = fieldsOpenToAll(collection);
    // `__proto__` as a literal's key would set the prototype instead: that collection (there is
    // none today) keeps the field-by-field path.
    exporter =
      fields && !fields.some((field) => field.name === '__proto__')
        ? compileOpenExporter(collection, fields)
        : null;
    openExporters.set(collection, exporter);
  }
  return exporter;
}

function compileOpenExporter(collection: Collection, fields: readonly ModelField[]): OpenExporter {
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
  ) => OpenExporter;
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
  const open = openExporter(collection);
  if (open) return open(row);
  const out: Record<string, unknown> = {
    collectionId: collection.id,
    collectionName: collection.name,
  };
  for (const field of collection.fields) {
    if (!canSeeField(collection, field, row, request)) continue;
    if (
      field.name === 'email' &&
      collection.type === 'auth' &&
      !options.forceEmail &&
      !canSeeEmail(collection, row, request)
    )
      continue;
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
