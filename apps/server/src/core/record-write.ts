import { normalizeFileName } from '../tools/filesystem/file-name';
import { detectContentType, extensionForContentType } from '../tools/filesystem/content-type';
import { hashPassword, verifyPassword } from '../tools/security/password';
import { newRecordId, newTokenKey } from '../tools/security/random';
import { decideAccess } from './access';
import { isMultiple, q, type Collection, type ModelField } from './collection-model';
import type { Engine } from './engine';
import { ApiError, badRequest } from './errors';
import { isSelf, type Row } from './record-export';
import { actingAsSystem, replayingImport, type RequestInfo } from './request-info';
import { formatDate, normalizeValue, toList, type FieldError } from './values';

/**
 * One uploaded file: held in memory when small, or (a large one received over HTTP) written to a
 * scratch file as it arrives, with its first bytes kept to tell its type (routes/read-body.ts).
 */
export type UploadedFile =
  | { filename: string; data: Buffer }
  | { filename: string; path: string; size: number; head: Buffer };

/** A create or update as submitted: plain values (JSON or multipart) and uploads by part name. */
export type RecordInput = { data: Record<string, unknown>; files: Record<string, UploadedFile[]> };

export type PreparedWrite = {
  /** Columns to insert (create) or to set (update). */
  row: Row;
  /** Each with its bytes (`data`) or the scratch file that holds them (`path`). */
  filesToWrite: Array<{ key: string; data?: Buffer; path?: string }>;
  filesToDelete: string[];
};

const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;
const AUTH_INPUT_KEYS = new Set(['password', 'passwordConfirm', 'oldPassword']);

type Modifier = 'set' | 'append' | 'prepend' | 'remove';

/** Splits `field+`, `+field`, `field-` into the field name and what to do. */
function splitKey(key: string): { name: string; modifier: Modifier } {
  if (key.startsWith('+')) return { name: key.slice(1), modifier: 'prepend' };
  if (key.endsWith('+')) return { name: key.slice(0, -1), modifier: 'append' };
  if (key.endsWith('-')) return { name: key.slice(0, -1), modifier: 'remove' };
  return { name: key, modifier: 'set' };
}

/** True when the requester writes through the collection's update permission, not as owner. */
function holdsUpdatePermission(collection: Collection, request: RequestInfo): boolean {
  const permission = collection.def.access.update?.permission;
  return !!permission && !!request.auth?.permissions.has(permission);
}

/**
 * The submitted value of each field, with `field+`, `+field` and `field-` resolved against the
 * stored row. Number modifiers that are not numbers become field errors.
 */
function resolveSubmitted(
  collection: Collection,
  existing: Row | null,
  data: Record<string, unknown>,
  errors: Record<string, FieldError>,
): Map<string, unknown> {
  const submitted = new Map<string, unknown>();
  // Plain keys first, so `tags` and `tags+` in one body apply in that order.
  const keys = Object.keys(data).sort((a, b) => a.length - b.length);
  for (const key of keys) {
    const { name, modifier } = splitKey(key);
    const field = collection.field(name);
    if (!field || field.type === 'file') continue;
    const value = data[key];
    if (modifier === 'set') {
      submitted.set(name, value);
      continue;
    }
    const base = submitted.has(name) ? submitted.get(name) : existing?.[name];
    if (field.type === 'number') {
      const delta = Number(value);
      if (!Number.isFinite(delta) || modifier === 'prepend') {
        errors[name] = {
          code: 'validation_not_a_number',
          message: 'The submitted number is not properly formatted.',
        };
        continue;
      }
      submitted.set(name, Number(base ?? 0) + (modifier === 'remove' ? -delta : delta));
    } else if ((field.type === 'select' || field.type === 'relation') && isMultiple(field)) {
      const current = toList(base).map(String);
      const change = toList(value).map(String);
      if (modifier === 'append') submitted.set(name, [...current, ...change]);
      else if (modifier === 'prepend') submitted.set(name, [...change, ...current]);
      else
        submitted.set(
          name,
          current.filter((v) => !change.includes(v)),
        );
    }
  }
  return submitted;
}

/** Whether a body changes a field relative to its stored value (`field+`, `+field`, `field-`). */
export function hasRelativeChanges(collection: Collection, input: RecordInput): boolean {
  return Object.keys(input.data).some((key) => {
    const { name, modifier } = splitKey(key);
    const field = collection.field(name);
    return modifier !== 'set' && !!field && field.type !== 'file';
  });
}

/**
 * Recomputes the relative changes of an update against the row as it is now, read under the row
 * lock inside the write's transaction: two concurrent `{"count+": 1}` must both count. The other
 * checks of `prepareWrite` already passed; this only redoes the arithmetic and its validation.
 */
export function reapplyRelativeChanges(
  collection: Collection,
  current: Row,
  input: RecordInput,
  row: Row,
): void {
  const errors: Record<string, FieldError> = {};
  const submitted = resolveSubmitted(collection, current, input.data, errors);
  for (const key of Object.keys(input.data)) {
    const { name, modifier } = splitKey(key);
    const field = collection.field(name);
    if (modifier === 'set' || !field || !(name in row) || errors[name]) continue;
    const result = normalizeValue(field, submitted.get(name));
    if ('error' in result) errors[name] = result.error;
    else row[name] = result.value;
  }
  if (Object.keys(errors).length > 0) throw badRequest('Failed to update record.', errors);
}

/**
 * Validates a submitted create/update and turns it into the columns to store. Throws a 400 with
 * every field's error at once, so a form can show them all.
 */
export async function prepareWrite(
  engine: Engine,
  collection: Collection,
  existing: Row | null,
  input: RecordInput,
  request: RequestInfo,
  known?: KnownRecords,
): Promise<PreparedWrite> {
  const creating = existing === null;
  const failMessage = creating ? 'Failed to create record.' : 'Failed to update record.';
  const errors: Record<string, FieldError> = {};
  const row: Row = {};
  const filesToWrite: PreparedWrite['filesToWrite'] = [];
  const filesToDelete: string[] = [];
  const manager =
    holdsUpdatePermission(collection, request) ||
    (creating &&
      !!collection.def.access.create?.permission &&
      !!request.auth?.permissions.has(collection.def.access.create.permission));
  // Editing one's own record, or records reached through the update own-rule: only the self-editable fields.
  // The server's own write (a hook's): what it derives is its to set, as validated as any value.
  const system = actingAsSystem(request);
  const ownerOnly =
    !creating &&
    !manager &&
    !system &&
    (isSelf(collection, existing, request) ||
      (!!request.auth && decideAccess(collection, 'update', request).kind === 'rule'));

  const submitted = resolveSubmitted(collection, existing, input.data, errors);
  // Fields the old system left optional, blank on the records the import writes (only there).
  const keptBlank = new Set(
    replayingImport(request) ? (collection.def.blankWhenImported ?? []) : [],
  );

  const recordId = creating
    ? await chooseId(engine, collection, input.data.id, errors)
    : String(existing.id);

  for (const field of collection.fields) {
    if (field.type === 'file') {
      await prepareFiles(
        collection,
        field,
        recordId,
        existing,
        input,
        errors,
        row,
        filesToWrite,
        filesToDelete,
        ownerOnly,
        request,
      );
      continue;
    }
    if (field.system || field.type === 'autodate') continue;
    const has = submitted.has(field.name);
    if (field.readOnly && !(system && has)) {
      // Derived by the server (domain hooks); whatever a client submitted is ignored.
      if (creating) row[field.name] = emptyValue(field);
      continue;
    }
    if (!has && !creating) continue;
    if (has && field.hidden && !system) continue;
    if (has && field.permission && !system && !request.auth?.permissions.has(field.permission)) {
      errors[field.name] = {
        code: 'validation_forbidden_field',
        message: 'You are not allowed to change this field.',
      };
      continue;
    }
    if (has && ownerOnly && !(collection.def.selfEditable ?? []).includes(field.name)) {
      errors[field.name] = {
        code: 'validation_forbidden_field',
        message: 'You are not allowed to change this field.',
      };
      continue;
    }
    const result = normalizeValue(
      keptBlank.has(field.name) ? { ...field, required: false } : field,
      has ? submitted.get(field.name) : undefined,
    );
    if ('error' in result) errors[field.name] = result.error;
    else row[field.name] = result.value;
  }

  await checkRelations(engine, collection, row, errors, known);
  if (collection.type === 'auth')
    await prepareAuth(
      engine,
      collection,
      existing,
      input,
      request,
      manager,
      ownerOnly,
      errors,
      row,
    );

  if (Object.keys(errors).length > 0) {
    throw badRequest(failMessage, errors);
  }
  const now = formatDate(new Date());
  if (creating) {
    row.id = recordId;
    row.created = now;
  }
  row.updated = now;
  return { row, filesToWrite, filesToDelete };
}

async function chooseId(
  engine: Engine,
  collection: Collection,
  raw: unknown,
  errors: Record<string, FieldError>,
): Promise<string> {
  if (raw === undefined || raw === null || raw === '') return newRecordId();
  if (typeof raw !== 'string' || !/^[a-z0-9]{15}$/.test(raw)) {
    errors.id = { code: 'validation_invalid_format', message: 'Invalid value format.' };
    return newRecordId();
  }
  const { rows } = await engine.db.query(`SELECT 1 FROM ${q(collection.table)} WHERE "id" = $1`, [
    raw,
  ]);
  if (rows.length)
    errors.id = {
      code: 'validation_pk_invalid',
      message: 'The record primary key is invalid or already exists.',
    };
  return raw;
}

/**
 * The ids known to exist, per collection, that a bulk write read in one query per relation field
 * (see `knownRelations`) instead of one per record.
 */
export type KnownRecords = ReadonlyMap<string, ReadonlySet<string>>;

/** The records that the relation fields of `rows` point at, read once for all of them. */
export async function knownRelations(
  engine: Engine,
  collection: Collection,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<KnownRecords> {
  const wanted = new Map<string, Set<string>>();
  for (const field of collection.fields) {
    if (field.type !== 'relation') continue;
    const ids = wanted.get(field.collection) ?? new Set<string>();
    for (const row of rows) for (const id of toList(row[field.name])) if (id) ids.add(String(id));
    wanted.set(field.collection, ids);
  }
  const known = new Map<string, Set<string>>();
  for (const [name, ids] of wanted) {
    const target = engine.registry.get(name);
    if (!target || ids.size === 0) continue;
    const { rows: found } = await engine.db.query<{ id: string }>(
      `SELECT "id" FROM ${q(target.table)} WHERE "id" = ANY($1::text[])`,
      [[...ids]],
    );
    known.set(name, new Set(found.map((r) => r.id)));
  }
  return known;
}

/** Every relation id must name an existing record. */
async function checkRelations(
  engine: Engine,
  collection: Collection,
  row: Row,
  errors: Record<string, FieldError>,
  known?: KnownRecords,
): Promise<void> {
  for (const field of collection.fields) {
    if (field.type !== 'relation' || !(field.name in row) || errors[field.name]) continue;
    const ids = toList(row[field.name]).map(String).filter(Boolean);
    if (ids.length === 0) continue;
    const target = engine.registry.get(field.collection);
    if (!target) continue;
    const distinct = [...new Set(ids)];
    const read = known?.get(target.name);
    const found = read
      ? distinct.filter((id) => read.has(id)).length
      : (
          await engine.db.query<{ id: string }>(
            `SELECT "id" FROM ${q(target.table)} WHERE "id" = ANY($1::text[])`,
            [distinct],
          )
        ).rows.length;
    if (found !== distinct.length) {
      errors[field.name] = {
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      };
    }
  }
}

async function prepareFiles(
  collection: Collection,
  field: Extract<ModelField, { type: 'file' }>,
  recordId: string,
  existing: Row | null,
  input: RecordInput,
  errors: Record<string, FieldError>,
  row: Row,
  filesToWrite: PreparedWrite['filesToWrite'],
  filesToDelete: string[],
  ownerOnly: boolean,
  request: RequestInfo,
): Promise<void> {
  const name = field.name;
  const current = toList(existing?.[name]).map(String);
  const uploadsSet = input.files[name] ?? [];
  const uploadsAppend = input.files[`${name}+`] ?? [];
  const uploadsPrepend = input.files[`+${name}`] ?? [];
  const hasPlain = Object.prototype.hasOwnProperty.call(input.data, name);
  const removeRaw = input.data[`${name}-`];
  const touched =
    hasPlain ||
    removeRaw !== undefined ||
    uploadsSet.length + uploadsAppend.length + uploadsPrepend.length > 0;
  if (!touched) {
    if (!existing && field.required)
      errors[name] = { code: 'validation_required', message: 'Cannot be blank.' };
    if (!existing) row[name] = isMultiple(field) ? [] : '';
    return;
  }
  if (field.permission && !request.auth?.permissions.has(field.permission)) {
    errors[name] = {
      code: 'validation_forbidden_field',
      message: 'You are not allowed to change this field.',
    };
    return;
  }
  if (ownerOnly && !(collection.def.selfEditable ?? []).includes(name)) {
    errors[name] = {
      code: 'validation_forbidden_field',
      message: 'You are not allowed to change this field.',
    };
    return;
  }

  let names = current;
  if (hasPlain || uploadsSet.length) {
    // A plain value replaces the list; existing names given again are kept.
    const kept = toList(input.data[name])
      .filter((v) => v !== null && v !== '')
      .map(String);
    const unknown = kept.filter((k) => !current.includes(k));
    if (unknown.length) {
      errors[name] = {
        code: 'validation_invalid_file',
        message: `Invalid new files: ${unknown.join(', ')}.`,
        params: { invalidFiles: unknown },
      };
      return;
    }
    names = kept;
  }
  if (removeRaw !== undefined) {
    const remove = toList(removeRaw).map(String);
    names = names.filter((n) => !remove.includes(n));
  }

  const maxSize = field.maxSize || DEFAULT_MAX_FILE_SIZE;
  const stored = async (upload: UploadedFile): Promise<string | null> => {
    const size = 'data' in upload ? upload.data.length : upload.size;
    if (size > maxSize) {
      errors[name] = {
        code: 'validation_file_size_limit',
        message: `Failed to upload ${upload.filename} - the maximum allowed file size is ${maxSize} bytes.`,
        params: { file: upload.filename, maxSize },
      };
      return null;
    }
    if (!upload.filename || upload.filename.length > 150) {
      errors[name] = { code: 'validation_invalid_file', message: 'Invalid file name.' };
      return null;
    }
    const type = await detectContentType(
      'data' in upload ? upload.data : upload.head,
      upload.filename,
    );
    if (field.mimeTypes?.length && !field.mimeTypes.includes(type.split(';')[0])) {
      errors[name] = {
        code: 'validation_invalid_mime_type',
        message: `"${upload.filename}" mime type must be one of: ${field.mimeTypes.join(', ')}.`,
      };
      return null;
    }
    const fileName = normalizeFileName(upload.filename, extensionForContentType(type));
    const key = `${collection.id}/${recordId}/${fileName}`;
    filesToWrite.push('data' in upload ? { key, data: upload.data } : { key, path: upload.path });
    return fileName;
  };
  const newSet: string[] = [];
  for (const u of uploadsSet) {
    const n = await stored(u);
    if (n) newSet.push(n);
  }
  const newPrepend: string[] = [];
  for (const u of uploadsPrepend) {
    const n = await stored(u);
    if (n) newPrepend.push(n);
  }
  const newAppend: string[] = [];
  for (const u of uploadsAppend) {
    const n = await stored(u);
    if (n) newAppend.push(n);
  }
  if (errors[name]) return;
  names = [...newPrepend, ...names, ...newSet, ...newAppend];
  const maxSelect = field.maxSelect ?? 1;
  if (!isMultiple(field) && names.length > 1) names = [names[names.length - 1]];
  if (names.length > maxSelect) {
    errors[name] = {
      code: 'validation_too_many_files',
      message: `The maximum allowed files is ${maxSelect}.`,
      params: { maxSelect },
    };
    return;
  }
  if (field.required && names.length === 0) {
    errors[name] = { code: 'validation_required', message: 'Cannot be blank.' };
    return;
  }
  for (const old of current) {
    if (!names.includes(old)) {
      filesToDelete.push(`${collection.id}/${recordId}/${old}`);
    }
  }
  row[name] = isMultiple(field) ? names : (names[0] ?? '');
}

async function prepareAuth(
  engine: Engine,
  collection: Collection,
  existing: Row | null,
  input: RecordInput,
  request: RequestInfo,
  manager: boolean,
  ownerOnly: boolean,
  errors: Record<string, FieldError>,
  row: Row,
): Promise<void> {
  const data = input.data;
  const options = collection.def.auth!;
  const creating = existing === null;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(data, k);

  // email
  if (creating || has('email')) {
    const result = normalizeValue({ name: 'email', type: 'email', required: true }, data.email);
    if ('error' in result) errors.email = result.error;
    else if (!creating && result.value !== existing.email && !manager) {
      errors.email = { code: 'validation_values_mismatch', message: "Values don't match." };
    } else {
      row.email = String(result.value).trim();
      if (!creating && row.email !== existing.email) row.tokenKey = newTokenKey();
    }
  }
  if (has('emailVisibility')) {
    const result = normalizeValue({ name: 'emailVisibility', type: 'bool' }, data.emailVisibility);
    if ('error' in result) errors.emailVisibility = result.error;
    else row.emailVisibility = result.value;
  }
  if (has('verified')) {
    const result = normalizeValue({ name: 'verified', type: 'bool' }, data.verified);
    if ('error' in result) errors.verified = result.error;
    else if (!manager && result.value !== (existing?.verified ?? false)) {
      errors.verified = { code: 'validation_values_mismatch', message: "Values don't match." };
    } else row.verified = result.value;
  }

  // password
  // Multipart and urlencoded bodies turn "12345678" into a number; passwords are text.
  const text = (value: unknown): unknown =>
    typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  let password = text(data.password);
  let passwordConfirm = text(data.passwordConfirm);
  if (creating && manager && (password === undefined || password === null || password === '')) {
    // The server owns the first password: an account created without one gets the default
    // password, and must choose its own at its first sign-in.
    password = passwordConfirm = engine.config.defaultPassword;
  }
  if (creating || (has('password') && password !== '' && password !== null)) {
    if (typeof password !== 'string' || password === '') {
      errors.password = { code: 'validation_required', message: 'Cannot be blank.' };
    } else if ([...password].length < options.minPasswordLength) {
      errors.password = {
        code: 'validation_min_text_constraint',
        message: `Must be at least ${options.minPasswordLength} character(s).`,
      };
    } else if (Buffer.byteLength(password) > 71) {
      errors.password = {
        code: 'validation_max_text_constraint',
        message: 'Must be less than 72 character(s).',
      };
    } else if (passwordConfirm !== password) {
      errors.passwordConfirm = {
        code: 'validation_values_mismatch',
        message: "Values don't match.",
      };
    } else {
      const self = !creating && isSelf(collection, existing, request);
      if (self || (!creating && ownerOnly)) {
        // Changing one's own password always needs the current one. Checks are limited per
        // account and counted before the check, so parallel guesses cannot slip past the limit;
        // once over it even the right password is refused (no oracle).
        const attempts = engine.oldPasswordAttempts;
        if (attempts && !(await attempts.attempt(`${collection.id}:${String(existing.id)}`))) {
          throw new ApiError(429, 'Too Many Requests.');
        }
        const old = text(data.oldPassword);
        if (
          typeof old !== 'string' ||
          !old ||
          !(await verifyPassword(old, String(existing.password)))
        ) {
          errors.oldPassword = {
            code: 'validation_invalid_old_password',
            message: 'Missing or invalid old password.',
          };
          return;
        }
        if (password === engine.config.defaultPassword) {
          errors.password = {
            code: 'validation_default_password',
            message: 'Choose a password other than the default one.',
          };
          return;
        }
      } else if (!creating && !manager) {
        errors.password = { code: 'validation_values_mismatch', message: "Values don't match." };
        return;
      }
      row.password = await hashPassword(password);
      row.tokenKey = newTokenKey();
      // An account given the default password by someone else must choose its own.
      row.mustChangePassword = password === engine.config.defaultPassword;
    }
  }
  if (creating) {
    row.tokenKey ??= newTokenKey();
    row.emailVisibility ??= false;
    row.verified ??= false;
    row.mustChangePassword ??= false;
  }
  for (const key of AUTH_INPUT_KEYS) delete row[key === 'password' ? '__never__' : key];
}

/** The stored "nothing" of a field: '' for text-like fields, 0, false, [] or null. */
export function emptyValue(field: ModelField): unknown {
  if (isMultiple(field)) return [];
  if (field.type === 'number') return 0;
  if (field.type === 'bool') return false;
  if (field.type === 'json') return null;
  return '';
}
