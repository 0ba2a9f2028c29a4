/**
 * Fuzz suite: random and mutated requests to every endpoint of every collection — list, view,
 * create, update, delete with random bodies, query strings, filters, sorts, expands, fields, ids
 * and content types (JSON, urlencoded, multipart with files, broken), batch, the auth endpoints,
 * files, HR summaries and imports, password resets and realtime subscriptions — as a guest, as an
 * ordinary employee and as the administrator. Any 500 or any request that does not answer within
 * REQUEST_TIMEOUT_MS fails the suite, naming the request.
 *
 * Seeded: one seed (FUZZ_SEED) drives every random choice (see CONCURRENCY for exact replays). FUZZ_RUNS
 * sets how many requests are sent (default sized to run in well under a minute on 2 cores).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { COLLECTIONS } from '@app/schema';
import { issueToken } from '../../src/core/auth';
import type { Collection, ModelField } from '../../src/core/collection-model';
import { signJwt } from '../../src/tools/security/jwt';
import { startTestApp, type TestApp } from '../helpers/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
/** Concurrent requests. The seed fixes every random choice; with more than one worker, timing
 * decides the interleaving (and so which created ids later requests aim at): FUZZ_CONCURRENCY=1
 * replays a failure exactly. */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const REQUEST_TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------- randomness

/** mulberry32: a small seeded PRNG, so every run with one seed sends the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Hostile strings known to have broken servers; fast-check adds arbitrary ones below. */
const NASTY: readonly string[] = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '\udcae',
  '\ud83d',
  'x\ud83dy',
  '\ud83d\ude00',
  'مرحبا',
  '\u202e\u0645',
  "' OR 1=1 --",
  '"; DROP TABLE roles; --',
  "\\'",
  '\\',
  '%',
  '%00',
  '%ZZ',
  '${x}',
  '{{x}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '9007199254740993',
  '0x10',
  '[]',
  '{}',
  '[1,2',
  '{"a":',
  '2026-02-30',
  '2026-01-01 00:00:00.000Z',
  '0000-00-00 00:00:00',
  '9999-12-31T23:59:59+14:00',
  'x@y.z',
  'a@b',
  'https://example.org/?q=1',
  'javascript:alert(1)',
  'a'.repeat(300),
  'b'.repeat(6000),
  '\t\n\r',
  '\ufeff',
  '\u00a0',
  '*',
  '@request.auth.id',
  '@collection.roles.title',
];
const ARBITRARY_STRINGS = fc.sample(
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  ),
  { seed: SEED, numRuns: 300 },
);
const ARBITRARY_JSON = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: SEED + 1, numRuns: 200 });
const anyString = () => (chance(0.5) ? pick(NASTY) : pick(ARBITRARY_STRINGS));

function anyScalar(): unknown {
  switch (int(0, 6)) {
    case 0:
      return anyString();
    case 1:
      return pick([0, -1, 1, 0.5, 1e14, -1e300, 2 ** 53 + 1, 123456789.123]);
    case 2:
      return chance(0.5);
    case 3:
      return null;
    case 4:
      return pick(ARBITRARY_JSON);
    case 5:
      return [anyString(), anyString()];
    default:
      return { [anyString()]: anyString() };
  }
}

/** Percent-encodes anything, even text encodeURIComponent refuses (lone surrogates). */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** Damages text the way a buggy client or an attacker would. */
function mutate(text: string): string {
  const junk = '()"\'&|=!~?@.,:\\ %[]{}\u0000\udcae';
  let out = text;
  for (let i = int(1, 3); i > 0; i--) {
    const at = int(0, out.length);
    switch (int(0, 4)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + 1);
        break;
      case 1:
        out = out.slice(0, at) + pick([...junk]) + out.slice(at);
        break;
      case 2:
        out = out.slice(0, at) + out.slice(at, at + int(1, 8)).repeat(int(2, 5)) + out.slice(at);
        break;
      case 3:
        out = out.slice(0, at);
        break;
      default:
        out = out.slice(0, at) + anyString() + out.slice(at);
    }
  }
  return out;
}

// ---------------------------------------------------------------- the app and its actors

/** Tokens of a valid shape that must only ever make a guest. */
const NASTY_TOKENS: string[] = ['Bearer ', 'x.y.z', 'Bearer Bearer x', 'e30.e30.e30'];

type Actor = 'guest' | 'employee' | 'admin';
let t: TestApp;
const tokens: Record<Actor, string> = { guest: '', employee: '', admin: '' };
/** Records no request may delete or change: the actors and their roles, so the fuzz keeps its reach. */
const protectedIds = new Set<string>();
/** Ids known to exist (or to have existed), per collection, so requests reach real records. */
const known = new Map<string, string[]>();
/** Stored files seen in answers: [collection, record id, filename]. */
const files: [string, string, string][] = [];
/** Realtime client ids (connected through the hub, as GET /api/realtime does). */
const clientIds: string[] = [];
let collections: Collection[];
let restoreActors: () => Promise<void>;

const idsOf = (collection: string) => known.get(collection) ?? [];
function remember(collection: string, body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const record = body as Record<string, unknown>;
  if (typeof record.id !== 'string') return;
  const list = known.get(collection) ?? [];
  if (!list.includes(record.id)) list.push(record.id);
  known.set(collection, list.slice(-40));
  const model = t.engine.registry.get(collection);
  for (const field of model?.fields ?? []) {
    if (field.type !== 'file') continue;
    const value = record[field.name];
    for (const name of Array.isArray(value) ? value : [value])
      if (typeof name === 'string' && name) files.push([collection, record.id, name]);
  }
  if (files.length > 60) files.splice(0, files.length - 60);
}

function anyId(collection: string, mutating: boolean): string {
  const ids = idsOf(collection).filter((id) => !mutating || !protectedIds.has(id));
  if (ids.length && chance(0.6)) return pick(ids);
  return pick([
    'abcdefghijklmno',
    'aaaaaaaaaaaaaa',
    'ABCDEFGHIJKLMNO',
    anyString(),
    'x'.repeat(501),
    `${pick(ids.length ? ids : ['a'])}${pick(['', ' ', '%00', '.', '/x'])}`,
  ]);
}

// ---------------------------------------------------------------- values, filters, query strings

function fieldValue(field: ModelField): unknown {
  if (chance(0.3)) return anyScalar();
  switch (field.type) {
    case 'text':
    case 'editor':
      return chance(0.7) ? `fuzz ${int(0, 1e6)}` : anyString();
    case 'email':
      return chance(0.7) ? `fuzz${int(0, 1e9)}@example.org` : anyString();
    case 'url':
      return pick(['https://example.org/a', 'ftp://x', anyString()]);
    case 'number':
      return pick([int(-5, 500), 12.345, '7', '1.50', -0, 1e20, '']);
    case 'bool':
      return pick([true, false, 'true', '0', 1, 'yes']);
    case 'date':
      return pick(['2026-03-01', '2026-03-01 10:00:00.000Z', '2026-13-01', '', anyString()]);
    case 'select': {
      const value = pick([...field.values, anyString()]);
      return chance(0.3) ? [value, pick(field.values)] : value;
    }
    case 'relation': {
      const ids = idsOf(field.collection);
      const one = ids.length && chance(0.7) ? pick(ids) : anyString();
      return chance(0.4) ? [one, ids.length ? pick(ids) : 'zzzzzzzzzzzzzzz'] : one;
    }
    case 'json':
      return pick(ARBITRARY_JSON);
    default:
      return anyScalar();
  }
}

function recordBody(collection: Collection): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of collection.fields) {
    if (field.type === 'file' || !chance(0.6)) continue;
    body[field.name] = fieldValue(field);
    // Field modifiers: `n+`, `+n`, `n-`.
    if (chance(0.08)) body[`${field.name}${pick(['+', '-'])}`] = fieldValue(field);
    if (chance(0.04)) body[`+${field.name}`] = fieldValue(field);
  }
  if (collection.type === 'auth' && chance(0.5)) {
    const password = pick(['fuzz-password-1', 'short', anyString()]);
    body.password = password;
    body.passwordConfirm = chance(0.8) ? password : anyString();
    if (chance(0.3)) body.oldPassword = anyString();
  }
  if (chance(0.1)) body[anyString()] = anyScalar();
  if (chance(0.05)) body.id = pick(['abcdefghijklmno', anyString()]);
  return body;
}

function fieldPath(collection: Collection): string {
  const field = pick(collection.fields);
  let path = field.name;
  if (field.type === 'relation' && chance(0.5)) {
    const target = t.engine.registry.get(field.collection);
    if (target) path += `.${pick(target.fields).name}`;
  }
  if (chance(0.1)) path += pick([':lower', ':length', ':each', ':isset', ':excerpt']);
  if (chance(0.05))
    path = pick([
      '@request.auth.id',
      '@request.auth.roles',
      '@request.body.title',
      `@collection.${pick(collections).name}.id`,
      '@now',
      '@todayStart',
      'unknown_field',
      'id.id.id',
    ]);
  return path;
}

function literal(): string {
  switch (int(0, 5)) {
    case 0:
      return `"${anyString().replace(/"/g, '\\"')}"`;
    case 1:
      return `'${anyString().replace(/'/g, "\\'")}'`;
    case 2:
      return String(pick([0, 1, -3, 2.5, 1e30]));
    case 3:
      return pick(['true', 'false', 'null', '""']);
    case 4:
      return pick(['@now', '@yesterday', '@monthStart', '@request.auth.id']);
    default:
      return `"${pick(['2026-01-01', '2026-01-01 00:00:00.000Z', 'fuzz'])}"`;
  }
}

const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', '~', '!~', '?=', '?!=', '?>', '?~', '?!~'];

function filterExpr(collection: Collection, depth = 0): string {
  if (depth < 3 && chance(0.35)) {
    const joined = `${filterExpr(collection, depth + 1)} ${pick(['&&', '||'])} ${filterExpr(collection, depth + 1)}`;
    return chance(0.4) ? `(${joined})` : joined;
  }
  const left = chance(0.85) ? fieldPath(collection) : literal();
  const right = chance(0.7) ? literal() : fieldPath(collection);
  return `${left} ${pick(OPERATORS)} ${right}`;
}

function listQuery(collection: Collection): string {
  const parts: string[] = [];
  if (chance(0.6)) {
    const filter = filterExpr(collection);
    parts.push(`filter=${enc(chance(0.2) ? mutate(filter) : filter)}`);
  }
  if (chance(0.4)) {
    const sort = Array.from(
      { length: int(1, 3) },
      () =>
        `${pick(['', '-', '+'])}${chance(0.1) ? pick(['@random', '@rowid']) : fieldPath(collection)}`,
    ).join(',');
    parts.push(`sort=${enc(chance(0.2) ? mutate(sort) : sort)}`);
  }
  if (chance(0.3)) parts.push(`expand=${enc(expandValue(collection))}`);
  if (chance(0.3)) parts.push(`fields=${enc(fieldsValue(collection))}`);
  if (chance(0.3)) parts.push(`page=${enc(pick(['1', '2', '0', '-1', '99999999999', 'x']))}`);
  if (chance(0.3)) parts.push(`perPage=${enc(pick(['1', '500', '501', '0', '-5', '1.5', '']))}`);
  if (chance(0.2)) parts.push(`skipTotal=${enc(pick(['1', 'true', 'maybe', '']))}`);
  if (chance(0.1)) parts.push(`${enc(anyString())}=${enc(anyString())}`);
  if (chance(0.05)) parts.push(pick(['%', '%E0%A4%A', '%ED%B2%AE', 'filter=%00', '&&&', '==']));
  return parts.length ? `?${parts.join('&')}` : '';
}

function expandValue(collection: Collection): string {
  const relations = collection.fields.filter((f) => f.type === 'relation');
  if (!relations.length || chance(0.2)) return pick([anyString(), 'a.b.c.d.e.f.g', ',,,', '*']);
  return Array.from({ length: int(1, 3) }, () => {
    const field = pick(relations);
    if (field.type !== 'relation' || !chance(0.4)) return field.name;
    const nested = t.engine.registry
      .get(field.collection)
      ?.fields.find((f) => f.type === 'relation');
    return nested ? `${field.name}.${nested.name}` : field.name;
  }).join(',');
}

function fieldsValue(collection: Collection): string {
  const names = Array.from({ length: int(1, 4) }, () => pick(collection.fields).name);
  const spec = names.join(',');
  return pick([
    spec,
    '*',
    `${spec},expand.*`,
    `${names[0]}:excerpt(${pick(['10', '10,true', '-1', 'x', ''])})`,
    mutate(spec),
  ]);
}

// ---------------------------------------------------------------- bodies and content types

function multipart(
  fields: Record<string, unknown>,
  fileParts: { field: string; filename: string; type: string; data: Buffer }[],
): { payload: Buffer; contentType: string } {
  const boundary = `fuzz${int(0, 1e9)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) && chance(0.5) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'string' ? v : JSON.stringify(v ?? null);
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
        ),
      );
    }
  }
  for (const f of fileParts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  if (!chance(0.05)) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${chance(0.03) ? 'wrong' : boundary}`,
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

function fileData(): { filename: string; type: string; data: Buffer } {
  return pick([
    { filename: 'pixel.png', type: 'image/png', data: PNG },
    { filename: 'broken.png', type: 'image/png', data: PNG.subarray(0, 20) },
    { filename: 'note.txt', type: 'text/plain', data: Buffer.from('hello') },
    { filename: '../../evil.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    { filename: anyString().replace(/["\r\n]/g, ''), type: '', data: Buffer.alloc(int(0, 64)) },
    { filename: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(300_000, 7) },
  ]);
}

/** A body in a random encoding: JSON (sometimes broken), urlencoded, multipart, or nonsense. */
function encodeBody(
  collection: Collection | undefined,
  data: Record<string, unknown>,
): Pick<InjectOptions, 'payload' | 'headers'> {
  const kind = int(0, 9);
  if (kind <= 4)
    return { payload: JSON.stringify(data), headers: { 'content-type': 'application/json' } };
  if (kind === 5)
    return {
      payload: mutate(JSON.stringify(data)),
      headers: { 'content-type': pick(['application/json', 'application/json; charset=utf-16']) },
    };
  if (kind === 6) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(data))
      form.append(key, typeof value === 'string' ? value : JSON.stringify(value ?? ''));
    return {
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  if (kind <= 8) {
    const fileFields = collection?.fields.filter((f) => f.type === 'file') ?? [];
    const parts = fileFields.length
      ? Array.from({ length: int(0, 3) }, () => ({
          field: `${pick(fileFields).name}${pick(['', '', '+', '-'])}`,
          ...fileData(),
        }))
      : [];
    const fields = chance(0.2) ? { '@jsonPayload': JSON.stringify(data) } : data;
    const body = multipart(fields, parts);
    return { payload: body.payload, headers: { 'content-type': body.contentType } };
  }
  return {
    payload: pick(['x', '[]', '"text"', '42', 'null', '\u0000', '{"a":1}']),
    headers: pick([
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/octet-stream' },
      { 'content-type': 'application/xml' },
      {},
    ]),
  };
}

// ---------------------------------------------------------------- requests

type FuzzRequest = InjectOptions & { method: string; url: string; kind: string };

function tokenFor(actor: Actor): string {
  if (actor === 'guest') return chance(0.1) ? pick([...NASTY_TOKENS, anyString()]) : '';
  if (chance(0.03)) return `${tokens[actor]}${pick(['x', '\u0000', ' '])}`;
  return chance(0.2) ? `Bearer ${tokens[actor]}` : tokens[actor];
}

const RECORD_OPS = 6;

/** A records API request; `op` (0..RECORD_OPS-1) picks list/view/create/update/delete. */
function recordRequest(collection: Collection, op = int(0, RECORD_OPS - 1)): FuzzRequest {
  const base = `/api/collections/${chance(0.05) ? collection.id : collection.name}/records`;
  switch (op) {
    case 0:
    case 1:
      return {
        kind: 'list',
        method: chance(0.05) ? 'HEAD' : 'GET',
        url: `${base}${listQuery(collection)}`,
      };
    case 2:
      return {
        kind: 'view',
        method: 'GET',
        url: `${base}/${enc(anyId(collection.name, false))}${chance(0.3) ? `?expand=${enc(expandValue(collection))}` : ''}`,
      };
    case 3:
      return {
        kind: 'create',
        method: 'POST',
        url: `${base}${chance(0.2) ? `?expand=${enc(expandValue(collection))}` : ''}`,
        ...encodeBody(collection, recordBody(collection)),
      };
    case 4:
      return {
        kind: 'update',
        method: 'PATCH',
        url: `${base}/${enc(anyId(collection.name, true))}${chance(0.2) ? `?fields=${enc(fieldsValue(collection))}` : ''}`,
        ...encodeBody(collection, recordBody(collection)),
      };
    default:
      return {
        kind: 'delete',
        method: 'DELETE',
        url: `${base}/${enc(anyId(collection.name, true))}`,
      };
  }
}

type TokenKind = 'passwordReset' | 'verification' | 'emailChange';
/** Tokens an auth endpoint would accept, signed before the run (signing is asynchronous). */
const someoneTokens: Record<TokenKind, string[]> = {
  passwordReset: [],
  verification: [],
  emailChange: [],
};

/** Signs tokens for accounts the fuzz may change (never an actor). */
async function signTokensForSomeone(): Promise<void> {
  for (const auth of collections.filter((c) => c.type === 'auth')) {
    for (const id of idsOf(auth.name)
      .filter((x) => !protectedIds.has(x))
      .slice(0, 5)) {
      const row = { id, email: 'someone@example.org', tokenKey: 'stale' };
      for (const type of Object.keys(someoneTokens) as TokenKind[])
        someoneTokens[type].push(
          await issueToken(t.secrets, auth, row, type, {
            email: row.email,
            newEmail: 'new@example.org',
          }),
        );
    }
  }
}

/** A token an auth endpoint would accept, for an account the fuzz may change (never an actor). */
function validTokenForSomeone(type: TokenKind): string {
  const pool = someoneTokens[type];
  return pool.length ? pick(pool) : anyString();
}

const AUTH_ENDPOINTS = 10;

/** An auth endpoint request; `endpoint` (0..AUTH_ENDPOINTS-1) picks which one. */
function authRequest(
  collection = chance(0.9) ? pick(collections.filter((c) => c.type === 'auth')) : pick(collections),
  endpoint = int(0, AUTH_ENDPOINTS - 1),
): FuzzRequest {
  const base = `/api/collections/${collection.name}`;
  const password = pick(['fuzz-password-1', 'admin-password-1', anyString()]);
  const [path, data] = (
    [
      [
        'auth-with-password',
        {
          identity: pick([anyString(), 'admin@test.local', `x${int(0, 9)}@example.org`]),
          password,
          identityField: chance(0.1) ? anyString() : undefined,
        },
      ],
      ['auth-refresh', {}],
      ['request-password-reset', { email: pick([anyString(), 'admin@test.local']) }],
      [
        'confirm-password-reset',
        {
          token: chance(0.3) ? validTokenForSomeone('passwordReset') : anyString(),
          password,
          passwordConfirm: chance(0.8) ? password : anyString(),
        },
      ],
      ['request-verification', { email: anyString() }],
      [
        'confirm-verification',
        { token: chance(0.3) ? validTokenForSomeone('verification') : anyString() },
      ],
      ['request-email-change', { newEmail: pick([anyString(), `n${int(0, 1e6)}@example.org`]) }],
      [
        'confirm-email-change',
        { token: chance(0.3) ? validTokenForSomeone('emailChange') : anyString(), password },
      ],
      ['auth-with-oauth2', { provider: anyString() }],
      ['auth-methods', {}],
    ] as [string, Record<string, unknown>][]
  )[endpoint];
  if (chance(0.1)) data[anyString()] = anyScalar();
  return {
    kind: `auth:${path}`,
    method: path === 'auth-methods' ? 'GET' : 'POST',
    url: `${base}/${path}${chance(0.1) ? `?expand=${enc(anyString())}` : ''}`,
    ...(path === 'auth-methods' ? {} : encodeBody(collection, data)),
  };
}

function batchRequest(): FuzzRequest {
  const requests = chance(0.1)
    ? pick<unknown>([
        'x',
        [{}],
        [{ method: 'GET' }],
        null,
        {},
        [null],
        Array(60).fill({
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { title: 'x' },
        }),
      ])
    : Array.from({ length: int(0, 5) }, () => {
        const collection = pick(collections);
        const sub = recordRequest(collection);
        let body: unknown = {};
        if (sub.payload && typeof sub.payload === 'string') {
          try {
            body = JSON.parse(sub.payload);
          } catch {
            body = sub.payload;
          }
        }
        return {
          method: chance(0.05)
            ? pick(['PUT', 'get', 'OPTIONS', ''])
            : sub.method === 'PATCH'
              ? 'PATCH'
              : sub.method,
          url: chance(0.05) ? anyString() : sub.url,
          body: chance(0.05) ? anyScalar() : body,
          ...(chance(0.1) ? { headers: { [anyString()]: anyString() } } : {}),
        };
      });
  return {
    kind: 'batch',
    method: 'POST',
    url: '/api/batch',
    ...encodeBody(undefined, { requests }),
  };
}

function fileRequest(): FuzzRequest {
  if (chance(0.2)) return { kind: 'files:token', method: 'POST', url: '/api/files/token' };
  const [collection, id, name] =
    files.length && chance(0.7)
      ? pick(files)
      : [pick(collections).name, anyId(pick(collections).name, false), anyString()];
  const query = [
    chance(0.4)
      ? `thumb=${enc(pick(['100x100', '0x50', '100x100t', '100x100f', '1x99999', anyString()]))}`
      : '',
    chance(0.3) ? `token=${enc(pick([anyString(), tokens.admin]))}` : '',
    chance(0.2) ? `download=${enc(pick(['1', 'true', anyString()]))}` : '',
  ].filter(Boolean);
  return {
    kind: 'files:get',
    method: chance(0.1) ? 'HEAD' : 'GET',
    url: `/api/files/${enc(collection)}/${enc(id)}/${enc(name)}${query.length ? `?${query.join('&')}` : ''}`,
  };
}

function realtimeRequest(): FuzzRequest {
  const topic = (): string => {
    const collection = pick(collections);
    const options = {
      query: {
        filter: chance(0.7) ? filterExpr(collection) : anyString(),
        expand: expandValue(collection),
        fields: fieldsValue(collection),
      },
      headers: { [pick(['x_token', anyString()])]: anyString() },
    };
    return pick([
      `${collection.name}/*`,
      `${collection.name}/${anyId(collection.name, false)}`,
      `${collection.name}?options=${enc(JSON.stringify(options))}`,
      `${collection.name}/*?options=${enc(chance(0.5) ? mutate(JSON.stringify(options)) : JSON.stringify(options))}`,
      anyString(),
    ]);
  };
  const data = {
    clientId: clientIds.length && chance(0.8) ? pick(clientIds) : anyString(),
    subscriptions: chance(0.1) ? anyScalar() : Array.from({ length: int(0, 4) }, topic),
  };
  return { kind: 'realtime', method: 'POST', url: '/api/realtime', ...encodeBody(undefined, data) };
}

function otherRequest(): FuzzRequest {
  switch (int(0, 5)) {
    case 0:
      return {
        kind: 'hr:summary',
        method: 'GET',
        url: pick([
          `/api/hr/volunteers/${enc(anyId('volunteers', false))}/hours-summary`,
          `/api/hr/members/${enc(anyId('members', false))}/dues-summary`,
        ]),
      };
    case 1: {
      const kind = pick(['members', 'volunteers', anyString()]);
      const model = t.engine.registry.get(kind);
      const header = model ? model.fields.filter(() => chance(0.5)).map((f) => f.name) : ['x'];
      const rows = Array.from({ length: int(0, 4) }, () =>
        header
          .map(() => (chance(0.5) ? `fuzz ${int(0, 99)}` : anyString()))
          .join(pick([',', ';', '\t'])),
      );
      const csv = chance(0.2)
        ? anyString()
        : [header.join(','), ...rows].join(pick(['\n', '\r\n']));
      return {
        kind: 'hr:import',
        method: 'POST',
        url: `/api/hr/import/${enc(kind)}`,
        ...encodeBody(model, { csv, dryRun: pick([true, false, 'true', anyScalar()]) }),
      };
    }
    case 2: {
      const auth = pick([
        ...collections.filter((c) => c.type === 'auth').map((c) => c.name),
        anyString(),
      ]);
      return {
        kind: 'accounts:reset',
        method: 'POST',
        url: `/api/accounts/${enc(auth)}/${enc(anyId(auth, true))}/reset-password`,
      };
    }
    case 4:
      return {
        kind: 'monitor:names',
        method: 'GET',
        url: `/api/activity-monitor/${enc(anyId('user_activities', false))}/names`,
      };
    case 3:
      // (GET /api/realtime is the event stream itself: it never ends, by design.)
      return {
        kind: 'unknown',
        method: pick(['GET', 'POST', 'PUT', 'OPTIONS', 'HEAD', 'PATCH', 'DELETE']),
        url: pick([
          '/api/collections',
          `/api/collections/${enc(anyString())}/records`,
          `/api/collections/${pick(collections).name}/records/a/b`,
          '/api/../api/health',
          '/api/health',
          '/api/collections/%ZZ/records',
          `/api/${enc(anyString())}`,
          '/api/realtime/x',
        ]),
      };
    default:
      return {
        kind: 'health',
        method: 'GET',
        url: `/api/health${chance(0.5) ? `?fields=${enc(anyString())}` : ''}`,
      };
  }
}

type Planned = { actor: Actor; make: () => FuzzRequest };

/**
 * First a sweep that reaches every endpoint of every collection as every actor (with random
 * content), then random requests up to RUNS.
 */
function sweep(): Planned[] {
  const plan: Planned[] = [];
  for (const actor of ['guest', 'employee', 'admin'] as Actor[]) {
    for (const collection of collections) {
      for (let op = 0; op < RECORD_OPS; op++)
        plan.push({ actor, make: () => recordRequest(collection, op) });
      if (collection.type === 'auth')
        for (let endpoint = 0; endpoint < AUTH_ENDPOINTS; endpoint++)
          plan.push({ actor, make: () => authRequest(collection, endpoint) });
    }
    for (const make of [batchRequest, fileRequest, realtimeRequest, otherRequest])
      for (let i = 0; i < 5; i++) plan.push({ actor, make });
  }
  return plan;
}

function randomPlan(): Planned {
  const actor = pick<Actor>(['guest', 'employee', 'admin', 'admin']);
  const roll = random();
  if (roll < 0.55) return { actor, make: () => recordRequest(pick(collections)) };
  if (roll < 0.68) return { actor, make: () => authRequest() };
  if (roll < 0.76) return { actor, make: batchRequest };
  if (roll < 0.84) return { actor, make: fileRequest };
  if (roll < 0.91) return { actor, make: realtimeRequest };
  return { actor, make: otherRequest };
}

function buildRequest({ actor, make }: Planned): { actor: Actor; request: FuzzRequest } {
  const request = make();
  const token = tokenFor(actor);
  request.headers = { ...request.headers, ...(token ? { authorization: token } : {}) };
  if (chance(0.03))
    request.headers[pick(['x-forwarded-for', 'accept-language', 'x-token'])] = [...anyString()]
      .filter((c) => c >= ' ' && c <= '~')
      .join('');
  return { actor, request };
}

// ---------------------------------------------------------------- the run

type Failure = {
  actor: Actor;
  kind: string;
  method: string;
  url: string;
  status: string;
  error?: string;
  body?: string;
};

async function send(request: FuzzRequest): Promise<LightMyRequestResponse | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
  });
  const { kind: _kind, ...options } = request;
  try {
    return await Promise.race([t.app.inject(options as InjectOptions), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe(`fuzz (${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, seed ${SEED})`, () => {
  const lastError = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
    collections = [...t.engine.registry.all];
    // Record why a request failed (the answer itself says only "Something went wrong").
    t.app.addHook('onError', async (request, _reply, error) => {
      lastError.set(request.id, `${error.name}: ${error.message}`.slice(0, 300));
    });
    t.app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 500) reply.header('x-fuzz-request', request.id);
      return payload;
    });
    const employee = await t.employeeWith([]);
    tokens.admin = t.adminToken;
    tokens.employee = employee.token;
    const actors = (await t.db.query<Record<string, unknown>>(`SELECT * FROM "employees"`)).rows;
    for (const row of actors) {
      protectedIds.add(String(row.id));
      for (const role of (row.roles as string[]) ?? []) protectedIds.add(role);
    }
    // Some records of every collection to aim at, created the ordinary way.
    for (const def of COLLECTIONS) {
      const { rows } = await t.db.query<{ id: string }>(`SELECT "id" FROM "${def.name}" LIMIT 20`);
      known.set(
        def.name,
        rows.map((r) => r.id),
      );
    }
    const snapshot = actors.map((row) => ({
      id: String(row.id),
      tokenKey: row.tokenKey,
      status: row.employment_status,
      roles: JSON.stringify(row.roles),
    }));
    restoreActors = async () => {
      // A reset-password or status change on an actor would turn the rest of the run into guest
      // requests; the ids are protected, this is the belt to those braces.
      for (const a of snapshot)
        await t.db.query(
          `UPDATE "employees" SET "tokenKey" = $2, "employment_status" = $3, "roles" = $4::jsonb, "mustChangePassword" = FALSE WHERE "id" = $1`,
          [a.id, a.tokenKey, a.status, a.roles],
        );
    };
    for (let i = 0; i < 3; i++)
      clientIds.push(
        t.realtime.connect('127.0.0.1', { write: () => {}, end: () => {}, pending: () => 0 }),
      );
    // Fresh tokens of a valid shape signed with the wrong key, to check they are only guests.
    NASTY_TOKENS.push(await signJwt({ id: 'x', type: 'auth', collectionId: 'x' }, 'wrong-key'));
    await signTokensForSomeone();
  }, 120_000);

  afterAll(async () => t?.stop());

  it(`sends a sweep of every endpoint, then random requests up to ${RUNS}: no 500, no hang`, async () => {
    const statuses = new Map<number | string, number>();
    const byKind = new Map<string, number>();
    const succeededByKind = new Map<string, number>();
    const failures: Failure[] = [];
    const started = Date.now();
    let sent = 0;
    const planned = sweep();
    const total = Math.max(RUNS, planned.length);
    const worker = async () => {
      while (sent < total) {
        sent += 1;
        if (sent % 100 === 0) await restoreActors();
        const { actor, request } = buildRequest(planned.shift() ?? randomPlan());
        byKind.set(request.kind, (byKind.get(request.kind) ?? 0) + 1);
        const res = await send(request);
        const status = res === 'timeout' ? 'timeout' : res.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200)
          succeededByKind.set(request.kind, (succeededByKind.get(request.kind) ?? 0) + 1);
        if (res === 'timeout' || res.statusCode >= 500) {
          const id = res === 'timeout' ? undefined : String(res.headers['x-fuzz-request'] ?? '');
          failures.push({
            actor,
            kind: request.kind,
            method: request.method,
            url: request.url.slice(0, 300),
            status: String(status),
            error: id ? lastError.get(id) : undefined,
            body:
              typeof request.payload === 'string'
                ? request.payload.slice(0, 300)
                : Buffer.isBuffer(request.payload)
                  ? request.payload.subarray(0, 300).toString()
                  : undefined,
          });
        } else if (
          res.statusCode === 200 &&
          (request.kind === 'create' || request.kind === 'update')
        ) {
          const name = t.engine.registry.get(request.url.split('/')[3])?.name;
          if (name) remember(name, res.json());
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = {
      database: t.db.kind,
      seed: SEED,
      requests: sent,
      seconds,
      statuses: Object.fromEntries(
        [...statuses].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ),
      kinds: Object.fromEntries([...byKind].sort()),
      succeeded: Object.fromEntries([...succeededByKind].sort()),
    };
    console.log(`FUZZ ${JSON.stringify(summary)}`);
    expect(failures.slice(0, 20)).toEqual([]);
    // The suite reached past the permission checks: lists and other requests did succeed.
    // (The floor is loose on purpose: the four workers interleave differently on a loaded
    // machine, which changes which remembered records exist when a request names one; a quiet
    // run gives 132 successes in 1,500 with 85 lists, a loaded CI run gave 123. The ledger's
    // collections refuse much by design, so few random writes succeed.)
    expect(succeededByKind.get('list') ?? 0).toBeGreaterThan(total / 30);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(total / 16);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(total / 10);
  }, 600_000);
});
