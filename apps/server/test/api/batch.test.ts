/**
 * `POST /api/batch` (§9): record creates, updates, upserts and deletes run in one transaction
 * with the batch request's account; one failure rolls everything back (rows, audit, realtime
 * events and file changes alike). Driven through inject and through the official SDK.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { ClientResponseError } from 'pocketbase';
import type { RecordEvent } from '../../src/core/engine';
import { newRecordId } from '../../src/tools/security/random';
import { startCompatApp, type CompatApp } from '../compat/sdk-harness';

type Json = Record<string, unknown>;
type Result = { status: number; body: Json | null };

const GENERIC_400 = {
  data: {},
  message: 'Something went wrong while processing your request.',
  status: 400,
};
const REQUIRED = { code: 'validation_required', message: 'Cannot be blank.' };

let t: CompatApp;
let png: Buffer;
let usersId: string;
const events: RecordEvent[] = [];

function batch(
  payload: unknown,
  token: string | null = t.adminToken,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body =
    typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/batch',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {}),
      ...headers,
    },
    payload: body,
  });
}

/** The 400 a batch answers when request `index` failed with `response`. */
function failedAt(index: number, response: unknown): Json {
  return {
    data: {
      requests: {
        [String(index)]: {
          code: 'batch_request_failed',
          message: 'Batch request failed.',
          response,
        },
      },
    },
    message: 'Batch transaction failed.',
    status: 400,
  };
}

async function count(table: string, where = 'TRUE', params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`,
    params,
  );
  return rows[0].n;
}

async function newRole(title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections/roles/records',
    headers: { authorization: t.adminToken },
    payload: { title },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function roleTitle(id: string): Promise<string | undefined> {
  return (await t.db.query<{ title: string }>(`SELECT "title" FROM "roles" WHERE "id" = $1`, [id]))
    .rows[0]?.title;
}

function storedFiles(folder: string): string[] {
  const root = join(t.config.dataDir, 'storage', folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

let emailCounter = 0;
function userBody(name: string): Json {
  emailCounter += 1;
  return {
    name,
    email: `batch.${emailCounter}.${newRecordId()}@test.local`,
    password: 'user-password-1',
    passwordConfirm: 'user-password-1',
    status: 'ACTIVE',
  };
}

/** A user with an avatar, made outside any batch. */
async function userWithAvatar(name: string): Promise<{ id: string; avatar: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(userBody(name))) form.append(key, String(value));
  form.append('avatar', new Blob([png], { type: 'image/png' }), 'face.png');
  const created = await t.sdk(t.adminToken).collection('users').create(form);
  return { id: created.id, avatar: String(created.avatar) };
}

beforeAll(async () => {
  t = await startCompatApp();
  t.onRecordEvent((event) => events.push(event));
  png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  usersId = t.engine.registry.get('users')!.id;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

beforeEach(() => {
  events.length = 0;
});

describe('success', () => {
  it('runs creates, updates, upserts and deletes in order, each seeing the earlier ones', async () => {
    const toUpdate = await newRole('Batch to update');
    const toUpsert = await newRole('Batch to upsert');
    const toDelete = await newRole('Batch to delete');
    const createdId = newRecordId();
    const upsertId = newRecordId();
    const auditBefore = await count('user_activities');
    events.length = 0;

    const res = await batch({
      requests: [
        {
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { id: createdId, title: 'Batch created', permissions: ['topics.read'] },
        },
        {
          method: 'PATCH',
          url: `/api/collections/roles/records/${toUpdate}`,
          body: { title: 'Batch updated' },
        },
        {
          method: 'PUT',
          url: '/api/collections/roles/records',
          body: { id: toUpsert, title: 'Batch upserted' },
        },
        {
          method: 'PUT',
          url: '/api/collections/roles/records',
          body: { title: 'Batch upsert created' },
        },
        {
          method: 'PUT',
          url: '/api/collections/roles/records',
          body: { id: upsertId, title: 'Batch upsert with id' },
        },
        { method: 'DELETE', url: `/api/collections/roles/records/${toDelete}` },
        {
          method: 'PATCH',
          url: `/api/collections/roles/records/${createdId}`,
          body: { 'permissions+': 'articles.read' },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<Result[]>();
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 204, 200]);
    expect(results[0].body).toMatchObject({
      id: createdId,
      title: 'Batch created',
      collectionName: 'roles',
      permissions: ['topics.read'],
    });
    expect(results[1].body).toMatchObject({ id: toUpdate, title: 'Batch updated' });
    expect(results[2].body).toMatchObject({ id: toUpsert, title: 'Batch upserted' });
    expect(results[3].body).toMatchObject({ title: 'Batch upsert created' });
    expect(results[4].body).toMatchObject({ id: upsertId, title: 'Batch upsert with id' });
    expect(results[5].body).toBeNull();
    expect(results[6].body).toMatchObject({
      id: createdId,
      permissions: ['topics.read', 'articles.read'],
    });

    expect(await roleTitle(createdId)).toBe('Batch created');
    expect(await roleTitle(toUpdate)).toBe('Batch updated');
    expect(await roleTitle(toUpsert)).toBe('Batch upserted');
    expect(await roleTitle(upsertId)).toBe('Batch upsert with id');
    expect(await roleTitle(toDelete)).toBeUndefined();
    expect(await count('roles', `"title" = 'Batch upsert created'`)).toBe(1);
    // Every change is audited, in the same transaction.
    expect(await count('user_activities')).toBe(auditBefore + 7);
    // Realtime hears of every change once, after the commit, in order.
    expect(events.map((e) => `${e.action} ${e.collection} ${String(e.row.id)}`)).toEqual([
      `create roles ${createdId}`,
      `update roles ${toUpdate}`,
      `update roles ${toUpsert}`,
      `create roles ${String(results[3].body!.id)}`,
      `create roles ${upsertId}`,
      `delete roles ${toDelete}`,
      `update roles ${createdId}`,
    ]);
  });

  it('applies `fields` and `expand` of each inner URL', async () => {
    const role = await newRole('Batch expand role');
    const res = await batch({
      requests: [
        {
          method: 'POST',
          url: '/api/collections/roles/records?fields=id,title',
          body: { title: 'Batch fields' },
        },
        {
          method: 'POST',
          url: '/api/collections/users/records?expand=roles&fields=name,expand.roles.title',
          body: { ...userBody('Batch Expand'), roles: [role] },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json<Result[]>();
    expect(Object.keys(first.body!).sort()).toEqual(['id', 'title']);
    expect(second.body).toEqual({
      name: 'Batch Expand',
      expand: { roles: [{ title: 'Batch expand role' }] },
    });
  });

  it('takes up to 50 requests', async () => {
    const before = await count('roles');
    const requests = Array.from({ length: 50 }, (_, i) => ({
      method: 'POST',
      url: '/api/collections/roles/records',
      body: { title: `Batch fifty ${i}` },
    }));
    const res = await batch({ requests });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Result[]>()).toHaveLength(50);
    expect(await count('roles')).toBe(before + 50);
  });

  it('accepts a body over the 32 MiB of other endpoints, up to 128 MiB', async () => {
    const junk = 'x'.repeat(33 * 1024 * 1024);
    const res = await batch({
      requests: [
        {
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { title: 'Batch big body', junk },
        },
      ],
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const tooBig = await batch(`{"requests":[],"junk":"${'x'.repeat(128 * 1024 * 1024)}"}`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ data: {}, message: 'Request entity too large.', status: 413 });
  });
});

describe('failure', () => {
  it('rolls back every request when one fails, and reports which one', async () => {
    const toUpdate = await newRole('Batch keep title');
    const toDelete = await newRole('Batch keep me');
    const before = { roles: await count('roles'), audit: await count('user_activities') };
    events.length = 0;
    const res = await batch({
      requests: [
        {
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { title: 'Batch never created' },
        },
        {
          method: 'PATCH',
          url: `/api/collections/roles/records/${toUpdate}`,
          body: { title: 'Batch never updated' },
        },
        { method: 'DELETE', url: `/api/collections/roles/records/${toDelete}` },
        { method: 'POST', url: '/api/collections/roles/records', body: { title: '' } },
        {
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { title: 'Batch after the failure' },
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failedAt(3, { data: { title: REQUIRED }, message: 'Failed to create record.', status: 400 }),
    );
    expect(await count('roles')).toBe(before.roles);
    expect(await count('user_activities')).toBe(before.audit);
    expect(await roleTitle(toUpdate)).toBe('Batch keep title');
    expect(await roleTitle(toDelete)).toBe('Batch keep me');
    expect(
      await count('roles', `"title" LIKE 'Batch never%' OR "title" = 'Batch after the failure'`),
    ).toBe(0);
    expect(events).toEqual([]);
  });

  it.each<[string, Json, unknown]>([
    ['an action a batch cannot run', { method: 'GET', url: '/api/health' }, GENERIC_400],
    ['a list', { method: 'GET', url: '/api/collections/roles/records' }, GENERIC_400],
    ['a trailing slash', { method: 'POST', url: '/api/collections/roles/records/' }, GENERIC_400],
    [
      'an unknown collection',
      { method: 'POST', url: '/api/collections/nope/records', body: { title: 'x' } },
      { data: {}, message: 'Missing collection context.', status: 404 },
    ],
    [
      'an unknown record',
      {
        method: 'PATCH',
        url: '/api/collections/roles/records/aaaaaaaaaaaaaaa',
        body: { title: 'x' },
      },
      { data: {}, message: "The requested resource wasn't found.", status: 404 },
    ],
    [
      'a locked collection',
      { method: 'POST', url: '/api/collections/user_activities/records', body: {} },
      { data: {}, message: 'You are not allowed to perform this request.', status: 403 },
    ],
    [
      'a duplicate',
      { method: 'POST', url: '/api/collections/roles/records', body: { title: 'Administrator' } },
      {
        data: { title: { code: 'validation_not_unique', message: 'Value must be unique.' } },
        message: 'Failed to create record.',
        status: 400,
      },
    ],
    [
      'bad fields',
      {
        method: 'POST',
        url: '/api/collections/roles/records?fields=(',
        body: { title: 'Batch bad fields' },
      },
      GENERIC_400,
    ],
  ])('reports %s with the inner response', async (_label, request, response) => {
    const before = await count('roles');
    const res = await batch({
      requests: [
        {
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { title: `Batch ok ${newRecordId()}` },
        },
        request,
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failedAt(1, response));
    expect(await count('roles')).toBe(before);
  });
});

describe('who is asking', () => {
  it('every request runs as the batch request\u2019s account; inner Authorization headers are ignored', async () => {
    const reader = await t.employeeWith(['roles.read']);
    const creator = await t.employeeWith(['roles.create']);
    const request = {
      method: 'POST',
      url: '/api/collections/roles/records',
      headers: { Authorization: t.adminToken },
      body: { title: `Batch auth ${newRecordId()}` },
    };
    const cases: Array<[string, string | null, number, unknown]> = [
      [
        'a guest',
        null,
        400,
        failedAt(0, {
          data: {},
          message: 'The request requires valid record authorization token.',
          status: 401,
        }),
      ],
      [
        'an account without roles.create',
        reader.token,
        400,
        failedAt(0, {
          data: {},
          message: 'You are not allowed to perform this request.',
          status: 403,
        }),
      ],
      ['an account with roles.create', creator.token, 200, null],
    ];
    for (const [label, token, status, body] of cases) {
      const res = await batch({ requests: [request] }, token);
      expect([label, res.statusCode]).toEqual([label, status]);
      if (body) expect(res.json()).toEqual(body);
    }
    expect(await count('roles', `"title" = $1`, [request.body.title])).toBe(1);
  });
});

describe('the batch form', () => {
  it.each<[string, unknown, Json]>([
    ['no requests key', {}, { requests: REQUIRED }],
    ['an empty list', { requests: [] }, { requests: REQUIRED }],
    [
      '51 requests',
      {
        requests: Array.from({ length: 51 }, () => ({
          method: 'POST',
          url: '/api/collections/roles/records',
          body: { title: 'never' },
        })),
      },
      {
        requests: {
          code: 'validation_length_too_long',
          message: 'The length must be no more than 50.',
          params: { min: 0, max: 50 },
        },
      },
    ],
    [
      'bad items',
      {
        requests: [
          {},
          {
            method: 'POST',
            url: '/api/collections/roles/records',
            body: { title: 'Batch form never' },
          },
          { method: 'invalid', url: '/valid' },
          { method: 'POST', url: 'a'.repeat(2001) },
          { method: 'post', url: '/api/collections/roles/records' },
        ],
      },
      {
        requests: {
          '0': { method: REQUIRED, url: REQUIRED },
          '2': { method: { code: 'validation_in_invalid', message: 'Must be a valid value.' } },
          '3': {
            url: {
              code: 'validation_length_too_long',
              message: 'The length must be no more than 2000.',
              params: { min: 0, max: 2000 },
            },
          },
          '4': { method: { code: 'validation_in_invalid', message: 'Must be a valid value.' } },
        },
      },
    ],
  ])('refuses %s', async (_label, payload, data) => {
    const before = await count('roles');
    const res = await batch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data, message: 'Invalid batch request data.', status: 400 });
    expect(await count('roles')).toBe(before);
  });

  it.each<[string, string]>([
    ['malformed JSON', '{"requests": ['],
    ['requests that are not a list', '{"requests": "all of them"}'],
    ['an item that is not an object', '{"requests": [1]}'],
    ['a method that is not text', '{"requests": [{"method": 1, "url": "/x"}]}'],
    [
      'a body that is not an object',
      '{"requests": [{"method": "POST", "url": "/api/collections/roles/records", "body": "x"}]}',
    ],
    [
      'headers that are not text',
      '{"requests": [{"method": "POST", "url": "/x", "headers": {"a": 1}}]}',
    ],
  ])('cannot read %s', async (_label, payload) => {
    const res = await batch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: {},
      message: 'Failed to read the submitted batch data.',
      status: 400,
    });
  });
});

describe('files in a batch', () => {
  it('the SDK sends @jsonPayload and requests.N.field files; uploads are stored', async () => {
    const role = await newRole('Batch SDK role');
    const pb = t.admin();
    const b = pb.createBatch();
    b.collection('users').create({
      ...userBody('Batch Sdk'),
      avatar: new File([png], 'sdk face.png', { type: 'image/png' }),
    });
    b.collection('roles').upsert({ title: 'Batch SDK upsert' });
    b.collection('roles').update(role, { title: 'Batch SDK updated' });
    b.collection('roles').delete(role);
    const results = await b.send();
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 204]);
    const created = results[0].body as { id: string; avatar: string };
    expect(created.avatar).toMatch(/^sdk_face_[a-z0-9]{10}\.png$/);
    expect(storedFiles(`${usersId}/${created.id}`)).toEqual([created.avatar]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/users/${created.id}/${created.avatar}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(png);
    expect(await roleTitle(role)).toBeUndefined();
  });

  it('also takes files named requests[N].field', async () => {
    const form = new FormData();
    form.append(
      '@jsonPayload',
      JSON.stringify({
        requests: [
          {
            method: 'POST',
            url: '/api/collections/users/records',
            body: userBody('Batch Brackets'),
          },
        ],
      }),
    );
    form.append('requests[0].avatar', new Blob([png], { type: 'image/png' }), 'brackets.png');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await batch(Buffer.from(await request.arrayBuffer()), t.adminToken, {
      'content-type': request.headers.get('content-type')!,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.json<Result[]>()[0].body!.avatar)).toMatch(/^brackets_[a-z0-9]{10}\.png$/);
  });

  it('a failed batch removes the files it uploaded', async () => {
    const before = storedFiles(usersId);
    const pb = t.admin();
    const b = pb.createBatch();
    b.collection('users').create({
      ...userBody('Batch Rolled Back'),
      avatar: new File([png], 'rolled.png', { type: 'image/png' }),
    });
    b.collection('roles').create({ title: '' });
    let error: unknown;
    await b.send().catch((err: unknown) => (error = err));
    expect(error).toBeInstanceOf(ClientResponseError);
    expect((error as ClientResponseError).status).toBe(400);
    expect((error as ClientResponseError).response).toEqual(
      failedAt(1, { data: { title: REQUIRED }, message: 'Failed to create record.', status: 400 }),
    );
    expect(storedFiles(usersId)).toEqual(before);
    expect(await count('users', `"name" = 'Batch Rolled Back'`)).toBe(0);
  });

  it('files are only removed once the batch has committed', async () => {
    const kept = await userWithAvatar('Batch Keeps Avatar');
    const deleted = await userWithAvatar('Batch Keeps Record');
    const failing = await batch({
      requests: [
        {
          method: 'PATCH',
          url: `/api/collections/users/records/${kept.id}`,
          body: { 'avatar-': kept.avatar },
        },
        { method: 'DELETE', url: `/api/collections/users/records/${deleted.id}` },
        { method: 'POST', url: '/api/collections/roles/records', body: { title: '' } },
      ],
    });
    expect(failing.statusCode).toBe(400);
    expect(storedFiles(`${usersId}/${kept.id}`)).toEqual([kept.avatar]);
    expect(storedFiles(`${usersId}/${deleted.id}`)).toEqual([deleted.avatar]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/users/${kept.id}/${kept.avatar}` }))
        .statusCode,
    ).toBe(200);

    const passing = await batch({
      requests: [
        {
          method: 'PATCH',
          url: `/api/collections/users/records/${kept.id}`,
          body: { 'avatar-': kept.avatar },
        },
        { method: 'DELETE', url: `/api/collections/users/records/${deleted.id}` },
      ],
    });
    expect(passing.statusCode, passing.body).toBe(200);
    expect(storedFiles(`${usersId}/${kept.id}`)).toEqual([]);
    expect(existsSync(join(t.config.dataDir, 'storage', usersId, deleted.id))).toBe(false);
  });
});
