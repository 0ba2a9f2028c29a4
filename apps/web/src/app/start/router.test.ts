import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS } from '@/lib/permissions';
import type { Account, Session } from '@/lib/session';
import { startWhereTheGuardSends } from './router';

let session: Session = { status: 'guest' };
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  getSession: () => session,
}));

const account = (mustChangePassword = false): Account => ({
  id: 'e1',
  collection: 'employees',
  name: 'A',
  email: 'a@example.org',
  avatarUrl: null,
  mustChangePassword,
  permissions: NO_PERMISSIONS,
});

/** Where the app starts for `session` at `path` (its `?redirect=` naming where to go next). */
function startAt(path: string): string {
  window.history.replaceState(null, '', path);
  startWhereTheGuardSends();
  return `${window.location.pathname}${window.location.search}`;
}

describe('where the app starts', () => {
  afterEach(() => {
    session = { status: 'guest' };
  });

  it('sends a signed-in account from the sign-in page where the guard would, before routing', () => {
    session = { status: 'authenticated', account: account() };
    expect(startAt('/auth/login')).toBe('/');
    expect(startAt('/auth/login?redirect=/hr/employees%3Fpage%3D2')).toBe('/hr/employees?page=2');
    // A logged-out page, or another site, is never where it goes back to.
    expect(startAt('/auth/login?redirect=/auth/register')).toBe('/');
    expect(startAt('/auth/login?redirect=//evil.example/x')).toBe('/');
    expect(startAt('/auth/forgot-password')).toBe('/');
    // The forced password change is shown at the home page.
    session = { status: 'authenticated', account: account(true) };
    expect(startAt('/auth/login')).toBe('/');
  });

  it('leaves every other start alone', () => {
    session = { status: 'authenticated', account: account() };
    expect(startAt('/hr/employees')).toBe('/hr/employees');
    session = { status: 'guest' };
    expect(startAt('/auth/login')).toBe('/auth/login');
    expect(startAt('/hr/employees')).toBe('/hr/employees');
  });
});
