import { createHmac, timingSafeEqual } from 'node:crypto';

// Fixed header, serialised once: PocketBase (golang-jwt) emits exactly this JSON.
const HEADER_SEGMENT = Buffer.from('{"alg":"HS256","typ":"JWT"}', 'utf8').toString('base64url');

// Unpadded base64url; anything else is rejected before decoding, because Node's decoder
// silently skips invalid characters.
const SEGMENT_RE = /^[A-Za-z0-9_-]+$/;

/** Length of an HS256 signature in unpadded base64url (32 bytes). */
const SIGNATURE_LENGTH = 43;

type JsonObject = Record<string, unknown>;

function sign(signingInput: string, key: string): string {
  return createHmac('sha256', key).update(signingInput, 'utf8').digest('base64url');
}

function decodeSegment(segment: string): JsonObject | null {
  if (!SEGMENT_RE.test(segment) || segment.length % 4 === 1) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return value as JsonObject;
  } catch {
    return null;
  }
}

function splitToken(token: unknown): [string, string, string] | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  return [parts[0], parts[1], parts[2]];
}

/**
 * Signs `payload` as an HS256 JWT with header `{"alg":"HS256","typ":"JWT"}`.
 *
 * Keep payload values plain ASCII: the JS SDK decodes the payload with `atob`, which only
 * copes with base64url output that happens to contain no `-`/`_`.
 * Throws on an empty key, which would mean a misconfigured secret.
 */
export function signJwt(payload: Record<string, unknown>, key: string): string {
  if (typeof key !== 'string' || key.length === 0) {
    throw new Error('signJwt: the signing key must be a non-empty string');
  }
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signingInput = `${HEADER_SEGMENT}.${body}`;
  return `${signingInput}.${sign(signingInput, key)}`;
}

/**
 * Returns the payload of a three-segment JWT (header and payload JSON objects) without
 * checking its signature or expiry, or null if it is not one. Only for routing (e.g. reading
 * `id`/`collectionId` to find the key); never trust the result before {@link verifyJwt}.
 * Never throws.
 */
export function decodeJwtUnverified(token: string): Record<string, unknown> | null {
  const parts = splitToken(token);
  // Like golang-jwt's ParseUnverified, the header must at least be a JSON object.
  if (!parts || !decodeSegment(parts[0])) return null;
  return decodeSegment(parts[1]);
}

/**
 * Verifies an HS256 JWT signed with `key` and returns its payload, or null when anything is
 * off: not three base64url segments, header not `alg: HS256` / `typ: JWT`, payload not a JSON
 * object, bad signature, `exp` not after `nowSeconds`, or `nbf` after it. A missing `exp` is
 * accepted, as golang-jwt does (our own tokens always carry one). Never throws.
 */
export function verifyJwt(
  token: string,
  key: string,
  nowSeconds: number = Date.now() / 1000,
): Record<string, unknown> | null {
  try {
    const parts = splitToken(token);
    if (!parts || typeof key !== 'string' || key.length === 0) return null;
    // Fail closed on a bogus clock: comparisons with NaN are always false.
    if (typeof nowSeconds !== 'number' || !Number.isFinite(nowSeconds)) return null;
    const [headerSegment, payloadSegment, signatureSegment] = parts;

    const header = decodeSegment(headerSegment);
    if (!header || header.alg !== 'HS256' || header.typ !== 'JWT') return null;

    // Compare the encoded form so that non-canonical encodings of the same bytes don't pass.
    if (signatureSegment.length !== SIGNATURE_LENGTH || !SEGMENT_RE.test(signatureSegment)) {
      return null;
    }
    const expected = Buffer.from(sign(`${headerSegment}.${payloadSegment}`, key), 'latin1');
    const given = Buffer.from(signatureSegment, 'latin1');
    if (!timingSafeEqual(expected, given)) return null;

    const payload = decodeSegment(payloadSegment);
    if (!payload) return null;

    if ('exp' in payload) {
      if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
      if (payload.exp <= nowSeconds) return null;
    }
    if ('nbf' in payload) {
      if (typeof payload.nbf !== 'number' || !Number.isFinite(payload.nbf)) return null;
      if (payload.nbf > nowSeconds) return null;
    }
    return payload;
  } catch {
    return null;
  }
}
