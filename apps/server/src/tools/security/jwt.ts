import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';

// Unpadded base64url. Checked before jose sees a token, so that non-canonical encodings of the
// same bytes (padding, the standard alphabet) are refused rather than left to the decoder.
const SEGMENT_RE = /^[A-Za-z0-9_-]+$/;

/** Length of an HS256 signature in unpadded base64url (32 bytes). */
const SIGNATURE_LENGTH = 43;

const encoder = new TextEncoder();

/**
 * Tokens whose signature and header passed jose, with the key that checked them. An HMAC check
 * gives the same answer for the same token and key, so a signed-in person's next requests skip it
 * (it was a fifth of the server's CPU on a list); the time claims are checked again on every use.
 * Only good tokens are kept, so a forger fills nothing. Oldest first out when full.
 */
type VerifiedToken = { key: string; payload: Record<string, unknown> };
const verifiedTokens = new Map<string, VerifiedToken>();
const VERIFIED_TOKENS_LIMIT = 10_000;
const MAX_DATE_SECONDS = 8.64e12;

/** jose's time checks: `nbf` not after now and `exp` after it, in whole seconds. */
function isCurrent(payload: Record<string, unknown>, nowSeconds: number): boolean {
  // Beyond the dates a Date can hold, jose refuses the clock.
  if (Math.abs(nowSeconds) > MAX_DATE_SECONDS) return false;
  const now = Math.floor(nowSeconds);
  if (typeof payload.nbf === 'number' && payload.nbf > now) return false;
  if (typeof payload.exp === 'number' && payload.exp <= now) return false;
  return true;
}

function rememberVerified(token: string, entry: VerifiedToken): void {
  if (verifiedTokens.size >= VERIFIED_TOKENS_LIMIT) {
    verifiedTokens.delete(verifiedTokens.keys().next().value as string);
  }
  verifiedTokens.set(token, entry);
}

function splitToken(token: unknown): [string, string, string] | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  return [parts[0], parts[1], parts[2]];
}

function isCanonicalSegment(segment: string): boolean {
  return SEGMENT_RE.test(segment) && segment.length % 4 !== 1;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Signs `payload` as an HS256 JWT with header `{"alg":"HS256","typ":"JWT"}` (exactly what
 * PocketBase's golang-jwt emits), using jose.
 *
 * Keep payload values plain ASCII: the JS SDK decodes the payload with `atob`, which only
 * copes with base64url output that happens to contain no `-`/`_`.
 * Rejects an empty key, which would mean a misconfigured secret.
 */
export async function signJwt(payload: Record<string, unknown>, key: string): Promise<string> {
  if (typeof key !== 'string' || key.length === 0) {
    throw new Error('signJwt: the signing key must be a non-empty string');
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(encoder.encode(key));
}

/**
 * Returns the payload of a three-segment JWT (header and payload JSON objects) without
 * checking its signature or expiry, or null if it is not one. Only for routing (e.g. reading
 * `id`/`collectionId` to find the key); never trust the result before {@link verifyJwt}.
 * Never throws.
 */
export function decodeJwtUnverified(token: string): Record<string, unknown> | null {
  // A token verified before decodes to the payload kept with it (the same bytes): a signed-in
  // person's every request reads its claims here first, and the decode was 4 % of a list's CPU.
  const known = verifiedTokens.get(token);
  if (known) return { ...known.payload };
  const parts = splitToken(token);
  if (!parts || !isCanonicalSegment(parts[0]) || !isCanonicalSegment(parts[1])) return null;
  try {
    // Like golang-jwt's ParseUnverified, the header must at least be a JSON object.
    if (!isJsonObject(decodeProtectedHeader(token))) return null;
    const payload: unknown = decodeJwt(token);
    return isJsonObject(payload) ? payload : null;
  } catch {
    return null;
  }
}

/**
 * Verifies an HS256 JWT signed with `key` (jose's jwtVerify, HS256 only, `typ: JWT`) and
 * returns its payload, or null when anything is off: not three canonical base64url segments,
 * another algorithm (`none`, RS256, HS512…), payload not a JSON object, bad signature, `exp`
 * not after `nowSeconds`, or `nbf` after it. A missing `exp` is accepted, as golang-jwt does
 * (our own tokens always carry one). Never throws.
 */
export async function verifyJwt(
  token: string,
  key: string,
  nowSeconds: number = Date.now() / 1000,
): Promise<Record<string, unknown> | null> {
  const parts = splitToken(token);
  if (!parts || typeof key !== 'string' || key.length === 0) return null;
  // Fail closed on a bogus clock: jose would compare against NaN, which is always false.
  if (typeof nowSeconds !== 'number' || !Number.isFinite(nowSeconds)) return null;
  const [header, body, signature] = parts;
  if (!isCanonicalSegment(header) || !isCanonicalSegment(body)) return null;
  if (signature.length !== SIGNATURE_LENGTH || !SEGMENT_RE.test(signature)) return null;
  const known = verifiedTokens.get(token);
  if (known && known.key === key) {
    // A copy, so that a caller's change never reaches the next request's payload.
    return isCurrent(known.payload, nowSeconds) ? { ...known.payload } : null;
  }
  try {
    const { payload } = await jwtVerify(token, encoder.encode(key), {
      algorithms: ['HS256'],
      typ: 'JWT',
      currentDate: new Date(nowSeconds * 1000),
    });
    if (!isJsonObject(payload)) return null;
    rememberVerified(token, { key, payload: { ...payload } });
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
