// @vitest-environment node
import { ALL_PERMISSIONS } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { permissionsOfRoles, type AccessContext } from '@/lib/permissions';
import { NAV_MODULES, visibleLinks, visibleModules } from './navigation';

const ctx = (perms: string[]): AccessContext => ({
  permissions: permissionsOfRoles([{ permissions: perms }]),
  account: { id: 'e1', collection: 'employees' },
  params: {},
});

describe('navigation', () => {
  it('lists the modules in order', () => {
    expect(NAV_MODULES.map((m) => m.id)).toEqual([
      'hr',
      'projects',
      'finance',
      'website',
      'monitor',
      'users',
      'settings',
    ]);
  });

  it('shows Settings (organisation, backups) only to accounts holding settings.read', () => {
    expect(visibleModules(ctx(['settings.read'])).map((m) => m.id)).toEqual(['settings']);
    expect(visibleLinks(ctx(['settings.read'])).map((l) => l.to)).toEqual([
      '/settings/organisation',
      '/settings/backups',
    ]);
    expect(visibleModules(ctx(['settings.update', 'roles.read'])).map((m) => m.id)).not.toContain(
      'settings',
    );
  });

  it('shows nothing to an account without permissions', () => {
    expect(visibleModules(ctx([]))).toEqual([]);
    expect(visibleLinks(ctx([]))).toEqual([]);
  });

  it('shows only the links the account may open', () => {
    const modules = visibleModules(ctx(['roles.read', 'projects.read']));
    // Roles are listed once, under Users (not under HR too).
    expect(modules.map((m) => m.id)).toEqual(['projects', 'users']);
    const links = visibleLinks(ctx(['roles.read', 'projects.read'])).map((l) => l.to);
    expect(links).toEqual(['/projects', '/users/roles']);
  });

  it('lists every link once', () => {
    const all = NAV_MODULES.flatMap((m) => m.groups.flat().map((i) => i.to));
    expect(all.length).toBe(new Set(all).size);
    expect(all.filter((to) => to.startsWith('/users/roles'))).toEqual([
      '/users/roles',
      '/users/roles/new',
    ]);
    const users = NAV_MODULES.find((m) => m.id === 'users');
    expect(users?.groups.flat().map((i) => i.to)).toContain('/users/roles');
  });

  it('shows everything to an administrator, and the import to nobody else', () => {
    const all = NAV_MODULES.flatMap((m) => m.groups.flat().map((i) => i.to));
    const admin = ctx([...ALL_PERMISSIONS]);
    const almost = ctx(ALL_PERMISSIONS.filter((p) => p !== 'payroll.pay'));
    expect(visibleLinks(almost).map((l) => l.to)).not.toContain('/settings/import');
    expect(new Set(visibleLinks(admin).map((l) => l.to))).toEqual(new Set(all));
  });
});
