import { DEMO_ROLES, type DemoRole, type DemoRoleKey } from '@app/schema';
import type { Created, DemoSeed } from './demo-seed';

/** Roles for each kind of staff, and a board member who signs in on the default password. */
export async function seedSystemDemo({
  create,
  account,
  count,
  defaultPassword,
}: DemoSeed): Promise<void> {
  // The roles are declared in packages/schema (demo-roles.ts), where the tests read them too.
  const roles = {} as Record<DemoRoleKey, Created>;
  for (const [key, role] of Object.entries(DEMO_ROLES) as [DemoRoleKey, DemoRole][])
    roles[key] = await create('roles', { ...role, permissions: [...role.permissions] });

  await create('users', {
    name: 'Fatima Board',
    email: 'fatima@demo.org',
    emailVisibility: true,
    bio: 'Board treasurer; reviews the accounts each quarter.',
    status: 'ACTIVE',
    password: defaultPassword,
    passwordConfirm: defaultPassword,
    roles: [roles.viewer.id],
  });
  account({
    email: 'fatima@demo.org',
    password: defaultPassword,
    note: 'board user (Board viewer); must choose a new password at first sign-in',
  });
  count('roles', Object.keys(roles).length);
  count('user', 1);
}
