import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from './pocketbase';
import type { Permission } from '@app/schema';
import { getSession, refreshSession, sameSession, type Account } from './session';

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

afterEach(() => {
  pb.authStore.clear();
  vi.unstubAllGlobals();
});

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

describe('refreshSession', () => {
  /** The server's answer to auth-refresh, through the real SDK. */
  function answerWith(response: () => Response) {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response());
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  const json = { 'Content-Type': 'application/json' };

  it('takes the renewed token and the re-read record', async () => {
    pb.authStore.save('token-1', record());
    const fetch = answerWith(
      () =>
        new Response(
          JSON.stringify({ token: 'token-2', record: record({}, ['employees.update']) }),
          { status: 200, headers: json },
        ),
    );
    await refreshSession();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/collections/employees/auth-refresh');
    expect(pb.authStore.token).toBe('token-2');
    const session = getSession();
    expect(
      session.status === 'authenticated' && session.account.permissions.has('employees.update'),
    ).toBe(true);
  });

  it('keeps the session when a 200 answer cannot be read', async () => {
    pb.authStore.save('token-1', record());
    // Cut off mid-way, as by a busy server or a dropped line.
    answerWith(() => new Response('{"token":"tok', { status: 200, headers: json }));
    await refreshSession();
    expect(pb.authStore.token).toBe('token-1');
    expect(getSession().status).toBe('authenticated');

    // The stream itself breaks off.
    answerWith(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"token":"tok'));
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 200, headers: json },
        ),
    );
    await refreshSession();
    expect(pb.authStore.token).toBe('token-1');
    expect(getSession().status).toBe('authenticated');
  });

  it('keeps the session on a network failure, ends it when the token is refused', async () => {
    pb.authStore.save('token-1', record());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await refreshSession();
    expect(getSession().status).toBe('authenticated');

    answerWith(
      () =>
        new Response(JSON.stringify({ status: 401, message: 'x', data: {} }), {
          status: 401,
          headers: json,
        }),
    );
    await refreshSession();
    expect(getSession()).toEqual({ status: 'guest' });
  });
});
