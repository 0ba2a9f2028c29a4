// @vitest-environment node
import type { AuthRecord } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { shareSession, type Channel, type OpenFlag, type ShareTarget } from './session-share';

/** Channels of one "browser": a message reaches every other channel, later (like the real one). */
function browser() {
  const channels = new Set<Channel>();
  const open = (): Channel => {
    const channel: Channel = {
      onmessage: null,
      postMessage: (data: unknown) => {
        for (const other of channels) {
          if (other !== channel) setTimeout(() => other.onmessage?.({ data } as MessageEvent), 1);
        }
      },
      close: () => channels.delete(channel),
    };
    channels.add(channel);
    return channel;
  };
  let isOpen = false;
  const flag: OpenFlag = { isSet: () => isOpen, set: (on) => void (isOpen = on) };
  return { open, flag };
}

/** A tab's auth store, as the sharing sees it. */
function tab(session: { token: string; record: AuthRecord } | null = null) {
  const state = { session, endedElsewhere: 0 };
  const target: ShareTarget = {
    current: () => state.session,
    adopt: (token, record) => (state.session = { token, record }),
    endedElsewhere: () => {
      state.endedElsewhere++;
      state.session = null;
    },
  };
  return { state, target };
}

const record = { id: 'e1', collectionName: 'employees' } as AuthRecord;

describe('sharing the session between tabs', () => {
  it('gives a new tab the session of an open tab, through the channel only', async () => {
    const b = browser();
    const first = tab({ token: 't1', record });
    shareSession(first.target, { channel: b.open(), flag: b.flag });
    expect(b.flag.isSet()).toBe(true);

    const second = tab();
    const share = shareSession(second.target, { channel: b.open(), flag: b.flag });
    expect(await share.ready).toBe(true);
    expect(second.state.session).toEqual({ token: 't1', record });
  });

  it('does not wait when no tab is signed in, and gives up when none answers', async () => {
    const b = browser();
    const lone = tab();
    expect(await shareSession(lone.target, { channel: b.open(), flag: b.flag }).ready).toBe(false);
    b.flag.set(true); // set by a tab that was closed since
    const started = Date.now();
    const late = shareSession(tab().target, { channel: b.open(), flag: b.flag, timeoutMs: 30 });
    expect(await late.ready).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('signing out in one tab ends the session in the others and clears the flag', async () => {
    const b = browser();
    const first = tab({ token: 't1', record });
    const second = tab({ token: 't1', record });
    const one = shareSession(first.target, { channel: b.open(), flag: b.flag });
    shareSession(second.target, { channel: b.open(), flag: b.flag });
    one.signedOut();
    await new Promise((r) => setTimeout(r, 10));
    expect(second.state.endedElsewhere).toBe(1);
    expect(second.state.session).toBeNull();
    expect(b.flag.isSet()).toBe(false);
  });

  it('ignores foreign messages and a tab that is signed in does not take another session', async () => {
    const b = browser();
    const mine = tab({ token: 'mine', record });
    shareSession(mine.target, { channel: b.open(), flag: b.flag });
    const other = b.open();
    other.postMessage({ type: 'session', token: 'theirs', record });
    other.postMessage('garbage');
    other.postMessage({ type: 'session', token: 42 });
    await new Promise((r) => setTimeout(r, 10));
    expect(mine.state.session?.token).toBe('mine');
  });
});
