// @vitest-environment node
import { ALL_PERMISSIONS } from '@app/schema';
import { describe, expect, it } from 'vitest';
import {
  anyPermission,
  countGranted,
  eitherRule,
  hasAllPermissions,
  hasAnyPermission,
  ownRecord,
  permissionsOfRecord,
  permissionsOfRoles,
  screenAccess,
  signedIn,
  validPermissions,
  type AccessContext,
} from './permissions';

const ctx = (
  perms: string[],
  account: AccessContext['account'] = { id: 'u1', collection: 'users' },
  params = {},
) =>
  ({ permissions: permissionsOfRoles([{ permissions: perms }]), account, params }) as AccessContext;

describe('permissions', () => {
  it('unions the permissions of every role, ignoring unknown keys', () => {
    const set = permissionsOfRoles([
      { permissions: ['users.read', 'roles.read'] },
      { permissions: ['roles.read', 'roles.create', 'bogus.key', 42] },
      null,
      { title: 'no permissions field' },
    ]);
    expect([...set].sort()).toEqual(['roles.create', 'roles.read', 'users.read']);
  });

  it('reads the roles expanded on the auth record', () => {
    expect(
      permissionsOfRecord({ expand: { roles: [{ permissions: ['projects.read'] }] } }),
    ).toEqual(new Set(['projects.read']));
    expect(permissionsOfRecord(null).size).toBe(0);
    expect(permissionsOfRecord({}).size).toBe(0);
  });

  it('checks any / all', () => {
    const set = permissionsOfRoles([{ permissions: ['users.read'] }]);
    expect(hasAnyPermission(set, ['users.read', 'roles.read'])).toBe(true);
    expect(hasAnyPermission(set, ['roles.read'])).toBe(false);
    expect(hasAnyPermission(set, [])).toBe(true);
    expect(hasAllPermissions(set, ['users.read', 'roles.read'])).toBe(false);
  });

  it('counts granted permissions of the catalogue only, once each', () => {
    expect(countGranted(['users.read', 'users.read', 'nope'])).toBe(1);
    expect(countGranted(undefined)).toBe(0);
    expect(countGranted(ALL_PERMISSIONS)).toBe(ALL_PERMISSIONS.length);
    expect(validPermissions(['roles.read', 'users.read'])).toEqual(['users.read', 'roles.read']);
  });

  it('evaluates access rules', () => {
    expect(signedIn(ctx([]))).toBe(true);
    expect(signedIn(ctx([], null))).toBe(false);
    expect(anyPermission('users.read')(ctx(['users.read']))).toBe(true);
    expect(anyPermission('users.read')(ctx([]))).toBe(false);
    expect(anyPermission('users.read')(ctx(['users.read'], null))).toBe(false);

    const own = ownRecord('users');
    expect(own(ctx([], { id: 'u1', collection: 'users' }, { id: 'u1' }))).toBe(true);
    expect(own(ctx([], { id: 'u1', collection: 'users' }, { id: 'u2' }))).toBe(false);
    expect(own(ctx([], { id: 'u1', collection: 'employees' }, { id: 'u1' }))).toBe(false);

    const viewUser = eitherRule(anyPermission('users.read'), own);
    expect(viewUser(ctx([], { id: 'u1', collection: 'users' }, { id: 'u1' }))).toBe(true);
    expect(viewUser(ctx(['users.read'], { id: 'u1', collection: 'users' }, { id: 'u9' }))).toBe(
      true,
    );
    expect(viewUser(ctx([], { id: 'u1', collection: 'users' }, { id: 'u9' }))).toBe(false);
  });
});

describe('screen access from a collection declaration', () => {
  const perm = (permission: string) => ({ permission }) as never;
  const self = { type: 'auth' as const, name: 'users' };
  const decl = {
    ...self,
    access: {
      list: { permission: 'users.read', ownRule: 'id = @request.auth.id' },
      view: { permission: 'users.read', ownRule: 'id = @request.auth.id' },
      create: perm('users.create'),
      update: { permission: 'users.update', ownRule: 'id = @request.auth.id' },
      delete: null,
    },
  } as Parameters<typeof screenAccess>[0];

  it('opens a screen with the action permission', () => {
    expect(screenAccess(decl, 'create')(ctx(['users.create']))).toBe(true);
    expect(screenAccess(decl, 'create')(ctx(['users.read']))).toBe(false);
    expect(screenAccess(decl, 'create')(ctx(['users.create'], null))).toBe(false);
  });

  it('opens the record screens of the account itself, not its list', () => {
    expect(screenAccess(decl, 'view')(ctx([], undefined, { id: 'u1' }))).toBe(true);
    expect(screenAccess(decl, 'update')(ctx([], undefined, { id: 'u1' }))).toBe(true);
    expect(screenAccess(decl, 'update')(ctx([], undefined, { id: 'u2' }))).toBe(false);
    expect(screenAccess(decl, 'list')(ctx([]))).toBe(false);
  });

  it('closes an action the collection closes', () => {
    const closed = { ...decl, access: { ...decl.access, create: null } };
    expect(screenAccess(closed, 'create')(ctx(['users.create']))).toBe(false);
  });

  it('ignores own rules that filter records without naming the account', () => {
    const base = { ...decl, type: 'base' as const };
    expect(screenAccess(base, 'view')(ctx([], undefined, { id: 'u1' }))).toBe(false);
  });
});
