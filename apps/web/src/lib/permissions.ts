import { ALL_PERMISSIONS, type CollectionDef, type Permission } from '@app/schema';

export type PermissionSet = ReadonlySet<Permission>;

export const NO_PERMISSIONS: PermissionSet = new Set<Permission>();

type RoleLike = { permissions?: unknown };

/** Keeps the catalogue keys of a role's `permissions` value, in catalogue order, without repeats. */
export function validPermissions(value: unknown): Permission[] {
  if (!Array.isArray(value)) return [];
  const given = new Set(value.filter((v): v is string => typeof v === 'string'));
  return ALL_PERMISSIONS.filter((p) => given.has(p));
}

/** Effective permissions: the union of the permissions of every role. */
export function permissionsOfRoles(roles: unknown): Set<Permission> {
  const result = new Set<Permission>();
  if (!Array.isArray(roles)) return result;
  for (const role of roles as RoleLike[]) {
    if (!role || typeof role !== 'object') continue;
    for (const p of validPermissions(role.permissions)) result.add(p);
  }
  return result;
}

/** Effective permissions of an auth record fetched with `expand: 'roles'`. */
export function permissionsOfRecord(record: { expand?: { roles?: unknown } } | null | undefined) {
  return permissionsOfRoles(record?.expand?.roles);
}

/** True when the set holds at least one of the permissions (none given: always true). */
export function hasAnyPermission(set: PermissionSet, required: readonly Permission[]): boolean {
  return required.length === 0 || required.some((p) => set.has(p));
}

/** True when the set holds every one of the permissions. */
export function hasAllPermissions(set: PermissionSet, required: readonly Permission[]): boolean {
  return required.every((p) => set.has(p));
}

/** How many catalogue permissions a role grants ("N Granted"). */
export function countGranted(value: unknown): number {
  return validPermissions(value).length;
}

export type AccountRef = { id: string; collection: 'employees' | 'users' };

/** What a route or a menu entry is checked against. */
export type AccessContext = {
  permissions: PermissionSet;
  account: AccountRef | null;
  params: Readonly<Record<string, string | undefined>>;
};

/** Decides whether the signed-in account may open a screen. */
export type AccessRule = (ctx: AccessContext) => boolean;

/** Any signed-in account. */
export const signedIn: AccessRule = (ctx) => ctx.account !== null;

/** Accounts holding at least one of the permissions. */
export function anyPermission(...required: Permission[]): AccessRule {
  return (ctx) => ctx.account !== null && hasAnyPermission(ctx.permissions, required);
}

/** An administrator: the account holds every permission of the catalogue. */
export const administrator: AccessRule = (ctx) =>
  ctx.account !== null && ALL_PERMISSIONS.every((p) => ctx.permissions.has(p));

/** The account's own record of `collection`, identified by the route parameter `param`. */
export function ownRecord(collection: AccountRef['collection'], param = 'id'): AccessRule {
  return (ctx) =>
    ctx.account !== null &&
    ctx.account.collection === collection &&
    ctx.params[param] !== undefined &&
    ctx.params[param] === ctx.account.id;
}

/** Passes when any of the rules passes. */
export function eitherRule(...rules: AccessRule[]): AccessRule {
  return (ctx) => rules.some((rule) => rule(ctx));
}

/** Nobody (an action the collection closes to the API). */
export const nobody: AccessRule = () => false;

/** The screens of a collection: its list, one record, the create and the update form. */
export type ScreenAction = 'list' | 'view' | 'create' | 'update';

// The own-record rule of an auth collection: an account may open its own record.
const SELF_RULE = 'id = @request.auth.id';

/**
 * Who may open a collection's screen, read from the collection's declared access: the action's
 * permission, and for the record screens of a sign-in collection whose own rule is "the account
 * itself", the account's own record (route parameter `param`). Other own rules (roles the account
 * holds, its own trail) let the API filter records; they do not open the screen.
 */
export function screenAccess(
  collection: Pick<CollectionDef, 'name' | 'type' | 'access'>,
  action: ScreenAction,
  param = 'id',
): AccessRule {
  const declared = collection.access[action];
  if (!declared) return nobody;
  const byPermission = declared.permission ? anyPermission(declared.permission) : signedIn;
  const self =
    (action === 'view' || action === 'update') &&
    collection.type === 'auth' &&
    declared.ownRule === SELF_RULE &&
    (collection.name === 'employees' || collection.name === 'users');
  return self
    ? eitherRule(byPermission, ownRecord(collection.name as AccountRef['collection'], param))
    : byPermission;
}
