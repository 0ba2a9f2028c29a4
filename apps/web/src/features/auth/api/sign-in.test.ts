// @vitest-environment node
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { signIn, SignInError } from './sign-in';

function failure(status: number, message = 'x') {
  return new ClientResponseError({ status, response: { status, message, data: {} } });
}

function mockAuth(outcomes: Record<string, () => Promise<unknown>>) {
  const calls: string[] = [];
  const original = pb.collection.bind(pb);
  vi.spyOn(pb, 'collection').mockImplementation((name: string) => {
    const service = original(name);
    vi.spyOn(service, 'authWithPassword').mockImplementation(() => {
      calls.push(name);
      return outcomes[name]() as never;
    });
    return service;
  });
  return calls;
}

async function reasonOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof SignInError ? error.reason : 'other';
  }
}

describe('sign in', () => {
  afterEach(() => vi.restoreAllMocks());

  it('signs in as an employee first', async () => {
    const calls = mockAuth({
      employees: async () => ({ token: 't' }),
      users: async () => ({ token: 't' }),
    });
    expect(await reasonOf(signIn('a@example.org', 'secret'))).toBe('ok');
    expect(calls).toEqual(['employees']);
  });

  it('tries users only when employees answered 400', async () => {
    const calls = mockAuth({
      employees: async () => Promise.reject(failure(400)),
      users: async () => ({ token: 't' }),
    });
    expect(await reasonOf(signIn('a@example.org', 'secret'))).toBe('ok');
    expect(calls).toEqual(['employees', 'users']);
  });

  it('reports one generic failure for a wrong identity or password', async () => {
    mockAuth({
      employees: async () => Promise.reject(failure(400)),
      users: async () => Promise.reject(failure(400)),
    });
    expect(await reasonOf(signIn('a@example.org', 'bad'))).toBe('failed');
  });

  it('reports an inactive account (403) without trying users', async () => {
    const calls = mockAuth({
      employees: async () => Promise.reject(failure(403, 'The account is not active.')),
      users: async () => ({ token: 't' }),
    });
    expect(await reasonOf(signIn('a@example.org', 'right'))).toBe('inactive');
    expect(calls).toEqual(['employees']);
  });

  it('reports an inactive user account', async () => {
    mockAuth({
      employees: async () => Promise.reject(failure(400)),
      users: async () => Promise.reject(failure(403, 'The account is not active.')),
    });
    expect(await reasonOf(signIn('a@example.org', 'right'))).toBe('inactive');
  });

  it('fails when the answer held no session (a body that could not be read)', async () => {
    // The SDK's answer for a 200 whose body it could not parse.
    const calls = mockAuth({ employees: async () => ({ token: '' }), users: async () => ({}) });
    expect(await reasonOf(signIn('a@example.org', 'right'))).toBe('failed');
    expect(calls).toEqual(['employees']);
  });

  it('does not try users after a server or network error', async () => {
    const calls = mockAuth({
      employees: async () => Promise.reject(failure(500)),
      users: async () => ({ token: 't' }),
    });
    expect(await reasonOf(signIn('a@example.org', 'x'))).toBe('failed');
    expect(calls).toEqual(['employees']);
  });
});
