/**
 * One browser, one session: a tab opened while another tab of the same browser is signed in takes
 * that tab's session, and signing out in one tab signs out all of them. Each tab keeps its own
 * copy in sessionStorage (`authenticated-user-data`); the token travels only over a same-origin
 * BroadcastChannel, never through localStorage. localStorage holds only a flag saying that some
 * tab is signed in, so a new tab asks (and waits for an answer) only when one may answer.
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

function flagStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The flag as a cookie too, for the server, which then sends the page without the sign-in form's
 * markup: a browser with a session open goes to the app, not to the form (plugins/web.ts), and for
 * the early script, which then leaves the form hidden (public/sign-in-early.js). It carries
 * nothing but "1", and ends with the browser's session, as the tabs' sessions do (sessionStorage):
 * a person who closed the browser without signing out gets the early form the next day, where the
 * flag in localStorage would have stayed.
 */
function setFlagCookie(on: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const end = on ? '' : '; Max-Age=0';
  document.cookie = `${SESSION_OPEN_FLAG}=${on ? '1' : ''}; Path=/; SameSite=Strict${end}${secure}`;
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
    flags = flagStorage(),
    timeoutMs = ASK_TIMEOUT_MS,
  }: { channel?: Channel | null; flags?: Storage; timeoutMs?: number } = {},
): SessionShare {
  const setFlag = (on: boolean) => {
    setFlagCookie(on);
    try {
      if (on) flags?.setItem(SESSION_OPEN_FLAG, '1');
      else flags?.removeItem(SESSION_OPEN_FLAG);
    } catch {
      // Without the flag a new tab simply does not ask.
    }
  };
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
    setFlag(true);
    ready = Promise.resolve(false);
  } else if (flags?.getItem(SESSION_OPEN_FLAG) === '1') {
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
    signedIn: () => setFlag(true),
    signedOut: () => {
      setFlag(false);
      channel.postMessage({ type: 'signed-out' } satisfies Message);
    },
    stop: () => {
      channel.onmessage = null;
      channel.close();
    },
  };
}
