import { createHash } from 'node:crypto';
import { isPermission, type Permission } from '@app/schema';
import type { Queryable } from '../db/database';
import { decodeJwtUnverified, signJwt, verifyJwt } from '../tools/security/jwt';
import { randomString } from '../tools/security/random';
import { isMultiple, q, type Collection, type CollectionRegistry } from './collection-model';
import type { Row } from './record-export';
import { AccountCache } from './account-cache';
import type { AuthState } from './request-info';

export type TokenType = 'auth' | 'file' | 'verification' | 'passwordReset' | 'emailChange';

/** Token lifetimes in seconds (PocketBase 0.39 defaults). */
export const TOKEN_DURATIONS: Record<TokenType, number> = {
  auth: 432_000,
  file: 180,
  verification: 86_400,
  passwordReset: 1_800,
  emailChange: 1_800,
};

const TOKEN_TYPES: readonly TokenType[] = [
  'auth',
  'file',
  'verification',
  'passwordReset',
  'emailChange',
];
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Per-collection, per-token-type signing secrets. */
export type Secrets = { get(collection: Collection, type: TokenType): string };

/** Loads the secrets of every auth collection, generating (and storing) missing ones. */
export async function loadSecrets(db: Queryable, registry: CollectionRegistry): Promise<Secrets> {
  const map = new Map<string, string>();
  const { rows } = await db.query<{ key: string; value: string }>(
    `SELECT "key", "value" FROM "_secrets"`,
  );
  for (const r of rows) map.set(r.key, r.value);
  for (const collection of registry.all.filter((c) => c.type === 'auth')) {
    for (const type of TOKEN_TYPES) {
      const key = `${collection.name}.${type}`;
      if (map.has(key)) continue;
      const value = randomString(50, ALPHANUMERIC);
      // Several processes may start together: keep whichever secret was stored first.
      await db.query(
        `INSERT INTO "_secrets" ("key", "value") VALUES ($1, $2) ON CONFLICT ("key") DO NOTHING`,
        [key, value],
      );
      const stored = await db.query<{ value: string }>(
        `SELECT "value" FROM "_secrets" WHERE "key" = $1`,
        [key],
      );
      map.set(key, stored.rows[0].value);
    }
  }
  return {
    get: (collection, type) => {
      const secret = map.get(`${collection.name}.${type}`);
      if (!secret) throw new Error(`no ${type} secret for ${collection.name}`);
      return secret;
    },
  };
}

/** Signs a token of the given type for an auth record. */
export async function issueToken(
  secrets: Secrets,
  collection: Collection,
  row: Row,
  type: TokenType,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const payload: Record<string, unknown> = {
    id: String(row.id),
    type,
    collectionId: collection.id,
    ...(type === 'auth' ? { refreshable: true } : {}),
    ...extra,
    exp: Math.floor(Date.now() / 1000) + TOKEN_DURATIONS[type],
  };
  return signJwt(payload, String(row.tokenKey) + secrets.get(collection, type));
}

/**
 * Finds the auth record a token belongs to. Anything wrong (malformed, forged, expired, the
 * wrong type, a rotated token key, an unknown record) gives null: the caller treats it as a guest.
 */
export async function findRecordByToken(
  db: Queryable,
  registry: CollectionRegistry,
  secrets: Secrets,
  token: string,
  type: TokenType,
): Promise<{ collection: Collection; row: Row; payload: Record<string, unknown> } | null> {
  const found = await lookupToken(db, registry, secrets, token, type, false);
  return found && { collection: found.collection, row: found.row, payload: found.payload };
}

/**
 * The account behind an auth token together with its permissions, read in one query (the
 * request's auth lookup runs on every signed-in request). Null as for findRecordByToken.
 */
export async function findAuthByToken(
  db: Queryable,
  registry: CollectionRegistry,
  secrets: Secrets,
  token: string,
  cache: AccountCache | null = null,
): Promise<{ collection: Collection; row: Row; permissions: ReadonlySet<Permission> } | null> {
  const found = await lookupToken(db, registry, secrets, token, 'auth', true, cache);
  return (
    found && {
      collection: found.collection,
      row: found.row,
      permissions: found.permissions ?? (await loadPermissions(db, found.row)),
    }
  );
}

/** Where the auth lookup puts the role permissions; removed from the row before it is used. */
const PERMISSIONS_COLUMN = '__auth_role_permissions';

/** The auth lookup's SQL per collection, and the name it is prepared under. */
const authLookups = new WeakMap<Collection, { text: string; name: string }>();

/**
 * The query reading an account with its permissions. It runs on every signed-in request, so it
 * is a prepared statement; it names its columns (the declared fields) so that a column added by
 * a newer server's migration cannot invalidate the prepared result type.
 */
function authLookup(collection: Collection): { text: string; name: string } {
  let lookup = authLookups.get(collection);
  if (!lookup) {
    const columns = collection.fields.map((f) => `t.${q(f.name)}`);
    const permissions = rolePermissionsSql(collection);
    if (permissions) columns.push(permissions);
    const text = `SELECT ${columns.join(', ')} FROM ${q(collection.table)} t WHERE t."id" = $1`;
    lookup = { text, name: `auth_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` };
    authLookups.set(collection, lookup);
  }
  return lookup;
}

/**
 * A select expression giving the permission lists of the account's roles (a jsonb array of
 * arrays), the same roles loadPermissions reads: the ids in a `roles` JSON array. Null when the
 * collection has no JSON `roles` column (then loadPermissions finds no roles either).
 */
function rolePermissionsSql(collection: Collection): string | null {
  const field = collection.field('roles');
  if (!field || !(isMultiple(field) || field.type === 'json')) return null;
  const roles = `CASE WHEN jsonb_typeof(t."roles") = 'array' THEN t."roles" ELSE '[]'::jsonb END`;
  return `(SELECT COALESCE(jsonb_agg(r."permissions"), '[]'::jsonb) FROM "roles" r WHERE r."id" = ANY(ARRAY(SELECT jsonb_array_elements_text(${roles})))) AS "${PERMISSIONS_COLUMN}"`;
}

async function lookupToken(
  db: Queryable,
  registry: CollectionRegistry,
  secrets: Secrets,
  token: string,
  type: TokenType,
  withPermissions: boolean,
  cache: AccountCache | null = null,
): Promise<{
  collection: Collection;
  row: Row;
  payload: Record<string, unknown>;
  permissions: ReadonlySet<Permission> | null;
} | null> {
  if (!token || token.length > 4096) return null;
  const claims = decodeJwtUnverified(token);
  if (
    !claims ||
    claims.type !== type ||
    typeof claims.id !== 'string' ||
    typeof claims.collectionId !== 'string'
  )
    return null;
  const collection = registry.get(claims.collectionId);
  if (!collection || collection.type !== 'auth' || collection.id !== claims.collectionId)
    return null;
  if (!/^[a-z0-9]{1,30}$/.test(claims.id)) return null;
  let row: Row | undefined;
  let permissions: ReadonlySet<Permission> | null = null;
  const key = AccountCache.key(collection.table, claims.id);
  const cached = withPermissions ? cache?.get(key) : undefined;
  let store: ((row: Row, permissions: ReadonlySet<Permission>) => void) | null = null;
  if (cached) {
    row = cached.row;
    permissions = cached.permissions;
  } else if (withPermissions) {
    if (cache) {
      const generation = cache.begin();
      store = (r, p) => cache.set(key, r, p, generation);
    }
    const lookup = authLookup(collection);
    row = (await db.query<Row>(lookup.text, [claims.id], { name: lookup.name })).rows[0];
    if (row && PERMISSIONS_COLUMN in row) {
      permissions = permissionSet(row[PERMISSIONS_COLUMN]);
      delete row[PERMISSIONS_COLUMN];
    }
  } else {
    row = (await db.query<Row>(`SELECT * FROM ${q(collection.table)} WHERE "id" = $1`, [claims.id]))
      .rows[0];
  }
  if (!row) return null;
  const payload = await verifyJwt(token, String(row.tokenKey) + secrets.get(collection, type));
  if (!payload) return null;
  // Kept only for a token that was good: a forged one fills nothing.
  if (store && permissions) store(row, permissions);
  return { collection, row, payload, permissions };
}

/** True when the account may sign in and act (e.g. an employee who is Active). */
export function isActiveAccount(collection: Collection, row: Row): boolean {
  const options = collection.def.auth;
  if (!options) return false;
  return row[options.activeField] === options.activeValue;
}

/** The account's effective permissions: the union over its roles. */
export async function loadPermissions(db: Queryable, row: Row): Promise<Set<Permission>> {
  const roleIds = Array.isArray(row.roles) ? row.roles.map(String) : [];
  if (roleIds.length === 0) return new Set();
  const { rows } = await db.query<{ permissions: unknown }>(
    `SELECT "permissions" FROM "roles" WHERE "id" = ANY($1::text[])`,
    [roleIds],
  );
  return permissionSet(rows.map((r) => r.permissions));
}

/** The known permissions among a list of the roles' permission lists. */
function permissionSet(lists: unknown): Set<Permission> {
  const permissions = new Set<Permission>();
  for (const list of Array.isArray(lists) ? lists : []) {
    for (const p of Array.isArray(list) ? list : []) {
      if (typeof p === 'string' && isPermission(p)) permissions.add(p);
    }
  }
  return permissions;
}

export async function buildAuthState(
  db: Queryable,
  collection: Collection,
  row: Row,
): Promise<AuthState> {
  return { collection, record: row, permissions: await loadPermissions(db, row) };
}

export { decodeJwtUnverified };
