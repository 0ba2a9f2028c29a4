/** Settings for {@link createFixedWindowLimiter}. */
export type FixedWindowOptions = {
  /** Requests allowed per key within one window. */
  maxRequests: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
  /** Tracked keys before the oldest windows are evicted (default 50 000). */
  maxKeys?: number;
};

/** Outcome of one request. */
export type RateLimitResult = {
  allowed: boolean;
  /** When denied, milliseconds until the key's window resets; 0 when allowed. */
  retryAfterMs: number;
};

/** A fixed-window rate limiter. */
export type FixedWindowLimiter = {
  /** Counts one request for `key` and says whether it is allowed. */
  hit(key: string): RateLimitResult;
  /** Number of keys currently tracked. */
  size(): number;
  /** Forgets one key, or every key. */
  reset(key?: string): void;
};

type Window = { start: number; count: number };

const DEFAULT_MAX_KEYS = 50_000;

/**
 * Creates a fixed-window limiter (§5.9): each key may make `maxRequests` requests per window;
 * a key's window starts at its first request and resets once `now - start >= windowMs`.
 * Denied requests don't count. Memory is bounded: expired windows are dropped whenever a new
 * window opens, and when `maxKeys` keys are tracked the oldest live windows are evicted too
 * (an evicted key simply starts a fresh window).
 */
export function createFixedWindowLimiter(options: FixedWindowOptions): FixedWindowLimiter {
  const { maxRequests, windowMs, now = Date.now, maxKeys = DEFAULT_MAX_KEYS } = options;
  if (!Number.isSafeInteger(maxRequests) || maxRequests < 1) {
    throw new RangeError('createFixedWindowLimiter: maxRequests must be a positive integer');
  }
  if (!Number.isFinite(windowMs) || windowMs <= 0) {
    throw new RangeError('createFixedWindowLimiter: windowMs must be positive');
  }
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
    throw new RangeError('createFixedWindowLimiter: maxKeys must be a positive integer');
  }

  // Insertion order = window start order, because a renewed window is re-inserted. So expired
  // windows sit at the front and eviction only ever looks at the head (amortised O(1)).
  const windows = new Map<string, Window>();

  function makeRoom(at: number): void {
    for (const [key, window] of windows) {
      if (at - window.start < windowMs && windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    hit(key) {
      const at = now();
      const current = windows.get(key);
      if (current && at - current.start < windowMs) {
        if (current.count >= maxRequests) {
          return { allowed: false, retryAfterMs: Math.max(0, current.start + windowMs - at) };
        }
        current.count++;
        return { allowed: true, retryAfterMs: 0 };
      }
      if (current) windows.delete(key);
      makeRoom(at);
      windows.set(key, { start: at, count: 1 });
      return { allowed: true, retryAfterMs: 0 };
    },
    size() {
      return windows.size;
    },
    reset(key) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
  };
}
