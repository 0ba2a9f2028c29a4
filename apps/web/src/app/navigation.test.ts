// @vitest-environment node
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

  it('shows Settings (backups) only to accounts holding settings.read', () => {
    expect(visibleModules(ctx(['settings.read'])).map((m) => m.id)).toEqual(['settings']);
    expect(visibleLinks(ctx(['settings.read'])).map((l) => l.to)).toEqual(['/settings/backups']);
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
    expect(modules.map((m) => m.id)).toEqual(['hr', 'projects', 'users']);
    const links = visibleLinks(ctx(['roles.read', 'projects.read'])).map((l) => l.to);
    expect(links).toEqual(['/users/roles', '/projects']);
  });

  it('shows everything to an administrator', () => {
    const all = NAV_MODULES.flatMap((m) => m.groups.flat().map((i) => i.to));
    const admin = ctx(
      Array.from(
        new Set(
          [
            'employees',
            'members',
            'volunteers',
            'hr_settings',
            'roles',
            'projects',
            'assets',
            'grants',
            'expenses',
            'vaults',
            'payroll',
            'salary_report',
            'advances',
            'salary_setting',
            'topics',
            'resources',
            'activity_monitor',
            'users',
            'settings',
          ].flatMap((g) => [`${g}.read`, `${g}.create`]),
        ),
      ),
    );
    expect(new Set(visibleLinks(admin).map((l) => l.to))).toEqual(new Set(all));
  });
});
