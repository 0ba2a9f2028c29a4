import { afterEach, describe, expect, it } from 'vitest';
import { pb } from './pocketbase';
import type { Permission } from '@app/schema';
import { getSession, sameSession, type Account } from './session';

/** An employee's auth record as the server sends it with `expand: 'roles'`. */
function record(overrides: Record<string, unknown> = {}, permissions = ['employees.read']) {
  return {
    id: 'emp1',
    collectionId: 'c1',
    collectionName: 'employees',
    name: 'Amal Haddad',
    email: 'amal@example.org',
    avatar: '',
    mustChangePassword: false,
    expand: { roles: [{ id: 'r1', permissions }] },
    ...overrides,
  };
}

afterEach(() => pb.authStore.clear());

describe('the session snapshot', () => {
  it('stays the same object when only the token is renewed', () => {
    pb.authStore.save('token-1', record());
    const before = getSession();
    expect(before.status).toBe('authenticated');
    pb.authStore.save('token-2', record());
    expect(getSession()).toBe(before);
  });

  it('changes when what the screens see changes: permissions, name, forced password change', () => {
    pb.authStore.save('token-1', record());
    const first = getSession();
    pb.authStore.save('token-1', record({}, ['employees.read', 'employees.update']));
    const second = getSession();
    expect(second).not.toBe(first);
    expect(
      second.status === 'authenticated' && second.account.permissions.has('employees.update'),
    ).toBe(true);
    pb.authStore.save(
      'token-1',
      record({ name: 'Amal H.' }, ['employees.read', 'employees.update']),
    );
    expect(getSession()).not.toBe(second);
    const third = getSession();
    pb.authStore.save(
      'token-1',
      record({ name: 'Amal H.', mustChangePassword: true }, ['employees.read', 'employees.update']),
    );
    expect(getSession()).not.toBe(third);
  });

  it('becomes the guest when the store is cleared', () => {
    pb.authStore.save('token-1', record());
    pb.authStore.clear();
    expect(getSession()).toEqual({ status: 'guest' });
  });
});

describe('sameSession', () => {
  const account: Account = {
    id: 'a',
    collection: 'users',
    name: 'N',
    email: 'e@x.org',
    avatarUrl: null,
    mustChangePassword: false,
    permissions: new Set<Permission>(['users.read']),
  };
  const session = (changes: Partial<Account> = {}) => ({
    status: 'authenticated' as const,
    account: { ...account, ...changes },
  });

  it('compares every field the screens use', () => {
    expect(sameSession(session(), session())).toBe(true);
    expect(sameSession(session(), session({ id: 'b' }))).toBe(false);
    expect(sameSession(session(), session({ email: 'f@x.org' }))).toBe(false);
    expect(sameSession(session(), session({ avatarUrl: '/a.png' }))).toBe(false);
    expect(sameSession(session(), session({ permissions: new Set() }))).toBe(false);
    expect(
      sameSession(session(), session({ permissions: new Set<Permission>(['users.update']) })),
    ).toBe(false);
    expect(sameSession(session(), { status: 'guest' })).toBe(false);
    expect(sameSession({ status: 'guest' }, { status: 'guest' })).toBe(true);
  });
});
