import { randomInt } from 'node:crypto';

/** Lower-case letters and digits: the alphabet of record ids and stored file name suffixes. */
export const ALPHABET_LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Upper- and lower-case letters and digits. */
export const ALPHABET_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Returns a cryptographically random string of `length` characters drawn from `alphabet`.
 *
 * Each character comes from `crypto.randomInt`, which rejects out-of-range samples, so every
 * character of the alphabet is equally likely (no modulo bias). The alphabet is read by code
 * point, so multi-unit characters count as one.
 */
export function randomString(length: number, alphabet: string): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`randomString: length must be a non-negative integer, got ${length}`);
  }
  const chars = Array.from(alphabet);
  if (chars.length === 0) {
    throw new RangeError('randomString: alphabet must not be empty');
  }
  let out = '';
  for (let i = 0; i < length; i++) {
    out += chars[randomInt(chars.length)];
  }
  return out;
}

/** A new record id: 15 characters of `[a-z0-9]`, PocketBase's autogenerate pattern. */
export function newRecordId(): string {
  return randomString(15, ALPHABET_LOWER_ALNUM);
}

/** A new per-record token key (part of the JWT signing key): 50 characters of `[a-zA-Z0-9]`. */
export function newTokenKey(): string {
  return randomString(50, ALPHABET_ALNUM);
}

/** A new realtime client id: 40 characters of `[A-Za-z0-9]`. */
export function newClientId(): string {
  return randomString(40, ALPHABET_ALNUM);
}
