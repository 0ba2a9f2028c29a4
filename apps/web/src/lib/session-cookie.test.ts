import type { AuthRecord } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { SESSION_OPEN_FLAG, shareSession, type Channel, type ShareTarget } from './session-share';

const channel = (): Channel => ({ onmessage: null, postMessage: () => {}, close: () => {} });

function tab(session: { token: string; record: AuthRecord } | null): ShareTarget {
  return { current: () => session, adopt: () => {}, endedElsewhere: () => {} };
}

const cookieSet = () => document.cookie.split('; ').includes(`${SESSION_OPEN_FLAG}=1`);

describe('the "session open" cookie the server reads', () => {
  it('is set on signing in and while a signed-in tab runs, and cleared on signing out', () => {
    const signedOut = shareSession(tab(null), { channel: channel() });
    expect(cookieSet()).toBe(false);
    signedOut.signedIn();
    expect(cookieSet()).toBe(true);
    signedOut.signedOut();
    expect(cookieSet()).toBe(false);

    const record = { id: 'e1', collectionName: 'employees' } as AuthRecord;
    shareSession(tab({ token: 't', record }), { channel: channel() });
    expect(cookieSet()).toBe(true);
    // It says only that a session is open: nothing of the token or the account (the app's
    // other cookie, the interface language, may sit beside it).
    expect(
      document.cookie.split('; ').filter((c) => c.startsWith(`${SESSION_OPEN_FLAG}=`)),
    ).toEqual([`${SESSION_OPEN_FLAG}=1`]);
    expect(document.cookie).not.toMatch(/e1|employees|=t(;|$)/);
  });

  it('is what a new tab reads: with it the tab asks, without it the tab does not wait', async () => {
    const record = { id: 'e1', collectionName: 'employees' } as AuthRecord;
    const asked: unknown[] = [];
    const listening = (): Channel => ({
      onmessage: null,
      postMessage: (data) => void asked.push(data),
      close: () => {},
    });
    shareSession(tab({ token: 't', record }), { channel: channel() });
    const withCookie = shareSession(tab(null), { channel: listening(), timeoutMs: 20 });
    expect(asked).toEqual([{ type: 'ask' }]);
    expect(await withCookie.ready).toBe(false);

    // The browser closed: its session cookies went with its tabs.
    document.cookie = `${SESSION_OPEN_FLAG}=; Path=/; Max-Age=0`;
    asked.length = 0;
    const started = Date.now();
    expect(await shareSession(tab(null), { channel: listening() }).ready).toBe(false);
    expect(asked).toEqual([]);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('replaces the flag earlier versions kept in localStorage', () => {
    localStorage.setItem(SESSION_OPEN_FLAG, '1');
    shareSession(tab(null), { channel: channel() });
    expect(localStorage.getItem(SESSION_OPEN_FLAG)).toBeNull();
  });
});
