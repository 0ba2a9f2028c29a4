import { createHmac, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodeJwtUnverified, signJwt, verifyJwt } from '../../../src/tools/security/jwt';

const KEY = 'tokenKeyOfTheRecord' + 'collectionSecret';
const NOW = 1_700_000_000;

const b64 = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Builds a token with an arbitrary header, correctly signed with `key`. */
function forge(header: unknown, payload: unknown, key = KEY): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const payload = { id: 'abc123def456ghi', type: 'auth', collectionId: 'pbc_1', exp: NOW + 60 };

describe('signJwt / verifyJwt', () => {
  it('round-trips a payload', async () => {
    const token = await signJwt(payload, KEY);
    expect(token.split('.')).toHaveLength(3);
    expect(await verifyJwt(token, KEY, NOW)).toEqual(payload);
  });

  it('emits the PocketBase header exactly', async () => {
    const [header] = (await signJwt(payload, KEY)).split('.');
    expect(Buffer.from(header, 'base64url').toString()).toBe('{"alg":"HS256","typ":"JWT"}');
  });

  it('matches an independently computed HS256 signature', async () => {
    expect(await signJwt(payload, KEY)).toBe(forge({ alg: 'HS256', typ: 'JWT' }, payload));
  });

  it('uses the real clock by default', async () => {
    const exp = Math.floor(Date.now() / 1000);
    expect(await verifyJwt(await signJwt({ exp: exp + 100 }, KEY), KEY)).not.toBeNull();
    expect(await verifyJwt(await signJwt({ exp: exp - 1 }, KEY), KEY)).toBeNull();
  });

  it('refuses to sign with an empty key', async () => {
    await expect(signJwt(payload, '')).rejects.toThrow();
  });

  it('accepts a token without exp (as golang-jwt does)', async () => {
    expect(await verifyJwt(await signJwt({ id: 'x' }, KEY), KEY, NOW)).toEqual({ id: 'x' });
  });

  const good = forge({ alg: 'HS256', typ: 'JWT' }, payload);
  const [h, p, s] = good.split('.');
  it('accepts a token signed by another HS256 implementation (tokens issued before jose)', async () => {
    expect(await verifyJwt(good, KEY, NOW)).toEqual(payload);
  });

  it('rejects a real RS256 token and one whose header says RS256 but is HMAC-signed with the key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs256 = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .sign(privateKey);
    expect(await verifyJwt(rs256, KEY, NOW)).toBeNull();
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const confused = forge({ alg: 'RS256', typ: 'JWT' }, payload, publicPem);
    expect(await verifyJwt(confused, publicPem, NOW)).toBeNull();
  });

  const flip = (value: string, at: number): string =>
    value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1);

  it.each<[string, string, string?, number?]>([
    ['wrong key', good, 'another key'],
    ['empty key', good, ''],
    ['tampered signature', `${h}.${p}.${flip(s, 5)}`],
    ['truncated signature', `${h}.${p}.${s.slice(0, -1)}`],
    ['signature with padding', `${h}.${p}.${s}=`],
    ['missing signature', `${h}.${p}.`],
    ['tampered payload', `${h}.${b64({ ...payload, id: 'someoneelse1234' })}.${s}`],
    ['tampered header', `${b64({ alg: 'HS256', typ: 'JWT', kid: 'x' })}.${p}.${s}`],
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
    ['alg none, signed anyway', forge({ alg: 'none', typ: 'JWT' }, payload)],
    ['alg HS512 header', forge({ alg: 'HS512', typ: 'JWT' }, payload)],
    ['alg RS256 header', forge({ alg: 'RS256', typ: 'JWT' }, payload)],
    ['typ other', forge({ alg: 'HS256', typ: 'JWS' }, payload)],
    ['header not an object', forge(['HS256'], payload)],
    ['payload array', forge({ alg: 'HS256', typ: 'JWT' }, [1, 2])],
    ['payload null', forge({ alg: 'HS256', typ: 'JWT' }, null)],
    ['payload number', forge({ alg: 'HS256', typ: 'JWT' }, 42)],
    ['payload not JSON', forge({ alg: 'HS256', typ: 'JWT' }, '{nope')],
    ['expired', forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: NOW - 1 })],
    ['exp equal to now', forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: NOW })],
    ['exp as string', forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: String(NOW + 60) })],
    ['nbf in the future', forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, nbf: NOW + 10 })],
    ['typ missing', forge({ alg: 'HS256' }, payload)],
    ['padded payload segment', `${h}.${p}==.${s}`],
    ['later clock', good, KEY, NOW + 61],
  ])('rejects: %s', async (_name, token, key = KEY, now = NOW) => {
    expect(await verifyJwt(token, key, now)).toBeNull();
  });

  const garbage: unknown[] = [
    '',
    '.',
    '..',
    '...',
    'a.b',
    'a.b.c.d',
    'not a token',
    '%%%.%%%.%%%',
    `${h}.${p}.${s}.`,
    ' '.repeat(1000),
    'x'.repeat(100_000),
    '\u0000.\u0000.\u0000',
    '😀.😀.😀',
    undefined,
    null,
    42,
    {},
    [],
  ];

  it.each(garbage.map((input, index) => [index, input]))(
    'never throws on garbage #%s',
    async (_index, input) => {
      expect(await verifyJwt(input as string, KEY, NOW)).toBeNull();
      expect(await verifyJwt(good, input as string, NOW)).toBeNull();
      // A bogus clock fails closed (undefined means the real clock, long past `exp`).
      if (typeof input !== 'number') expect(await verifyJwt(good, KEY, input as number)).toBeNull();
      expect(() => decodeJwtUnverified(input as string)).not.toThrow();
    },
  );
});

describe('verifyJwt on a token it has already verified', () => {
  // Each test signs its own token, so that what earlier tests verified does not count.
  const fresh = (claims: Record<string, unknown>) =>
    forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, jti: Math.random().toString(36), ...claims });

  it('checks the key again: a token verified with one key is refused with another', async () => {
    const token = fresh({});
    expect(await verifyJwt(token, KEY, NOW)).not.toBeNull();
    expect(await verifyJwt(token, 'another key', NOW)).toBeNull();
    expect(await verifyJwt(token, KEY + 'x', NOW)).toBeNull();
    expect(await verifyJwt(token, KEY, NOW)).not.toBeNull();
  });

  it('checks the time again: expiry and not-before move with the clock', async () => {
    const token = fresh({ exp: NOW + 60, nbf: NOW - 10 });
    expect(await verifyJwt(token, KEY, NOW)).not.toBeNull();
    expect(await verifyJwt(token, KEY, NOW + 59.9)).not.toBeNull();
    expect(await verifyJwt(token, KEY, NOW + 60)).toBeNull();
    expect(await verifyJwt(token, KEY, NOW - 11)).toBeNull();
    expect(await verifyJwt(token, KEY, 9e12)).toBeNull();
    expect(await verifyJwt(token, KEY, Number.NaN)).toBeNull();
  });

  it('returns a copy each time: a caller that changes the payload changes nothing after', async () => {
    const token = fresh({});
    const first = await verifyJwt(token, KEY, NOW);
    if (!first) throw new Error('expected the token to verify');
    first.id = 'changedbycaller';
    const second = await verifyJwt(token, KEY, NOW);
    expect(second?.id).toBe(payload.id);
    second!.exp = NOW + 1_000_000;
    expect(await verifyJwt(token, KEY, NOW + 61)).toBeNull();
  });

  it('still refuses a token whose signature was changed after the good one was verified', async () => {
    const token = fresh({});
    expect(await verifyJwt(token, KEY, NOW)).not.toBeNull();
    const [th, tp, ts] = token.split('.');
    const other = ts[10] === 'A' ? 'B' : 'A';
    expect(
      await verifyJwt(`${th}.${tp}.${ts.slice(0, 10)}${other}${ts.slice(11)}`, KEY, NOW),
    ).toBeNull();
  });
});

describe('decodeJwtUnverified', () => {
  it('returns the payload of expired and wrongly signed tokens', async () => {
    const expired = await signJwt({ ...payload, exp: NOW - 1000 }, 'other key');
    expect(decodeJwtUnverified(expired)).toEqual({ ...payload, exp: NOW - 1000 });
  });

  const header = b64({ alg: 'HS256', typ: 'JWT' });
  it.each([
    '',
    'a.b',
    'a.b.c.d',
    `${header}.${b64([1])}.y`,
    `${header}.${b64('"str"')}.y`,
    `${header}.!!!.y`,
    `x.${b64({ id: 'a' })}.y`,
  ])('returns null for %j', (token) => {
    expect(decodeJwtUnverified(token)).toBeNull();
  });
});
