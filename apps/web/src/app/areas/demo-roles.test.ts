import { DEMO_ROLES, type DemoRoleKey } from '@app/schema';
import { describe, expect, it } from 'vitest';
import type { AccessContext } from '@/lib/permissions';
import { AREAS } from './index';

/**
 * The screens each demo role (packages/schema, demo-roles.ts) must open to do its job, checked
 * against every route's access rule: a change of the catalogue or of a screen's rule that leaves
 * a demo person on the 403 page fails here. What they do on those screens, through the API:
 * apps/server/test/api/demo-personas.test.ts.
 */
const MUST_REACH: Record<DemoRoleKey, string[]> = {
  hr: [
    '/hr/employees',
    '/hr/employees/new',
    '/hr/employees/:id',
    '/hr/employees/:id/update',
    '/hr/members',
    '/hr/members/new',
    '/hr/volunteers',
    '/hr/volunteers/new',
    '/finance/payroll',
    '/finance/payroll/:id',
    '/finance/salaries/settings',
  ],
  finance: [
    '/finance/expenses',
    '/finance/grants',
    '/finance/vaults',
    '/finance/vaults/:id/statement',
    '/finance/payroll',
    '/finance/payroll/:id',
    '/finance/advances',
    '/finance/assets',
    '/finance/salary-report',
    '/projects',
    '/projects/:id',
  ],
  projects: [
    '/projects',
    '/projects/new',
    '/projects/:id',
    '/projects/:id/update',
    '/projects/:id/report',
    '/activities/:id',
  ],
  director: [
    '/projects',
    '/projects/:id',
    '/finance/expenses',
    '/finance/advances',
    '/finance/payroll',
    '/finance/payroll/:id',
    '/finance/vaults',
    '/finance/salary-report',
  ],
  web: ['/manage-website/topics', '/manage-website/topics/:id'],
  viewer: ['/projects', '/projects/:id', '/finance/vaults', '/finance/salary-report'],
};

const ROUTES = AREAS.flatMap((area) => area.routes);

/** The routes an account holding only this role may open. */
function reachable(role: DemoRoleKey): Set<string> {
  const ctx: Omit<AccessContext, 'params'> = {
    permissions: new Set(DEMO_ROLES[role].permissions),
    account: { id: 'demo', collection: 'employees' },
  };
  const open = new Set<string>();
  for (const route of ROUTES) {
    const params = Object.fromEntries(
      [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, 'x']),
    );
    if (!route.access || route.access({ ...ctx, params })) open.add(route.path);
  }
  return open;
}

describe('demo roles', () => {
  it.each(Object.keys(MUST_REACH) as DemoRoleKey[])('%s opens the screens of its job', (role) => {
    const known = new Set(ROUTES.map((r) => r.path));
    for (const path of MUST_REACH[role]) expect(known, `${path} is a route`).toContain(path);
    const open = reachable(role);
    expect(MUST_REACH[role].filter((path) => !open.has(path))).toEqual([]);
  });
});
