// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { permissionsOfRoles, type AccessContext } from '@/lib/permissions';
import { buildRoutes } from '../start/router';
import { AREAS } from './index';

const ctx = (
  perms: string[],
  account: AccessContext['account'] = { id: 'e1', collection: 'employees' },
  params: Record<string, string> = {},
): AccessContext => ({
  permissions: permissionsOfRoles([{ permissions: perms }]),
  account,
  params,
});

const routes = AREAS.flatMap((area) => area.routes.map((route) => ({ area: area.id, ...route })));
const byPath = (path: string) => routes.find((r) => r.path === path);

describe('area registry', () => {
  it('declares every route of the spec (§2), the settings screen and the vault statement, once, with its layout', () => {
    const blank = [
      '/auth',
      '/auth/login',
      '/auth/forgot-password',
      '/auth/confirm-password-reset/:token',
      '/projects/:id/report',
      '/projects/:id/finance/report',
    ];
    const crud = (base: string) => [base, `${base}/new`, `${base}/:id`, `${base}/:id/update`];
    const standard = [
      '/',
      '/activities/:id',
      '/activity-monitor',
      ...['all', 'finance', 'hr', 'projects', 'website'].map((s) => `/activity-monitor/${s}`),
      ...['advances', 'assets', 'expenses', 'grants', 'payroll', 'salary-report', 'vaults'].map(
        (s) => `/finance/${s}`,
      ),
      '/finance/salaries/settings',
      // A payroll run's payslips (issue 11), under the payroll screen.
      '/finance/payroll/:id',
      // A vault's statement (issue 9), under the vaults screen.
      '/finance/vaults/:id/statement',
      ...['employees', 'members', 'volunteers'].flatMap((s) => [
        ...crud(`/hr/${s}`),
        `/hr/${s}/settings`,
      ]),
      '/hr/members.old/new',
      '/manage-website/resources',
      '/manage-website/topics',
      '/manage-website/topics/:id',
      '/settings/organisation',
      '/settings/backups',
      '/settings/import',
      ...crud('/projects'),
      ...crud('/users'),
      '/users/roles',
      '/users/roles/new',
      '/users/roles/:role_id',
      '/users/roles/:role_id/update',
    ];
    const paths = routes.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
    expect(
      routes
        .filter((r) => r.layout === 'blank')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...blank].sort());
    expect(
      routes
        .filter((r) => r.layout === 'default')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...standard].sort());
  });

  it('gives the router every area route plus the 404 page', () => {
    const [root] = buildRoutes();
    const [blank, standard] = root.children ?? [];
    expect(blank.children?.map((r) => r.path)).toContain('/auth/login');
    const inner = standard.children?.[0].children ?? [];
    expect(inner.map((r) => r.path)).toContain('/hr/employees/:id/update');
    expect(inner.at(-1)?.path).toBe('*');
  });

  it('derives screen access from the collection declarations', () => {
    const open = (path: string, c: AccessContext) => byPath(path)?.access?.(c) ?? true;
    // employees: list needs employees.read; the own profile and its update are open to the account.
    expect(open('/hr/employees', ctx([]))).toBe(false);
    expect(open('/hr/employees', ctx(['employees.read']))).toBe(true);
    expect(open('/hr/employees/:id', ctx([], undefined, { id: 'e1' }))).toBe(true);
    expect(open('/hr/employees/:id', ctx([], undefined, { id: 'e2' }))).toBe(false);
    expect(open('/hr/employees/:id/update', ctx([], undefined, { id: 'e1' }))).toBe(true);
    expect(open('/hr/employees/new', ctx(['employees.read']))).toBe(false);
    expect(open('/hr/employees/new', ctx(['employees.create']))).toBe(true);
    // settings screens open with the option collections' read permission.
    for (const s of ['employees', 'members', 'volunteers']) {
      expect(open(`/hr/${s}/settings`, ctx(['hr_settings.read']))).toBe(true);
      expect(open(`/hr/${s}/settings`, ctx([`${s}.read`]))).toBe(false);
    }
    // roles: holding a role (the API's own rule) does not open the roles screens.
    expect(open('/users/roles/:role_id', ctx([], undefined, { role_id: 'e1' }))).toBe(false);
    expect(open('/users/roles/:role_id', ctx(['roles.read']))).toBe(true);
    // users: a user opens their own record, an employee does not open a user's record.
    const user = { id: 'u1', collection: 'users' as const };
    expect(open('/users/:id', ctx([], user, { id: 'u1' }))).toBe(true);
    expect(open('/users/:id', ctx([], undefined, { id: 'e1' }))).toBe(false);
    expect(open('/activity-monitor/hr', ctx(['activity_monitor.read']))).toBe(true);
    expect(open('/activity-monitor/hr', ctx([]))).toBe(false);
    expect(open('/', ctx([]))).toBe(true);
  });
});
