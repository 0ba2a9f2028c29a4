import type { Permission } from '@app/schema';
import type { Queryable } from '../db/database';
import { loadPermissions } from '../core/auth';
import { q, type Collection } from '../core/collection-model';
import type { HookRegistry } from '../core/hooks';
import { ApiError } from '../core/errors';
import type { Row } from '../core/record-export';
import type { RequestInfo } from '../core/request-info';
import { newTokenKey } from '../tools/security/random';
import { ADMIN_ROLE_TITLE } from './bootstrap';

/**
 * Who may change an account's keys to the house: its password, email, roles, status. Holding the
 * collection's update permission is not enough, or anyone who edits HR records could take over the
 * administrator's account.
 */
export const ACCOUNT_PERMISSION: Record<string, Permission> = {
  employees: 'employees.read_auth',
  users: 'users.update',
};

/** The fields of an account that decide who can sign in as it and what it may do. */
function sensitiveChanges(collection: Collection, row: Row, previous: Row | null): string[] {
  const activeField = collection.def.auth!.activeField;
  const changed: string[] = [];
  if ('password' in row) changed.push('password');
  for (const name of ['email', 'roles', activeField, 'verified']) {
    if (!(name in row)) continue;
    if (previous && sameValue(row[name], previous[name])) continue;
    changed.push(name);
  }
  return changed;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const left = (Array.isArray(a) ? a : []).map(String).sort();
    const right = (Array.isArray(b) ? b : []).map(String).sort();
    return left.length === right.length && left.every((v, i) => v === right[i]);
  }
  return String(a ?? '') === String(b ?? '');
}

function refuse(message: string): never {
  throw new ApiError(403, message);
}

/** The permissions in `wanted` that the requester does not hold. */
function notHeld(request: RequestInfo, wanted: Iterable<string>): string[] {
  const held = request.auth?.permissions;
  const missing: string[] = [];
  for (const permission of wanted) {
    if (!held?.has(permission as Permission)) missing.push(permission);
  }
  return missing;
}

async function rolePermissions(tx: Queryable, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const { rows } = await tx.query<{ permissions: unknown }>(
    `SELECT "permissions" FROM "roles" WHERE "id" = ANY($1::text[])`,
    [roleIds],
  );
  const out = new Set<string>();
  for (const row of rows)
    for (const p of Array.isArray(row.permissions) ? row.permissions : []) out.add(String(p));
  return out;
}

/**
 * The Administrator role, locked for the rest of the transaction: every change that could leave
 * the organisation without an active administrator goes through this lock, so two such changes
 * cannot both pass on the strength of each other.
 */
async function lockAdministratorRole(tx: Queryable): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT "id" FROM "roles" WHERE lower("title") = lower($1) FOR UPDATE`,
    [ADMIN_ROLE_TITLE],
  );
  return rows[0]?.id ?? null;
}

/** Active accounts holding the Administrator role, other than the one being changed. */
async function otherActiveAdministrators(
  tx: Queryable,
  adminRoleId: string,
  collections: Collection[],
  except: { collection: string; id: string },
): Promise<number> {
  let count = 0;
  for (const c of collections) {
    const { activeField, activeValue } = c.def.auth!;
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${q(c.table)} WHERE "roles" ? $1 AND ${q(activeField)} = $2 AND NOT ("id" = $3 AND $4 = $5)`,
      [adminRoleId, activeValue, except.id, c.name, except.collection],
    );
    count += rows[0].n;
  }
  return count;
}

function roleIds(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function isAdministrator(row: Row | null): boolean {
  return !!row && String(row.title ?? '').toLowerCase() === ADMIN_ROLE_TITLE.toLowerCase();
}

/**
 * Account and role rules: nobody changes a password, email, roles or status of another account
 * without the account permission, or of an account that may do more than they may; nobody grants
 * a permission (or a role carrying one) they do not hold; the Administrator role keeps every
 * permission, and the last active account holding it keeps it.
 */
export function registerAccountHooks(hooks: HookRegistry): void {
  const accountCollections = () =>
    hooks.registry.all.filter((c) => c.type === 'auth' && !!c.field('roles'));

  /** Refuses a change to an account that holds permissions the requester lacks. */
  const checkOutranked = async (tx: Queryable, request: RequestInfo, target: Row) => {
    const missing = notHeld(request, await loadPermissions(tx, target));
    if (missing.length)
      refuse('You cannot change an account that holds permissions you do not hold.');
  };

  /** Refuses granting or removing roles whose permissions the requester lacks. */
  const checkRoleChange = async (
    tx: Queryable,
    request: RequestInfo,
    before: string[],
    after: string[],
  ) => {
    const touched = [
      ...after.filter((id) => !before.includes(id)),
      ...before.filter((id) => !after.includes(id)),
    ];
    const missing = notHeld(request, await rolePermissions(tx, touched));
    if (missing.length)
      refuse(
        `You cannot grant or remove a role with permissions you do not hold (${listed(missing)}).`,
      );
  };

  /** Refuses a change that would leave no active account holding the Administrator role. */
  const keepAnAdministrator = async (
    tx: Queryable,
    collection: Collection,
    previous: Row,
    after: Row | null,
  ) => {
    const adminRoleId = await lockAdministratorRole(tx);
    if (!adminRoleId || !roleIds(previous.roles).includes(adminRoleId)) return;
    const { activeField, activeValue } = collection.def.auth!;
    if (previous[activeField] !== activeValue) return;
    const staysAdmin =
      after !== null &&
      after[activeField] === activeValue &&
      roleIds(after.roles).includes(adminRoleId);
    if (staysAdmin) return;
    const others = await otherActiveAdministrators(tx, adminRoleId, accountCollections(), {
      collection: collection.name,
      id: String(previous.id),
    });
    if (others === 0)
      throw new ApiError(
        400,
        'This is the last active account with the Administrator role: give the role to another active account first.',
      );
  };

  const saveRole = async (request: RequestInfo, row: Row, previous: Row | null) => {
    if (isAdministrator(previous)) {
      const renamed = 'title' in row && !isAdministrator(row);
      const trimmed = 'permissions' in row && !sameValue(row.permissions, previous!.permissions);
      if (renamed || trimmed)
        refuse('The Administrator role always holds every permission and keeps its name.');
    }
    const wanted = new Set([
      ...roleIds(row.permissions ?? previous?.permissions),
      ...roleIds(previous?.permissions),
    ]);
    const missing = notHeld(request, wanted);
    if (missing.length)
      refuse(`You cannot grant or change permissions you do not hold (${listed(missing)}).`);
  };

  const saveAccount = async (
    tx: Queryable,
    collection: Collection,
    request: RequestInfo,
    row: Row,
    previous: Row | null,
  ) => {
    const changed = sensitiveChanges(collection, row, previous);
    if (changed.length === 0) return;
    const self =
      previous !== null &&
      request.auth?.collection.name === collection.name &&
      request.auth.record.id === previous.id;
    if (previous && !self) {
      if (!request.auth?.permissions.has(ACCOUNT_PERMISSION[collection.name]))
        refuse("You are not allowed to change another account's password, email, roles or status.");
      await checkOutranked(tx, request, previous);
    }
    if (changed.includes('roles'))
      await checkRoleChange(tx, request, roleIds(previous?.roles), roleIds(row.roles));
    if (previous) {
      await keepAnAdministrator(tx, collection, previous, { ...previous, ...row });
      // A suspended account's tokens die with the suspension and stay dead after reactivation.
      const activeField = collection.def.auth!.activeField;
      if (changed.includes(activeField) && !('tokenKey' in row)) row.tokenKey = newTokenKey();
    }
  };

  if (hooks.registry.get('roles'))
    hooks.on('roles', {
      beforeCreate: async ({ request, row }) => saveRole(request, row, null),
      beforeUpdate: async ({ request, changes, previous }) => saveRole(request, changes, previous),
      beforeDelete: async ({ request, record }) => {
        if (isAdministrator(record)) refuse('The Administrator role cannot be deleted.');
        if (notHeld(request, roleIds(record.permissions)).length)
          refuse('You cannot delete a role with permissions you do not hold.');
      },
    });
  for (const name of Object.keys(ACCOUNT_PERMISSION)) {
    if (!hooks.registry.get(name)) continue;
    hooks.on(name, {
      beforeCreate: async ({ tx, collection, request, row }) =>
        saveAccount(tx, collection, request, row, null),
      beforeUpdate: async ({ tx, collection, request, changes, previous }) =>
        saveAccount(tx, collection, request, changes, previous),
      beforeDelete: async ({ tx, collection, request, record }) => {
        await checkOutranked(tx, request, record);
        await keepAnAdministrator(tx, collection, record, null);
      },
    });
  }
}

function listed(permissions: string[]): string {
  return `${permissions.slice(0, 5).join(', ')}${permissions.length > 5 ? ', …' : ''}`;
}

/**
 * The reset-to-default-password action of an administrator: the same rules as changing the
 * password through the record, in the caller's transaction.
 */
export async function checkAccountReset(
  tx: Queryable,
  collection: Collection,
  target: Row,
  request: RequestInfo,
): Promise<void> {
  const self =
    request.auth?.collection.name === collection.name && request.auth.record.id === target.id;
  if (self) return;
  const missing = notHeld(request, await loadPermissions(tx, target));
  if (missing.length)
    refuse('You cannot change an account that holds permissions you do not hold.');
}
