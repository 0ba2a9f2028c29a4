/**
 * Bad input never gives a 500 nor a partial write: every case gets the documented 400/403/404
 * (or, for hostile-looking but well-formed input, an ordinary answer), the data is unchanged and
 * every table is still there afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, type FieldType } from '@app/schema';
import type { LightMyRequestResponse } from 'fastify';
import { createHmac } from 'node:crypto';
import { issueToken } from '../../src/core/auth';
import type { ModelField } from '../../src/core/collection-model';
import { signJwt } from '../../src/tools/security/jwt';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app';

type Json = Record<string, unknown>;
type ErrorBody = {
  data: Record<string, { code: string; message: string }>;
  message: string;
  status: number;
};

const BAD_REQUEST = {
  data: {},
  message: 'Something went wrong while processing your request.',
  status: 400,
};
const NOT_FOUND = { data: {}, message: "The requested resource wasn't found.", status: 404 };
const UNAUTHORIZED = {
  data: {},
  message: 'The request requires valid record authorization token.',
  status: 401,
};

let t: TestApp;
let adminId: string;
/** Row counts of every table before the suite, to prove nothing was dropped or emptied. */
const countsBefore = new Map<string, number>();
let role: Json;
let employee: Json;

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    payload?: string | Json | unknown[];
    headers?: Record<string, string>;
    token?: string | null;
  } = {},
): Promise<LightMyRequestResponse> {
  const token = options.token === undefined ? t.adminToken : options.token;
  const headers: Record<string, string> = {
    ...(token ? { authorization: token } : {}),
    ...options.headers,
  };
  return t.app.inject({
    method,
    url,
    headers,
    ...(options.payload !== undefined ? { payload: options.payload as string } : {}),
  });
}

function answer(res: LightMyRequestResponse): { status: number; body: unknown } {
  return { status: res.statusCode, body: res.body === '' ? '' : res.json<unknown>() };
}

async function tableCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const def of COLLECTIONS) {
    const { rows } = await t.db.query<{ n: string | number }>(
      `SELECT count(*)::bigint AS n FROM "${def.name}"`,
    );
    counts.set(def.name, Number(rows[0].n));
  }
  return counts;
}

async function stored(table: string, id: string): Promise<Json | undefined> {
  return (await t.db.query<Json>(`SELECT * FROM "${table}" WHERE "id" = $1`, [id])).rows[0];
}

function listUrl(collection: string, query: Record<string, string>): string {
  return `/api/collections/${collection}/records?${new URLSearchParams(query).toString()}`;
}

beforeAll(async () => {
  t = await startTestApp();
  adminId = (
    await t.db.query<{ id: string }>(`SELECT "id" FROM "employees" WHERE "email" = $1`, [
      ADMIN_EMAIL,
    ])
  ).rows[0].id;
  role = (
    await call('POST', '/api/collections/roles/records', {
      payload: { title: 'Bad input role', permissions: ['projects.read'] },
    })
  ).json<Json>();
  employee = (
    await call('POST', '/api/collections/employees/records', {
      payload: {
        name: 'Bad Input',
        email: 'bad.input@example.org',
        password: 'Bad-input-1',
        passwordConfirm: 'Bad-input-1',
        employment_status: 'Active',
      },
    })
  ).json<Json>();
  for (const [name, n] of await tableCounts()) countsBefore.set(name, n);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

// ---- bodies ----------------------------------------------------------------------------------------

describe('malformed bodies', () => {
  const cases: Array<[string, string, string, { status: number; body: unknown }]> = [
    ['truncated JSON', 'application/json', '{"title": ', { status: 400, body: BAD_REQUEST }],
    ['not JSON at all', 'application/json', "{title: 'x'}", { status: 400, body: BAD_REQUEST }],
    ['a JSON array', 'application/json', '[{"title":"x"}]', { status: 400, body: BAD_REQUEST }],
    ['a JSON string', 'application/json', '"title"', { status: 400, body: BAD_REQUEST }],
    ['a JSON number', 'application/json', '42', { status: 400, body: BAD_REQUEST }],
    [
      'an unsupported content type',
      'text/plain',
      'title=x',
      { status: 400, body: { data: {}, message: 'Unsupported Content-Type.', status: 400 } },
    ],
    [
      'XML',
      'application/xml',
      '<title>x</title>',
      { status: 400, body: { data: {}, message: 'Unsupported Content-Type.', status: 400 } },
    ],
    [
      'a multipart body with a broken @jsonPayload',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="@jsonPayload"\r\n\r\n{"title":\r\n--XyZ--\r\n',
      { status: 400, body: BAD_REQUEST },
    ],
    [
      'a multipart body without its closing boundary',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
      { status: 400, body: BAD_REQUEST },
    ],
  ];
  for (const method of ['POST', 'PATCH'] as const) {
    it.each(cases)(`${method} with %s`, async (_label, type, payload, expected) => {
      const url =
        method === 'POST'
          ? '/api/collections/roles/records'
          : `/api/collections/roles/records/${String(role.id)}`;
      const before = await stored('roles', String(role.id));
      expect(
        answer(await call(method, url, { payload, headers: { 'content-type': type } })),
      ).toEqual(expected);
      expect(await stored('roles', String(role.id))).toEqual(before);
    });
  }

  it('a JSON null body is an empty body', async () => {
    const res = await call('POST', '/api/collections/roles/records', {
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer(res)).toEqual({
      status: 400,
      body: {
        data: { title: { code: 'validation_required', message: 'Cannot be blank.' } },
        message: 'Failed to create record.',
        status: 400,
      },
    });
  });
});

// ---- wrong values for every field type ---------------------------------------------------------

/** Bad values per field type, and the error code each must give. */
const BAD_VALUES: Record<FieldType, Array<[string, (field: ModelField) => unknown, string]>> = {
  text: [
    ['an object', () => ({ $gt: '' }), 'validation_invalid_value'],
    ['an array', () => ['a', 'b'], 'validation_invalid_value'],
    ['a huge string', () => 'x'.repeat(1_000_000), 'validation_max_text_constraint'],
    [
      'a string over max',
      (f) => 'x'.repeat(((f as { max?: number }).max || 5000) + 1),
      'validation_max_text_constraint',
    ],
    ['a NUL character', () => 'a\u0000b', 'validation_invalid_value'],
  ],
  editor: [
    ['an object', () => ({ html: '<p>' }), 'validation_invalid_value'],
    ['an array', () => ['<p>a</p>'], 'validation_invalid_value'],
    ['a NUL character', () => '<p>\u0000</p>', 'validation_invalid_value'],
  ],
  email: [
    ['not an email', () => 'not an email', 'validation_is_email'],
    ['an object', () => ({ email: 'a@b.co' }), 'validation_invalid_value'],
  ],
  url: [
    ['not a url', () => 'not a url', 'validation_invalid_url'],
    ['a javascript: url', () => 'javascript:alert(1)', 'validation_invalid_url'],
  ],
  number: [
    ['an object', () => ({ $gt: 1 }), 'validation_not_a_number'],
    ['an array', () => [1, 2], 'validation_not_a_number'],
    ['"NaN"', () => 'NaN', 'validation_not_a_number'],
    ['"Infinity"', () => 'Infinity', 'validation_not_a_number'],
    ['"-Infinity"', () => '-Infinity', 'validation_not_a_number'],
    ['"1e400"', () => '1e400', 'validation_not_a_number'],
    ['"12abc"', () => '12abc', 'validation_not_a_number'],
    ['a huge string', () => '9'.repeat(100_000), 'validation_not_a_number'],
  ],
  bool: [
    ['"maybe"', () => 'maybe', 'validation_invalid_value'],
    ['an object', () => ({}), 'validation_invalid_value'],
    ['an array', () => [true], 'validation_invalid_value'],
    ['2', () => 2, 'validation_invalid_value'],
  ],
  date: [
    ['2026-02-30', () => '2026-02-30', 'validation_invalid_date'],
    ['2026-13-01', () => '2026-13-01', 'validation_invalid_date'],
    ['2026-01-01 24:00:00', () => '2026-01-01 24:00:00', 'validation_invalid_date'],
    ['"yesterday"', () => 'yesterday', 'validation_invalid_date'],
    ['a number', () => 1767225600, 'validation_invalid_date'],
    ['an object', () => ({ $date: '2026-01-01' }), 'validation_invalid_date'],
    ['an array', () => ['2026-01-01'], 'validation_invalid_date'],
  ],
  select: [
    ['an unknown value', () => 'no such value', 'validation_invalid_value'],
    ['an object', () => ({ value: 'x' }), 'validation_invalid_value'],
    ['a NUL character', () => '\u0000', 'validation_invalid_value'],
  ],
  relation: [
    ['an unknown id', () => 'nosuchrecord000', 'validation_missing_rel_records'],
    ['a path trick', () => '../../etc/passwd', 'validation_missing_rel_records'],
    ['an SQL trick', () => "x' OR '1'='1", 'validation_missing_rel_records'],
    ['an object', () => ({ id: 'x' }), 'validation_missing_rel_records'],
  ],
  file: [['a name that is not one of its files', () => 'evil.png', 'validation_invalid_file']],
  json: [
    [
      'a value over maxSize',
      (f) => ({ big: 'x'.repeat(((f as { maxSize?: number }).maxSize || 1_000_000) + 10) }),
      'validation_json_size_limit',
    ],
    ['a NUL character', () => ({ text: 'a\u0000b' }), 'validation_invalid_json'],
  ],
  autodate: [],
};

/**
 * One settable field per field type (single and multiple apart) of roles and employees, which
 * between them use every type the declarations use (checked below).
 */
function fieldsByType(): Array<[FieldType, string, string]> {
  const out: Array<[FieldType, string, string]> = [];
  const seen = new Set<string>();
  for (const collection of ['roles', 'employees']) {
    for (const field of t.engine.registry.get(collection)!.fields) {
      if (field.system && field.name !== 'email' && field.name !== 'emailVisibility') continue;
      if (field.readOnly || field.hidden || field.type === 'autodate') continue;
      const key = `${field.type}:${(field as { maxSelect?: number }).maxSelect && (field as { maxSelect?: number }).maxSelect! > 1 ? 'multi' : 'single'}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([field.type, collection, field.name]);
    }
  }
  return out;
}

describe('wrong values for every field type', () => {
  it('covers every field type the declarations use (bar autodate and url where none is declared)', () => {
    const covered = new Set(fieldsByType().map(([type]) => type));
    const declared = new Set(COLLECTIONS.flatMap((d) => d.fields.map((f) => f.type)));
    for (const type of [
      'text',
      'editor',
      'email',
      'number',
      'bool',
      'date',
      'select',
      'relation',
      'file',
      'json',
    ] as const) {
      expect(covered.has(type) || !declared.has(type), type).toBe(true);
    }
  });

  it('each bad value is refused with its error code on update and on create, and nothing is written', async () => {
    const counts = await tableCounts();
    const failures: string[] = [];
    for (const [type, collection, name] of fieldsByType()) {
      const field = t.engine.registry.get(collection)!.field(name)!;
      const id = collection === 'roles' ? String(role.id) : String(employee.id);
      for (const [label, make, code] of BAD_VALUES[type]) {
        const value = make(field);
        const before = await stored(collection, id);
        const patch = await call('PATCH', `/api/collections/${collection}/records/${id}`, {
          payload: { [name]: value },
        });
        const body = patch.json<ErrorBody>();
        if (
          patch.statusCode !== 400 ||
          body.message !== 'Failed to update record.' ||
          body.data[name]?.code !== code
        ) {
          failures.push(
            `PATCH ${collection}.${name} = ${label}: ${patch.statusCode} ${patch.body.slice(0, 200)}`,
          );
        }
        if (JSON.stringify(await stored(collection, id)) !== JSON.stringify(before))
          failures.push(`PATCH ${collection}.${name} = ${label} changed the record`);
        // The same value in an otherwise valid create.
        const base: Json =
          collection === 'roles'
            ? { title: `Role ${label} ${name}` }
            : {
                name: 'Created Person',
                email: `c.${name}@example.org`,
                password: 'Created-1',
                passwordConfirm: 'Created-1',
                employment_status: 'Active',
              };
        const post = await call('POST', `/api/collections/${collection}/records`, {
          payload: { ...base, [name]: value },
        });
        const postBody = post.json<ErrorBody>();
        if (
          post.statusCode !== 400 ||
          postBody.message !== 'Failed to create record.' ||
          postBody.data[name]?.code !== code
        ) {
          failures.push(
            `POST ${collection}.${name} = ${label}: ${post.statusCode} ${post.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts()).toEqual(counts);
  });

  it('several bad fields at once are all reported, and nothing is written', async () => {
    const counts = await tableCounts();
    const res = await call('POST', '/api/collections/employees/records', {
      payload: {
        name: 'x'.repeat(300),
        email: 'nope',
        password: 'short',
        passwordConfirm: 'short',
        employment_status: 'Fired',
        birth_date: '2026-02-30',
        number_of_children: 'many',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.message).toBe('Failed to create record.');
    expect(Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, v.code]))).toEqual({
      name: 'validation_max_text_constraint',
      email: 'validation_is_email',
      password: 'validation_min_text_constraint',
      employment_status: 'validation_invalid_value',
      birth_date: 'validation_invalid_date',
      number_of_children: 'validation_not_a_number',
    });
    expect(await tableCounts()).toEqual(counts);
  });

  it('a single-value select or relation given a list keeps the last value (PocketBase)', async () => {
    const id = String(employee.id);
    const res = await call('PATCH', `/api/collections/employees/records/${id}`, {
      payload: { sex: ['Female', 'Male'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>().sex).toBe('Male');
    await call('PATCH', `/api/collections/employees/records/${id}`, { payload: { sex: '' } });
  });

  it('unknown fields are ignored, system fields cannot be forged', async () => {
    const res = await call('POST', '/api/collections/roles/records', {
      payload: {
        title: 'Unknown fields',
        nope: 'ignored',
        'nope+': 1,
        $where: '1=1',
        'title"; DROP TABLE roles; --': 'x',
        collectionId: 'forged',
        collectionName: 'forged',
        created: '2000-01-01 00:00:00.000Z',
        updated: '2000-01-01 00:00:00.000Z',
        _rowid: 1,
        expand: { x: 1 },
      },
    });
    expect(res.statusCode).toBe(200);
    const made = res.json<Json>();
    expect(Object.keys(made).sort()).toEqual([
      'collectionId',
      'collectionName',
      'created',
      'description',
      'id',
      'permissions',
      'title',
      'updated',
    ]);
    expect(made.collectionName).toBe('roles');
    expect(made.created).not.toBe('2000-01-01 00:00:00.000Z');
    expect(
      await call('DELETE', `/api/collections/roles/records/${String(made.id)}`).then(
        (r) => r.statusCode,
      ),
    ).toBe(204);
  });

  it.each([
    ['a path', '../../etc/passwd'],
    ['too short', 'abc'],
    ['upper case', 'ABCDEFGHIJKLMNO'],
    ['an SQL trick', "aaaaaaaaaaaaa'-"],
    ['a number', 123456789012345],
  ])('a custom id that is %s is refused', async (_label, id) => {
    const res = await call('POST', '/api/collections/roles/records', {
      payload: { id, title: `Custom id ${String(id)}` },
    });
    expect(answer(res)).toEqual({
      status: 400,
      body: {
        data: { id: { code: 'validation_invalid_format', message: 'Invalid value format.' } },
        message: 'Failed to create record.',
        status: 400,
      },
    });
  });
});

// ---- ids and collections in the path ---------------------------------------------------------

describe('ids and collection names with tricks', () => {
  const ids = [
    '..%2F..%2Fetc%2Fpasswd',
    '..',
    "abc'--",
    'abc%22%3B%20DROP%20TABLE%20roles%3B',
    '%00',
    'abc%00def',
    'x'.repeat(400),
    '%E2%80%AEabc',
    'abc%20OR%201%3D1',
    'nosuchrecord000',
  ];
  for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
    it.each(ids)(`${method} /records/%s is a 404`, async (id) => {
      const res = await call(
        method,
        `/api/collections/roles/records/${id}`,
        method === 'PATCH' ? { payload: { title: 'x' } } : {},
      );
      expect(answer(res)).toEqual({ status: 404, body: NOT_FOUND });
    });
  }

  it.each(['roles%22', "roles'--", '..%2Froles', 'ROLES', '%00', 'pg_catalog.pg_tables'])(
    'collection %s is a 404',
    async (name) => {
      const res = await call('GET', `/api/collections/${name}/records`);
      expect(answer(res)).toEqual({
        status: 404,
        body: { data: {}, message: 'Missing collection context.', status: 404 },
      });
      const write = await call('POST', `/api/collections/${name}/records`, {
        payload: { title: 'x' },
      });
      expect(answer(write)).toEqual({
        status: 404,
        body: { data: {}, message: 'Missing or invalid collection context.', status: 404 },
      });
    },
  );
});

// ---- list parameters ------------------------------------------------------------------------------

describe('page, perPage, skipTotal', () => {
  const bad: Array<Record<string, string>> = [
    { page: 'abc' },
    { page: '1.5' },
    { page: '1e3' },
    { page: '0x10' },
    { page: '99999999999999999999' },
    { perPage: 'abc' },
    { perPage: '10.0' },
    { perPage: '' + '9'.repeat(30) },
    { skipTotal: 'maybe' },
    { skipTotal: 'yes' },
    { skipTotal: '2' },
  ];
  it.each(bad)('%o is a 400', async (query) => {
    expect(answer(await call('GET', listUrl('roles', query)))).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });

  const clamped: Array<[Record<string, string>, { page: number; perPage: number }]> = [
    [{ page: '0' }, { page: 1, perPage: 30 }],
    [{ page: '-3' }, { page: 1, perPage: 30 }],
    [{ perPage: '0' }, { page: 1, perPage: 30 }],
    [{ perPage: '-5' }, { page: 1, perPage: 30 }],
    [{ perPage: '100000' }, { page: 1, perPage: 1000 }],
    [
      { page: '999999999999999', perPage: '1000' },
      { page: 999999999999999, perPage: 1000 },
    ],
    [{ page: ' 2 ' }, { page: 2, perPage: 30 }],
  ];
  it.each(clamped)('%o is answered with %o', async (query, expected) => {
    const res = await call('GET', listUrl('roles', query));
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject(expected);
  });

  it.each(['1', 't', 'TRUE', 'true', 'True'])('skipTotal=%s skips the totals', async (value) => {
    const res = await call('GET', listUrl('roles', { skipTotal: value }));
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ totalItems: -1, totalPages: -1 });
  });

  it.each([
    ['page', 'page=1&page=2'],
    ['perPage', 'perPage=5&perPage=abc'],
    ['filter', 'filter=title%3D%22x%22&filter=id%3D%22y%22'],
    ['sort', 'sort=title&sort=-created'],
    ['skipTotal', 'skipTotal=1&skipTotal=0'],
    ['expand', 'expand=a&expand=b'],
    ['fields', 'fields=id&fields=title'],
  ])(
    'a repeated %s parameter uses its first value (PocketBase), never a 500',
    async (_name, query) => {
      const res = await call('GET', `/api/collections/roles/records?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const view = await call('GET', `/api/collections/roles/records/${String(role.id)}?${query}`);
      expect(view.statusCode, view.body).toBe(200);
    },
  );
});

describe('sort', () => {
  it.each([
    ['an unknown field', 'nope'],
    ['more than 8 fields', 'title,title,title,title,title,title,title,title,title'],
    ['an SQL trick', 'title;DROP TABLE roles'],
    ['a direction word', 'title DESC'],
    ['a quoted name', '"title"'],
    ['a bare minus', '-'],
    ['a json path on a text field', 'title.x'],
    ['an unknown macro', '@nope'],
    ['a multi-valued operand', 'permissions:each'],
    ['a back-relation of several records', 'employees_via_roles.name'],
    ['unicode', 'títle'],
    ['a NUL', 'title\u0000'],
    ['a name over 255 characters', 'a'.repeat(256)],
  ])('%s is a 400', async (_label, sort) => {
    expect(answer(await call('GET', listUrl('roles', { sort })))).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });

  it.each(['password', 'tokenKey', '-password', 'tokenKey,name'])(
    'the hidden field in %s cannot be sorted on, not even by the administrator',
    async (sort) => {
      expect(answer(await call('GET', listUrl('employees', { sort })))).toEqual({
        status: 400,
        body: BAD_REQUEST,
      });
    },
  );

  it.each([
    ['@collection.roles.title', 'Only superusers can filter by @collection.'],
    ['@request.auth.id', 'Only superusers can filter by @request.'],
  ])('%s is a 403', async (sort, message) => {
    expect(answer(await call('GET', listUrl('roles', { sort })))).toEqual({
      status: 403,
      body: { data: {}, message, status: 403 },
    });
  });

  it.each(['@random', '-@rowid', '+title,-created', ' title , -id '])(
    '%s is fine',
    async (sort) => {
      expect((await call('GET', listUrl('roles', { sort }))).statusCode).toBe(200);
    },
  );
});

// ---- filters ----------------------------------------------------------------------------------

describe('filters', () => {
  const syntax = [
    'title =',
    '= "x"',
    '(title = "a"',
    'title = "a")',
    'title == "a"',
    'title ~~ "a"',
    "title = 'unterminated",
    '&& title = "a"',
    'title = "a" &&',
    'title = "a" & id = "b"',
    '1 = 1 1',
    'title = 1e5',
    'title = .5',
    'title = 1.2.3',
    '") OR 1=1 --',
    "'; DROP TABLE roles; --",
    'ti"tle = 1',
    'title" = 1',
    "title' = 1",
    'títle = "x"',
    'title\u0000 = "x"',
    '@ = 1',
    'title. = 1',
    'title: = 1',
    '('.repeat(101) + 'title = "x"' + ')'.repeat(101),
    'title = "x" && '.repeat(200) + 'title = "x"',
    `title = "${'x'.repeat(3500)}"`,
    'strftime(strftime(strftime(strftime("%Y")))) = ""',
    '   ',
  ];
  it.each(syntax.map((f) => [JSON.stringify(f).slice(0, 60), f]))(
    'syntax error %s is a 400',
    async (_label, filter) => {
      const res = await call('GET', listUrl('roles', { filter }));
      if (filter.trim() === '') {
        // An empty filter means no filter.
        expect(res.statusCode).toBe(200);
        return;
      }
      expect(answer(res)).toEqual({ status: 400, body: BAD_REQUEST });
    },
  );

  const unresolvable: Array<[string, string]> = [
    ['roles', 'nope = 1'],
    ['roles', 'title.nope = 1'],
    ['roles', 'permissions.nope = 1'],
    ['roles', '#nope = 1'],
    ['roles', '@nope = 1'],
    ['roles', 'collectionId = "x"'],
    ['roles', 'title:nope = "x"'],
    ['roles', 'title:each = "x"'],
    ['roles', 'title:length = 1'],
    ['roles', 'nopes_via_title.id = 1'],
    ['roles', 'employees_via_nope.id = 1'],
    ['employees', 'password = "x"'],
    ['employees', 'tokenKey != ""'],
    ['employees', 'password:lower ~ "a"'],
    ['employees', 'phone_numbers.a-b = 1'],
    ['employee_tasks', 'employee.password = "x"'],
    ['roles', 'strftime() = ""'],
    ['roles', 'strftime(1) = ""'],
    ['roles', 'strftime(title) = ""'],
    ['roles', 'strftime("%Y", created, "x") = ""'],
    ['roles', 'geoDistance(1, 2, 3) > 0'],
    ['roles', 'geoDistance() > 0'],
    ['roles', 'nope(1) = 1'],
    ['roles', 'lower(title) = "x"'],
  ];
  it.each(unresolvable)('%s: %s is a 400', async (collection, filter) => {
    expect(answer(await call('GET', listUrl(collection, { filter })))).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });

  it.each([
    ['@collection.roles.title = "x"', 'Only superusers can filter by @collection.'],
    [
      'title = "x" || @collection.employees.password != ""',
      'Only superusers can filter by @collection.',
    ],
    ['@request.auth.id != ""', 'Only superusers can filter by @request.'],
    ['@request.auth.tokenKey != ""', 'Only superusers can filter by @request.'],
    ['title = @request.query.x', 'Only superusers can filter by @request.'],
  ])('%s is a 403', async (filter, message) => {
    expect(answer(await call('GET', listUrl('roles', { filter })))).toEqual({
      status: 403,
      body: { data: {}, message, status: 403 },
    });
  });

  const injections = [
    `title = "'; DROP TABLE roles; --"`,
    `title = '"; DROP TABLE roles; --'`,
    `title ~ "%'; DELETE FROM roles; --"`,
    `title = "x' OR '1'='1"`,
    `title = "\\"; DROP TABLE roles; --"`,
    `title = "x\\" || 1=1 || \\"x"`,
    `title ~ "\\%_\\x"`,
    `title ~ "%"`,
    `title = "日本語 🎉"`,
    `title = "${'\u202e'}abc"`,
    `description ~ "$1"`,
    `title = "$$; DROP TABLE roles; $$"`,
    `title = "x" && id = "a\\\\b"`,
    `title = 99999999999999999999999999999`,
    `title > -0.0000000001`,
    `permissions ?= "'); DROP TABLE roles; --"`,
    `permissions:each ~ "%"`,
    `created > "2026-02-30"`,
    `strftime("%Y'; DROP TABLE roles; --", created) = "x"`,
    `strftime("%Y-%m", "not a date") = ""`,
  ];
  it.each(injections)(
    '%s is just a comparison with a value (200), the table survives',
    async (filter) => {
      const res = await call('GET', listUrl('roles', { filter }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toBeInstanceOf(Array);
    },
  );

  it('`title = "x" || 1=1` is a valid filter matching everything', async () => {
    const all = (await call('GET', listUrl('roles', { filter: 'id != ""', skipTotal: '0' }))).json<{
      totalItems: number;
    }>().totalItems;
    const res = await call('GET', listUrl('roles', { filter: 'title = "x" || 1=1' }));
    expect(res.json<{ totalItems: number }>().totalItems).toBe(all);
  });

  it.each([
    ['a NUL in a text literal', 'title = "a\u0000b"'],
    ['a NUL in a like pattern', 'title ~ "%\u0000%"'],
  ])('%s is refused with a 400, not a database error', async (_label, filter) => {
    expect(answer(await call('GET', listUrl('roles', { filter })))).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });

  it('bad expand and fields parameters do not break the answer', async () => {
    for (const expand of [
      '../../x',
      'title',
      'a.b.c.d.e.f.g.h',
      'employees_via_roles.password',
      "'; DROP TABLE roles; --",
      ',,,',
    ]) {
      const res = await call('GET', listUrl('roles', { expand }));
      expect(res.statusCode, expand).toBe(200);
    }
    expect(answer(await call('GET', listUrl('roles', { fields: 'title:excerpt(0)' })))).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
    expect(answer(await call('GET', listUrl('roles', { fields: 'title:nope' })))).toEqual({
      status: 400,
      body: BAD_REQUEST,
    });
  });
});

// ---- tokens -------------------------------------------------------------------------------------

describe('tokens', () => {
  const employees = () => t.engine.registry.get('employees')!;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = () => ({
    id: adminId,
    type: 'auth',
    collectionId: employees().id,
    refreshable: true,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  async function signingKey(): Promise<string> {
    const row = (await stored('employees', adminId))!;
    return String(row.tokenKey) + t.secrets.get(employees(), 'auth');
  }

  const forged: Array<[string, () => Promise<string>]> = [
    ['garbage', async () => 'garbage'],
    ['three empty segments', async () => '..'],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    [
      'alg none with a signature',
      async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.${'A'.repeat(43)}`,
    ],
    [
      'HS512 header',
      async () =>
        (await signJwt(claims(), await signingKey())).replace(
          /^[^.]+/,
          b64({ alg: 'HS512', typ: 'JWT' }),
        ),
    ],
    ['a wrong key', async () => signJwt(claims(), 'not-the-key')],
    [
      'an expired token',
      async () =>
        signJwt({ ...claims(), exp: Math.floor(Date.now() / 1000) - 10 }, await signingKey()),
    ],
    [
      'a token not valid yet',
      async () =>
        signJwt({ ...claims(), nbf: Math.floor(Date.now() / 1000) + 3600 }, await signingKey()),
    ],
    [
      'a file token',
      async () =>
        signJwt(
          { ...claims(), type: 'file' },
          String((await stored('employees', adminId))!.tokenKey) +
            t.secrets.get(employees(), 'file'),
        ),
    ],
    [
      'the wrong type with the auth key',
      async () => signJwt({ ...claims(), type: 'passwordReset' }, await signingKey()),
    ],
    [
      'RS256 header signed with the key as an HMAC secret',
      async () => {
        const input = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims())}`;
        return `${input}.${createHmac('sha256', await signingKey())
          .update(input)
          .digest('base64url')}`;
      },
    ],
    [
      'a base collection id',
      async () =>
        signJwt(
          { ...claims(), collectionId: t.engine.registry.get('roles')!.id },
          await signingKey(),
        ),
    ],
    ['an SQL id', async () => signJwt({ ...claims(), id: "x' OR '1'='1" }, await signingKey())],
    [
      'an unknown id',
      async () => signJwt({ ...claims(), id: 'nosuchrecord000' }, await signingKey()),
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await signJwt(claims(), await signingKey())).split('.');
        return `${h}.${b64({ ...claims(), id: String(employee.id) })}.${s}`;
      },
    ],
    ['a huge token', async () => 'a'.repeat(10_000)],
    [
      'a payload that is not JSON',
      async () =>
        `${b64({ alg: 'HS256', typ: 'JWT' })}.${Buffer.from('not json').toString('base64url')}.sig`,
    ],
    ['binary', async () => '\u0001\u0002\u0003'],
    ['Bearer with nothing', async () => 'Bearer '],
  ];
  it.each(forged)(
    '%s is treated as a guest (401 on a protected collection)',
    async (_label, make) => {
      const token = await make();
      for (const url of [
        '/api/collections/roles/records',
        `/api/collections/roles/records/${String(role.id)}`,
      ]) {
        expect(answer(await call('GET', url, { token }))).toEqual({
          status: 401,
          body: UNAUTHORIZED,
        });
      }
      expect(
        answer(
          await call('POST', '/api/collections/roles/records', {
            token,
            payload: { title: 'By a forger' },
          }),
        ),
      ).toEqual({ status: 401, body: UNAUTHORIZED });
    },
  );

  it('a token from before the token key rotated is a guest', async () => {
    const e = await t.employeeWith(['roles.read']);
    expect(
      (await call('GET', '/api/collections/roles/records', { token: e.token })).statusCode,
    ).toBe(200);
    await t.db.query(
      `UPDATE "employees" SET "tokenKey" = 'rotated-key-00000000000000000000000000000000000000' WHERE "id" = $1`,
      [e.id],
    );
    expect(answer(await call('GET', '/api/collections/roles/records', { token: e.token }))).toEqual(
      { status: 401, body: UNAUTHORIZED },
    );
  });

  it('a suspended employee is a guest', async () => {
    const e = await t.employeeWith(['roles.read']);
    await t.db.query(`UPDATE "employees" SET "employment_status" = 'Suspended' WHERE "id" = $1`, [
      e.id,
    ]);
    expect(answer(await call('GET', '/api/collections/roles/records', { token: e.token }))).toEqual(
      { status: 401, body: UNAUTHORIZED },
    );
  });

  it.each(['Bearer ', 'bearer ', 'BEARER ', 'Bearer   '])(
    'the "%s" prefix is accepted',
    async (prefix) => {
      const row = (await stored('employees', adminId))!;
      const token = `${prefix}${await issueToken(t.secrets, employees(), row, 'auth')}`;
      expect((await call('GET', '/api/collections/roles/records', { token })).statusCode).toBe(200);
    },
  );
});

describe('afterwards', () => {
  it('every collection table is still there with (at least) the rows it had', async () => {
    for (const def of COLLECTIONS) {
      const { rows } = await t.db.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [
        `"${def.name}"`,
      ]);
      expect(rows[0].t, def.name).not.toBeNull();
    }
    const now = await tableCounts();
    for (const [name, n] of countsBefore) expect(now.get(name)!, name).toBeGreaterThanOrEqual(n);
    expect(await stored('roles', String(role.id))).toMatchObject({ title: 'Bad input role' });
  });
});
