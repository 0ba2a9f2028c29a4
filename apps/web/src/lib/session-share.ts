/**
 * One browser, one session: a tab opened while another tab of the same browser is signed in takes
 * that tab's session, and signing out in one tab signs out all of them. Each tab keeps its own
 * copy in sessionStorage (`authenticated-user-data`); the token travels only over a same-origin
 * BroadcastChannel, never through localStorage. A session cookie holds only a flag saying that
 * some tab is signed in, so a new tab asks (and waits for an answer) only when one may answer.
 */
import type { AuthRecord } from 'pocketbase';

export const SESSION_CHANNEL = 'back-office-session';
/** "Some tab is signed in" (no token): set on sign-in, removed on sign-out. */
export const SESSION_OPEN_FLAG = 'back-office-session-open';
/** How long a new tab waits for an open tab to answer. */
export const ASK_TIMEOUT_MS = 400;

type Message =
  { type: 'ask' } | { type: 'session'; token: string; record: AuthRecord } | { type: 'signed-out' };

/** What the sharing needs of the auth store and of the app. */
export type ShareTarget = {
  /** The session this tab holds (valid token and record), or null. */
  current(): { token: string; record: AuthRecord } | null;
  /** Takes a session from another tab. */
  adopt(token: string, record: AuthRecord): void;
  /** Another tab signed out. */
  endedElsewhere(): void;
};

export type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

function isMessage(value: unknown): value is Message {
  if (!value || typeof value !== 'object' || !('type' in value)) return false;
  if (value.type === 'ask' || value.type === 'signed-out') return true;
  return value.type === 'session' && 'token' in value && typeof value.token === 'string';
}

/** "Some tab of this browser is signed in", and where that is kept. */
export type OpenFlag = { isSet(): boolean; set(on: boolean): void };

const FLAG_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_OPEN_FLAG}=1(?:;|$)`);

/**
 * The flag is a cookie. The server reads it and sends the app (index.html) instead of the guest
 * pages (guest.html), since a browser with a session open goes to the app (plugins/web.ts); the
 * guest page sets it once signed in, before opening the app (app/guest/); a new tab reads it to
 * know whether to ask. It carries nothing but "1", and ends with the browser's session, as the
 * tabs' sessions do (sessionStorage): after the browser was closed without signing out, nobody
 * waits for an answer from tabs that are gone. (It was kept in localStorage once, which outlived
 * them: a new tab then waited 400 ms for nothing.)
 */
export const cookieFlag: OpenFlag = {
  isSet: () => typeof document !== 'undefined' && FLAG_COOKIE.test(document.cookie),
  set: (on) => {
    if (typeof document === 'undefined') return;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    const end = on ? '' : '; Max-Age=0';
    document.cookie = `${SESSION_OPEN_FLAG}=${on ? '1' : ''}; Path=/; SameSite=Strict${end}${secure}`;
  },
};

/** Drops the flag earlier versions kept in localStorage (it could only mislead now). */
function forgetStoredFlag(): void {
  try {
    if (typeof window !== 'undefined') window.localStorage.removeItem(SESSION_OPEN_FLAG);
  } catch {
    // No storage: nothing was kept there.
  }
}

function defaultChannel(): Channel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
}

export type SessionShare = {
  /** Resolves once a session was taken from another tab (true) or none answered (false). */
  ready: Promise<boolean>;
  /** Call after signing in: answers other tabs from now on. */
  signedIn(): void;
  /** Call after signing out on purpose: ends the session in the other tabs too. */
  signedOut(): void;
  stop(): void;
};

/**
 * Starts sharing: answers other tabs' questions with this tab's session, follows their
 * sign-outs, and, when this tab has no session and some tab is signed in, asks for it.
 */
export function shareSession(
  target: ShareTarget,
  {
    channel = defaultChannel(),
    flag = cookieFlag,
    timeoutMs = ASK_TIMEOUT_MS,
  }: { channel?: Channel | null; flag?: OpenFlag; timeoutMs?: number } = {},
): SessionShare {
  forgetStoredFlag();
  if (!channel) {
    return {
      ready: Promise.resolve(false),
      signedIn: () => {},
      signedOut: () => {},
      stop: () => {},
    };
  }

  let answer: ((taken: boolean) => void) | null = null;
  channel.onmessage = (event) => {
    const message: unknown = event.data;
    if (!isMessage(message)) return;
    if (message.type === 'ask') {
      const session = target.current();
      if (session) channel.postMessage({ type: 'session', ...session } satisfies Message);
    } else if (message.type === 'session') {
      if (answer && !target.current()) {
        target.adopt(message.token, message.record);
        answer(true);
      }
    } else {
      target.endedElsewhere();
    }
  };

  let ready: Promise<boolean>;
  if (target.current()) {
    flag.set(true);
    ready = Promise.resolve(false);
  } else if (flag.isSet()) {
    ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (taken: boolean) => {
        clearTimeout(timer);
        answer = null;
        resolve(taken);
      };
      answer = done;
      channel.postMessage({ type: 'ask' } satisfies Message);
    });
  } else {
    ready = Promise.resolve(false);
  }

  return {
    ready,
    signedIn: () => flag.set(true),
    signedOut: () => {
      flag.set(false);
      channel.postMessage({ type: 'signed-out' } satisfies Message);
    },
    stop: () => {
      channel.onmessage = null;
      channel.close();
    },
  };
}
