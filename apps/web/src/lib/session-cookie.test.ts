import type { AuthRecord } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { SESSION_OPEN_FLAG, shareSession, type Channel, type ShareTarget } from './session-share';

const channel = (): Channel => ({ onmessage: null, postMessage: () => {}, close: () => {} });
const noFlags = {
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
} as unknown as Storage;

function tab(session: { token: string; record: AuthRecord } | null): ShareTarget {
  return { current: () => session, adopt: () => {}, endedElsewhere: () => {} };
}

const cookieSet = () => document.cookie.split('; ').includes(`${SESSION_OPEN_FLAG}=1`);

describe('the "session open" cookie the server reads', () => {
  it('is set on signing in and while a signed-in tab runs, and cleared on signing out', () => {
    const signedOut = shareSession(tab(null), { channel: channel(), flags: noFlags });
    expect(cookieSet()).toBe(false);
    signedOut.signedIn();
    expect(cookieSet()).toBe(true);
    signedOut.signedOut();
    expect(cookieSet()).toBe(false);

    const record = { id: 'e1', collectionName: 'employees' } as AuthRecord;
    shareSession(tab({ token: 't', record }), { channel: channel(), flags: noFlags });
    expect(cookieSet()).toBe(true);
    // It says only that a session is open: nothing of the token or the account.
    expect(document.cookie).toBe(`${SESSION_OPEN_FLAG}=1`);
  });
});
