import { describe, expect, it } from 'vitest';
import {
  newClientId,
  newRecordId,
  newTokenKey,
  randomString,
} from '../../../src/tools/security/random';

describe('randomString', () => {
  it('uses only the alphabet and the requested length', () => {
    const value = randomString(200, 'ab');
    expect(value).toHaveLength(200);
    expect(value).toMatch(/^[ab]+$/);
  });

  it('returns an empty string for length 0', () => {
    expect(randomString(0, 'abc')).toBe('');
  });

  it('treats multi-unit characters as one', () => {
    expect(Array.from(randomString(10, '😀'))).toEqual(Array(10).fill('😀'));
  });

  it('is roughly uniform', () => {
    const counts = new Map<string, number>();
    for (const char of randomString(30_000, 'abc')) counts.set(char, (counts.get(char) ?? 0) + 1);
    for (const char of 'abc') {
      expect(counts.get(char)).toBeGreaterThan(9_000);
      expect(counts.get(char)).toBeLessThan(11_000);
    }
  });

  it.each([
    [-1, 'abc'],
    [1.5, 'abc'],
    [Number.NaN, 'abc'],
    [3, ''],
  ])('rejects length %s with alphabet %j', (length, alphabet) => {
    expect(() => randomString(length, alphabet)).toThrow(RangeError);
  });
});

describe('id generators', () => {
  it.each([
    ['newRecordId', newRecordId, /^[a-z0-9]{15}$/],
    ['newTokenKey', newTokenKey, /^[a-zA-Z0-9]{50}$/],
    ['newClientId', newClientId, /^[A-Za-z0-9]{40}$/],
  ])('%s matches its pattern and does not repeat', (_name, generate, pattern) => {
    const values = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const value = generate();
      expect(value).toMatch(pattern);
      values.add(value);
    }
    expect(values.size).toBe(200);
  });
});
