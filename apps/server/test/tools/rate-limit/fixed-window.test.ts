import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from '../../../src/tools/rate-limit/fixed-window';

function clock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

describe('createFixedWindowLimiter', () => {
  it('allows maxRequests per window, then denies until the window resets', () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({ maxRequests: 2, windowMs: 3000, now: time.now });
    expect(limiter.hit('ip')).toEqual({ allowed: true, retryAfterMs: 0 });
    time.advance(1000);
    expect(limiter.hit('ip')).toEqual({ allowed: true, retryAfterMs: 0 });
    time.advance(500);
    expect(limiter.hit('ip')).toEqual({ allowed: false, retryAfterMs: 1500 });
    time.advance(1499);
    expect(limiter.hit('ip')).toEqual({ allowed: false, retryAfterMs: 1 });
    // now - start >= windowMs: a fresh window.
    time.advance(1);
    expect(limiter.hit('ip')).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('is a fixed window, not a sliding one', () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({ maxRequests: 2, windowMs: 1000, now: time.now });
    limiter.hit('k');
    time.advance(900);
    limiter.hit('k');
    // Only 100 ms after the second request, yet the first window has ended.
    time.advance(100);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(false);
  });

  it('keeps keys apart', () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({ maxRequests: 1, windowMs: 1000, now: time.now });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('does not count denied requests', () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({ maxRequests: 1, windowMs: 1000, now: time.now });
    limiter.hit('k');
    for (let i = 0; i < 100; i++) limiter.hit('k');
    time.advance(1000);
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it.each<[string, number, number, number, boolean[]]>([
    ['PB *:auth 2/3s', 2, 3000, 1000, [true, true, false, true, true, false]],
    ['PB /api/batch 3/1s', 3, 1000, 200, [true, true, true, false, false, true]],
    ['1 per window, hits one window apart', 1, 500, 500, [true, true, true]],
  ])('%s', (_name, maxRequests, windowMs, step, expected) => {
    const time = clock();
    const limiter = createFixedWindowLimiter({ maxRequests, windowMs, now: time.now });
    const results = expected.map(() => {
      const { allowed } = limiter.hit('key');
      time.advance(step);
      return allowed;
    });
    expect(results).toEqual(expected);
  });

  it('drops expired windows as new ones open', () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({ maxRequests: 1, windowMs: 1000, now: time.now });
    for (let i = 0; i < 100; i++) limiter.hit(`ip-${i}`);
    expect(limiter.size()).toBe(100);
    time.advance(1000);
    limiter.hit('late');
    expect(limiter.size()).toBe(1);
  });

  it('never tracks more than maxKeys, evicting the oldest windows', () => {
    const time = clock();
    const limiter = createFixedWindowLimiter({
      maxRequests: 1,
      windowMs: 60_000,
      now: time.now,
      maxKeys: 10,
    });
    for (let i = 0; i < 25; i++) {
      limiter.hit(`ip-${i}`);
      time.advance(1);
    }
    expect(limiter.size()).toBe(10);
    // The newest keys are still limited; the oldest were forgotten.
    expect(limiter.hit('ip-24').allowed).toBe(false);
    expect(limiter.hit('ip-0').allowed).toBe(true);
  });

  it('stays bounded under many distinct keys with the default cap', () => {
    const limiter = createFixedWindowLimiter({ maxRequests: 5, windowMs: 60_000, now: () => 0 });
    for (let i = 0; i < 60_000; i++) limiter.hit(`k${i}`);
    expect(limiter.size()).toBe(50_000);
  });

  it('reset forgets one key or all', () => {
    const limiter = createFixedWindowLimiter({ maxRequests: 1, windowMs: 1000, now: () => 0 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.reset('a');
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(false);
    limiter.reset();
    expect(limiter.size()).toBe(0);
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('uses the real clock by default', () => {
    const limiter = createFixedWindowLimiter({ maxRequests: 1, windowMs: 60_000 });
    expect(limiter.hit('k').allowed).toBe(true);
    const denied = limiter.hit('k');
    expect(denied.allowed).toBe(false);
    expect(denied.retryAfterMs).toBeGreaterThan(59_000);
    expect(denied.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it.each([
    { maxRequests: 0, windowMs: 1000 },
    { maxRequests: 1.5, windowMs: 1000 },
    { maxRequests: 1, windowMs: 0 },
    { maxRequests: 1, windowMs: Number.NaN },
    { maxRequests: 1, windowMs: 1000, maxKeys: 0 },
  ])('rejects bad options %j', (options) => {
    expect(() => createFixedWindowLimiter(options)).toThrow(RangeError);
  });
});
