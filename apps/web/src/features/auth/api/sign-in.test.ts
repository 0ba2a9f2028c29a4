// @vitest-environment node
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { signIn, SignInError, SIGN_IN_PATH } from './sign-in';

function failure(status: number, message = 'x') {
  return new ClientResponseError({ status, response: { status, message, data: {} } });
}

/** Answers the sign-in request with `outcome`; returns the paths and bodies sent. */
function mockSend(outcome: () => Promise<unknown>) {
  const calls: { path: string; body: unknown; query: unknown }[] = [];
  vi.spyOn(pb, 'send').mockImplementation(((path: string, options: Record<string, unknown>) => {
    calls.push({ path, body: options.body, query: options.query });
    return outcome();
  }) as typeof pb.send);
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

const record = { id: 'abc123def456ghi', collectionName: 'users', email: 'a@example.org' };

describe('sign in', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    pb.authStore.clear();
  });

  it('signs in with one request, whichever collection holds the account', async () => {
    const calls = mockSend(async () => ({ token: 'tok', record }));
    expect(await reasonOf(signIn(' a@example.org ', 'secret'))).toBe('ok');
    expect(calls).toEqual([
      {
        path: SIGN_IN_PATH,
        body: { identity: 'a@example.org', password: 'secret' },
        query: { expand: 'roles' },
      },
    ]);
    expect(pb.authStore.token).toBe('tok');
    expect(pb.authStore.record?.collectionName).toBe('users');
  });

  it('reports one generic failure for a wrong identity or password', async () => {
    mockSend(async () => Promise.reject(failure(400)));
    expect(await reasonOf(signIn('a@example.org', 'bad'))).toBe('failed');
    expect(pb.authStore.token).toBe('');
  });

  it('reports an inactive account (403)', async () => {
    mockSend(async () => Promise.reject(failure(403, 'The account is not active.')));
    expect(await reasonOf(signIn('a@example.org', 'right'))).toBe('inactive');
  });

  it('fails when the answer held no session (a body that could not be read)', async () => {
    mockSend(async () => ({ token: '' }));
    expect(await reasonOf(signIn('a@example.org', 'right'))).toBe('failed');
    expect(pb.authStore.token).toBe('');
  });

  it('answers the second step after a correct password when the account must use two factors', async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.spyOn(pb, 'send').mockImplementation(((path: string, options: Record<string, unknown>) => {
      calls.push({ path, body: options.body });
      if (path === SIGN_IN_PATH)
        return Promise.reject(
          new ClientResponseError({ status: 401, response: { mfaId: 'mfa123abc456def' } }),
        );
      return Promise.resolve({ collectionName: 'employees', totp: true, otp: false, enrol: false });
    }) as typeof pb.send);
    expect(await signIn(' a@example.org ', 'right')).toEqual({
      mfaId: 'mfa123abc456def',
      identity: 'a@example.org',
      collectionName: 'employees',
      totp: true,
      otp: false,
      enrol: false,
    });
    expect(calls[1]).toEqual({ path: '/api/sign-in/mfa', body: { mfaId: 'mfa123abc456def' } });
    // One factor holds no session.
    expect(pb.authStore.token).toBe('');
  });

  it('treats a 401 without an mfaId as a failure', async () => {
    mockSend(async () => Promise.reject(failure(401)));
    expect(await reasonOf(signIn('a@example.org', 'x'))).toBe('failed');
  });

  it('fails after a server or network error', async () => {
    mockSend(async () => Promise.reject(failure(500)));
    expect(await reasonOf(signIn('a@example.org', 'x'))).toBe('failed');
  });
});
