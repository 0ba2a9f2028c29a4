import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, failure, startCompatApp, type CompatApp } from './sdk-harness';

// Error statuses and bodies as the SDK surfaces them.

const NOT_FOUND = "The requested resource wasn't found.";
const GENERIC = 'Something went wrong while processing your request.';
const UNAUTHORIZED = 'The request requires valid record authorization token.';
const FORBIDDEN = 'You are not allowed to perform this request.';

let t: CompatApp;

beforeAll(async () => {
  t = await startCompatApp();
});
afterAll(async () => t.stop());

describe('404', () => {
  it.each([
    ['list', () => t.admin().collection('nope').getList(), 'Missing collection context.'],
    [
      'view',
      () => t.admin().collection('nope').getOne('aaaaaaaaaaaaaaa'),
      'Missing collection context.',
    ],
    [
      'delete',
      () => t.admin().collection('nope').delete('aaaaaaaaaaaaaaa'),
      'Missing collection context.',
    ],
    [
      'create',
      () => t.admin().collection('nope').create({ title: 'x' }),
      'Missing or invalid collection context.',
    ],
    [
      'update',
      () => t.admin().collection('nope').update('aaaaaaaaaaaaaaa', { title: 'x' }),
      'Missing or invalid collection context.',
    ],
  ])('for an unknown collection (%s)', async (_name, call, message) => {
    await expectApiError(call(), 404, message);
  });

  it.each([
    ['view', () => t.admin().collection('roles').getOne('aaaaaaaaaaaaaaa')],
    ['update', () => t.admin().collection('roles').update('aaaaaaaaaaaaaaa', { title: 'x' })],
    ['delete', () => t.admin().collection('roles').delete('aaaaaaaaaaaaaaa')],
    ['view with a malformed id', () => t.admin().collection('roles').getOne('not an id!')],
    [
      'update with an empty id (trailing slash)',
      () => t.admin().collection('roles').update('', { title: 'x' }),
    ],
    ['delete with an empty id (trailing slash)', () => t.admin().collection('roles').delete('')],
  ])('for an unknown record (%s)', async (_name, call) => {
    await expectApiError(call(), 404, NOT_FOUND);
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/collections/roles/nope'],
    ['PUT', '/api/collections/roles/records/aaaaaaaaaaaaaaa'],
    ['DELETE', '/api/health'],
    ['GET', '/api/collections/roles/records/'],
    ['GET', '/api'],
  ])('for an unknown route %s %s, as JSON', async (method, path) => {
    await expectApiError(t.admin().send(path, { method }), 404, NOT_FOUND);
    const raw = await fetch(`${t.baseUrl}${path}`, { method });
    expect(raw.status).toBe(404);
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await raw.json()).toEqual({ data: {}, message: NOT_FOUND, status: 404 });
  });

  it('for a record the account may not see (own rule miss), not 403', async () => {
    const person = await t.employeeWith(['projects.read']);
    const other = await t.employeeWith(['projects.read']);
    await expectApiError(
      t.sdk(person.token).collection('employees').getOne(other.id),
      404,
      NOT_FOUND,
    );
    await expectApiError(
      t.sdk(person.token).collection('employees').update(other.id, { address: 'x' }),
      404,
      NOT_FOUND,
    );
  });
});

describe('400 validation', () => {
  it('reports each invalid field under data with code and message', async () => {
    const err = await expectApiError(
      t
        .admin()
        .collection('roles')
        .create({ title: '', permissions: ['projects.read', 'nope.read'] }),
      400,
      'Failed to create record.',
      {
        title: { code: 'validation_required', message: 'Cannot be blank.' },
        permissions: {
          code: 'validation_invalid_value',
          message: 'Invalid value nope.read.',
          params: { value: 'nope.read' },
        },
      },
    );
    expect(err.response.data.title.message).toBe('Cannot be blank.');
  });

  it('reports unique violations', async () => {
    const pb = t.admin();
    await pb.collection('roles').create({ title: 'Unique title' });
    await expectApiError(
      pb.collection('roles').create({ title: 'UNIQUE TITLE' }),
      400,
      'Failed to create record.',
      {
        title: { code: 'validation_not_unique', message: 'Value must be unique.' },
      },
    );
  });

  it('reports update errors as "Failed to update record."', async () => {
    const pb = t.admin();
    const role = await pb.collection('roles').create({ title: 'To update' });
    await expectApiError(
      pb.collection('roles').update(role.id, { title: 'x'.repeat(101) }),
      400,
      'Failed to update record.',
      {
        title: {
          code: 'validation_max_text_constraint',
          message: 'Must be no more than 100 character(s).',
          params: { max: 100 },
        },
      },
    );
  });

  it('reports auth-record rules', async () => {
    await expectApiError(
      t
        .admin()
        .collection('users')
        .create({ email: 'bad', name: 'N', password: 'short', passwordConfirm: 'short' }),
      400,
      'Failed to create record.',
      {
        email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
        password: {
          code: 'validation_min_text_constraint',
          message: 'Must be at least 8 character(s).',
        },
      },
    );
    await expectApiError(
      t.admin().collection('users').create({
        email: 'ok@errors.test',
        name: 'N',
        password: 'long-enough-1',
        passwordConfirm: 'other-value-1',
      }),
      400,
      'Failed to create record.',
      { passwordConfirm: { code: 'validation_values_mismatch', message: "Values don't match." } },
    );
  });

  it('refuses relation ids that do not exist', async () => {
    await expectApiError(
      t
        .admin()
        .collection('users')
        .create({
          email: 'rel@errors.test',
          name: 'N',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-1',
          roles: ['aaaaaaaaaaaaaaa'],
        }),
      400,
      'Failed to create record.',
      {
        roles: {
          code: 'validation_missing_rel_records',
          message: 'Failed to find all relation records with the provided ids.',
        },
      },
    );
  });

  it('refuses a body that is not JSON', async () => {
    await expectApiError(
      t.admin().send('/api/collections/roles/records', {
        method: 'POST',
        body: '{"title":',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      GENERIC,
    );
  });
});

describe('401 and 403', () => {
  it.each([
    ['list roles', (pb = t.sdk()) => pb.collection('roles').getList()],
    ['view a role', (pb = t.sdk()) => pb.collection('roles').getOne('aaaaaaaaaaaaaaa')],
    ['create a role', (pb = t.sdk()) => pb.collection('roles').create({ title: 'Guest role' })],
    ['list employees', (pb = t.sdk()) => pb.collection('employees').getList()],
    ['list the audit trail', (pb = t.sdk()) => pb.collection('user_activities').getList()],
  ])('a guest gets 401 to %s', async (_name, call) => {
    await expectApiError(call(), 401, UNAUTHORIZED);
  });

  it('an invalid or expired token is a guest, not an error by itself', async () => {
    const pb = t.sdk(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6ImFiYyIsInR5cGUiOiJhdXRoIn0.c2ln',
    );
    await expectApiError(pb.collection('roles').getList(), 401, UNAUTHORIZED);
    expect(await pb.health.check()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
  });

  it.each([
    [
      'create a role',
      (token: string) => t.sdk(token).collection('roles').create({ title: 'Not mine' }),
    ],
    [
      'delete a project',
      (token: string) => t.sdk(token).collection('projects').delete('aaaaaaaaaaaaaaa'),
    ],
    [
      'update a project',
      (token: string) =>
        t.sdk(token).collection('projects').update('aaaaaaaaaaaaaaa', { title: 'Nope' }),
    ],
    ['list members', (token: string) => t.sdk(token).collection('members').getList()],
    [
      'create an allowance',
      (token: string) =>
        t.sdk(token).collection('allowance_options').create({ title: 'Meals', amount: 5 }),
    ],
    [
      'create a user',
      (token: string) =>
        t.sdk(token).collection('users').create({
          email: 'x@errors.test',
          name: 'X',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-1',
        }),
    ],
  ])('an account without the permission gets 403 to %s', async (_name, call) => {
    const person = await t.employeeWith(['projects.read']);
    await expectApiError(call(person.token), 403, FORBIDDEN);
  });

  it('nobody may write the audit trail (403, locked)', async () => {
    await expectApiError(
      t.admin().collection('user_activities').create({ action: 'CREATE' }),
      403,
      FORBIDDEN,
    );
    const role = await t.admin().collection('roles').create({ title: 'Audited role' });
    const entry = await t
      .admin()
      .collection('user_activities')
      .getFirstListItem(`record = "${role.id}"`);
    await expectApiError(
      t.admin().collection('user_activities').update(entry.id, { comment: 'x' }),
      403,
      FORBIDDEN,
    );
    await expectApiError(t.admin().collection('user_activities').delete(entry.id), 403, FORBIDDEN);
  });

  it('a field behind a permission cannot be written without it', async () => {
    const person = await t.employeeWith(['employees.read', 'employees.update']);
    const other = await t.employeeWith(['projects.read']);
    await expectApiError(
      t.sdk(person.token).collection('employees').update(other.id, { basic_salary: 1000 }),
      400,
      'Failed to update record.',
      {
        basic_salary: {
          code: 'validation_forbidden_field',
          message: 'You are not allowed to change this field.',
        },
      },
    );
  });
});

describe('ClientResponseError', () => {
  it('carries url, status, isAbort and the body as response {data, message, status}', async () => {
    const pb = t.admin();
    const err = await failure(pb.collection('roles').getOne('aaaaaaaaaaaaaaa', { expand: 'x' }));
    expect(err).toBeInstanceOf(ClientResponseError);
    expect(err.url).toBe(`${t.baseUrl}/api/collections/roles/records/aaaaaaaaaaaaaaa?expand=x`);
    expect(err.status).toBe(404);
    expect(err.isAbort).toBe(false);
    expect(err.message).toBe(NOT_FOUND);
    expect(err.response).toEqual({ data: {}, message: NOT_FOUND, status: 404 });
    expect(Object.keys(err.response).sort()).toEqual(['data', 'message', 'status']);
    expect(err.toJSON()).toMatchObject({
      status: 404,
      response: { data: {}, message: NOT_FOUND, status: 404 },
    });
  });

  it('reports auto-cancelled duplicate requests as aborted (status 0)', async () => {
    const pb = t.sdk(t.adminToken);
    pb.autoCancellation(true);
    const first = pb.collection('roles').getList(1, 1);
    const second = pb.collection('roles').getList(1, 2);
    const err = await failure(first);
    expect(err.isAbort).toBe(true);
    expect(err.status).toBe(0);
    expect((await second).perPage).toBe(2);
  });
});
