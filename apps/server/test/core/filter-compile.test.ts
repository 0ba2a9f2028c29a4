/**
 * compileFilter semantics on real rows: a few records of test collections (created with the real
 * DDL) and, per filter, the exact set of records it selects. Expectations follow PocketBase's
 * semantics (pocketbase-api.md §3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionDef } from '@app/schema';
import { createRegistry, type Collection } from '../../src/core/collection-model';
import {
  compileFilter,
  compileSortExpression,
  FilterForbiddenError,
  FilterResolveError,
} from '../../src/core/filter/compile';
import { SqlParams } from '../../src/core/filter/params';
import { guestRequest, type RequestInfo } from '../../src/core/request-info';
import type { Database } from '../../src/db/database';
import { createCollectionSql } from '../../src/core/ddl';
import { FilterSyntaxError } from '../../src/tools/filter/parser';
import { openTestDatabase } from '../helpers/test-app';

const readAll = { permission: 'projects.read' as const };
const access = { list: readAll, view: readAll, create: readAll, update: readAll, delete: readAll };

const teams: CollectionDef = {
  name: 'fc_teams',
  type: 'base',
  label: 'Teams',
  fields: [
    { name: 'name', type: 'text' },
    { name: 'city', type: 'text' },
    { name: 'leader', type: 'relation', collection: 'fc_people', maxSelect: 1 },
  ],
  access,
  audit: [],
};

const people: CollectionDef = {
  name: 'fc_people',
  type: 'auth',
  label: 'People',
  fields: [
    { name: 'name', type: 'text' },
    { name: 'age', type: 'number' },
    { name: 'score', type: 'number', money: true },
    { name: 'active', type: 'bool' },
    { name: 'born', type: 'date' },
    { name: 'mood', type: 'select', values: ['happy', 'sad'], maxSelect: 1 },
    { name: 'tags', type: 'select', values: ['a', 'b', 'c', 'd'], maxSelect: 4 },
    { name: 'team', type: 'relation', collection: 'fc_teams', maxSelect: 1 },
    { name: 'friends', type: 'relation', collection: 'fc_people', maxSelect: 10 },
    { name: 'meta', type: 'json' },
    { name: 'secret', type: 'text', permission: 'employees.read_salary' },
  ],
  access,
  audit: [],
  auth: { activeField: 'name', activeValue: 'x', minPasswordLength: 8 },
};

const posts: CollectionDef = {
  name: 'fc_posts',
  type: 'base',
  label: 'Posts',
  fields: [
    { name: 'title', type: 'text' },
    { name: 'author', type: 'relation', collection: 'fc_people', maxSelect: 1 },
    { name: 'reviewers', type: 'relation', collection: 'fc_people', maxSelect: 10 },
  ],
  access,
  audit: [],
};

const registry = createRegistry([teams, people, posts]);
const model = (name: string): Collection => registry.get(name)!;

/** Readable labels for the 15-character ids. */
const id = (label: string) => label.padEnd(15, '0');
const label = (value: string) => value.replace(/0+$/, '');

type Row = Record<string, unknown>;
const ROWS: Record<string, Row[]> = {
  fc_teams: [
    { id: id('t1'), name: 'Red', city: 'Paris', leader: id('p1') },
    { id: id('t2'), name: 'Blue', city: '', leader: id('p4') },
  ],
  fc_people: [
    {
      id: id('p1'),
      name: 'Alice',
      age: 30,
      score: 10.5,
      active: true,
      born: '1990-05-01 00:00:00.000Z',
      mood: 'happy',
      tags: ['a', 'b'],
      team: id('t1'),
      friends: [id('p2'), id('p3')],
      meta: { level: 3, lang: 'en', nested: { x: 'deep' } },
      email: 'alice@example.org',
      secret: 's1',
    },
    {
      id: id('p2'),
      name: 'bob',
      age: 25,
      score: 0,
      active: false,
      born: '2000-01-15 08:30:00.000Z',
      mood: '',
      tags: ['b'],
      team: id('t2'),
      friends: [id('p1')],
      meta: { level: 12, lang: 'FR' },
      email: 'bob@example.org',
      secret: '',
    },
    {
      id: id('p3'),
      name: 'Carol',
      age: 0,
      score: 99.99,
      active: true,
      born: '',
      mood: 'sad',
      tags: [],
      team: '',
      friends: [],
      meta: null,
      email: 'carol@example.org',
      secret: '',
    },
    {
      id: id('p4'),
      name: 'dave',
      age: 41,
      score: 5,
      active: false,
      born: '1983-12-31 23:59:59.999Z',
      mood: 'happy',
      tags: ['a', 'b', 'c'],
      team: id('t1'),
      friends: [id('p1'), id('p2'), id('p3')],
      meta: { level: '3', lang: '' },
      email: 'dave@example.org',
      secret: '',
    },
  ],
  fc_posts: [
    { id: id('s1'), title: 'Hello world', author: id('p1'), reviewers: [id('p2')] },
    { id: id('s2'), title: '100% sure', author: id('p1'), reviewers: [] },
    { id: id('s3'), title: 'under_score', author: id('p2'), reviewers: [id('p1'), id('p3')] },
    { id: id('s4'), title: '', author: '', reviewers: [id('p4')] },
  ],
};

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  for (const collection of registry.all)
    for (const statement of createCollectionSql(collection)) await db.query(statement);
  for (const collection of registry.all) {
    for (const seed of ROWS[collection.name]) {
      const row =
        collection.type === 'auth'
          ? { ...seed, tokenKey: `key-${String(seed.id)}`, password: 'x' }
          : seed;
      const names = Object.keys(row);
      const jsonb = (name: string) =>
        collection.field(name)?.type === 'json' || Array.isArray(row[name]);
      await db.query(
        `INSERT INTO "${collection.name}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n, i) => `$${i + 1}${jsonb(n) ? '::jsonb' : ''}`).join(', ')})`,
        names.map((n) => (jsonb(n) ? JSON.stringify(row[n]) : row[n])),
      );
    }
  }
}, 60_000);

afterAll(async () => {
  await drop?.();
});

type Options = {
  mode?: 'rule' | 'client';
  request?: Partial<RequestInfo>;
  as?: string | null;
  permissions?: string[];
};

async function requestFor(options: Options): Promise<RequestInfo> {
  const base = guestRequest(options.request);
  const as = options.as === undefined ? 'p2' : options.as;
  if (as === null) return base;
  const record = (await db.query<Row>(`SELECT * FROM "fc_people" WHERE "id" = $1`, [id(as)]))
    .rows[0];
  return {
    ...base,
    auth: {
      collection: model('fc_people'),
      record,
      permissions: new Set((options.permissions ?? ['projects.read']) as never[]),
    },
  };
}

/** The labels of the records the filter selects. */
async function select(
  collection: string,
  filter: string,
  options: Options = {},
): Promise<string[]> {
  const params = new SqlParams();
  const sql = compileFilter(filter, {
    registry,
    collection: model(collection),
    alias: 't',
    request: await requestFor(options),
    mode: options.mode ?? 'client',
    params,
  });
  const { rows } = await db.query<{ id: string }>(
    `SELECT t."id" FROM "${collection}" t WHERE ${sql} ORDER BY t."id"`,
    params.values,
  );
  return rows.map((r) => label(r.id));
}

const ALL_PEOPLE = ['p1', 'p2', 'p3', 'p4'];
const ALL_POSTS = ['s1', 's2', 's3', 's4'];

type Case = [filter: string, expected: string[]];

function table(collection: string, cases: Case[], options: Options = {}): void {
  it.each(cases)(`${collection}: %s`, async (filter, expected) => {
    expect(await select(collection, filter, options)).toEqual(expected);
  });
}

describe('operators', () => {
  table('fc_people', [
    ['name = "Alice"', ['p1']],
    ['name != "Alice"', ['p2', 'p3', 'p4']],
    ['name ~ "li"', ['p1']],
    ['name ~ "AL"', ['p1']],
    ['name !~ "o"', ['p1', 'p4']],
    ['age > 25', ['p1', 'p4']],
    ['age >= 25', ['p1', 'p2', 'p4']],
    ['age < 25', ['p3']],
    ['age <= 25', ['p2', 'p3']],
    ['age = "30"', ['p1']],
    ['age > score', ['p1', 'p2', 'p4']],
    ['score = 10.5', ['p1']],
    ['score > 10', ['p1', 'p3']],
    ['score = 99.99', ['p3']],
    ['active = true', ['p1', 'p3']],
    ['active = false', ['p2', 'p4']],
    ['active != true', ['p2', 'p4']],
    ['active = 1', ['p1', 'p3']],
    ['true = active', ['p1', 'p3']],
    ['born > "1995-01-01"', ['p2']],
    ['born >= "1990-05-01 00:00:00.000Z" && born < "2000"', ['p1']],
    [`id = "${id('p3')}"`, ['p3']],
    ['1 = 1', ALL_PEOPLE],
    ['1 = 2', []],
    ['"a" ~ "A"', ALL_PEOPLE],
    ['-1 < 0', ALL_PEOPLE],
  ]);
  table('fc_posts', [
    ['title = title', ALL_POSTS],
    ['author = author', ALL_POSTS],
    ['title ~ "100%"', ['s2']],
    ['title ~ "%world"', ['s1']],
    ['title ~ "o%d"', []],
    ['title ~ "under_"', ['s3']],
    ['title ~ "de_"', []],
    ['title ~ "r_s"', ['s3']],
    ['title ~ "1%e"', ['s2']],
    ['title ~ "0% s"', []],
    ['title !~ "o"', ['s2', 's4']],
  ]);
});

describe('and / or', () => {
  table('fc_people', [
    ['age > 40 || age < 1 && active = false', ['p4']],
    ['(age > 40 || age < 1) && active = true', ['p3']],
    ['age > 40 || (age < 1 && active = true)', ['p3', 'p4']],
    ['((name = "Alice"))', ['p1']],
    ['() && name = "bob"', ['p2']],
    ['name = "bob" // a comment\n || name = "dave"', ['p2', 'p4']],
  ]);
});

describe('null and empty normalisation', () => {
  table('fc_people', [
    ['mood = ""', ['p2']],
    ['mood = null', ['p2']],
    ['mood != ""', ['p1', 'p3', 'p4']],
    ['mood != null', ['p1', 'p3', 'p4']],
    ['null = mood', ['p2']],
    ['born = ""', ['p3']],
    ['born != ""', ['p1', 'p2', 'p4']],
    ['team = ""', ['p3']],
    ['null = null', ALL_PEOPLE],
    ['"" = null', ALL_PEOPLE],
    ['null != null', []],
    ['"" != ""', []],
    ['meta = null', ['p3']],
    ['meta != null', ['p1', 'p2', 'p4']],
    ['name = mood', []],
    ['mood = team', []],
  ]);
  table('fc_posts', [
    ['title = ""', ['s4']],
    ['title = null', ['s4']],
    ['title != ""', ['s1', 's2', 's3']],
    ['author = null', ['s4']],
    ['author.name = ""', ['s4']],
    ['author.name != ""', ['s1', 's2', 's3']],
  ]);
});

describe("a multiple field named alone: its stored JSON text (PocketBase's column)", () => {
  table('fc_people', [
    ['tags ~ "a"', ['p1', 'p4']],
    ['tags ?~ "a"', ['p1', 'p4']],
    ['tags !~ "c"', ['p1', 'p2', 'p3']],
    ['tags = "b"', []],
    ['tags ?= "b"', []],
    ['tags = \'["b"]\'', ['p2']],
    ['tags = \'["a","b","c"]\'', ['p4']],
    ['tags = "[]"', ['p3']],
    // "[]" is stored text, not an empty value.
    ['tags = ""', []],
    ['tags != ""', ALL_PEOPLE],
    ['tags:lower ~ "B"', ['p1', 'p2', 'p4']],
    [`friends ~ "${id('p2')}"`, ['p1', 'p4']],
    [`friends = "${id('p1')}"`, []],
    ['friends = "[]"', ['p3']],
    // At the end of a relation path: each friend's JSON text.
    ['friends.tags ?~ "a"', ['p2', 'p4']],
    ['friends.tags ?= \'["b"]\'', ['p1', 'p4']],
  ]);
  table('fc_posts', [
    ['reviewers = "[]"', ['s2']],
    [`reviewers ~ "${id('p1')}"`, ['s3']],
  ]);
});

describe('per-value operands: ":each", relation paths, back-relations (match-all, "?" any)', () => {
  table('fc_people', [
    ['tags:each ?= "a"', ['p1', 'p4']],
    ['tags:each = "b"', ['p2']],
    // No values at all: PocketBase compares against NULL.
    ['tags:each != "c"', ['p1', 'p2', 'p3']],
    ['tags:each ?!= "a"', ALL_PEOPLE],
    ['tags:each = ""', ['p3']],
    ['tags:each ?= ""', ['p3']],
    ['tags:each ?~ "c"', ['p4']],
    ['tags:each ?~ "C"', ['p4']],
    ['tags:length = 0', ['p3']],
    ['tags:length > 1', ['p1', 'p4']],
    [`friends:each ?= "${id('p2')}"`, ['p1', 'p4']],
    [`friends.id ?= "${id('p2')}"`, ['p1', 'p4']],
    ['friends.name ?= "Carol"', ['p1', 'p4']],
    ['friends.age > 20', ['p2']],
    ['friends.age ?> 28', ['p2', 'p4']],
    ['friends:length = 3', ['p4']],
    ['friends.tags:each ?= "a"', ['p2', 'p4']],
    ['friends.team.name ?= "Blue"', ['p1', 'p4']],
    // p3 has no friends and no team: both sides are empty, and '' = '' (PocketBase's COALESCE form).
    ['friends.id ?= team.leader', ['p3', 'p4']],
  ]);
  table('fc_posts', [
    ['reviewers:length = 0', ['s2']],
    ['reviewers.name ?~ "car"', ['s3']],
    ['reviewers.age > 20', ['s1', 's4']],
    ['reviewers.age ?> 20', ['s1', 's3', 's4']],
    ['reviewers:each ?= author', []],
    ['reviewers.age ?> author.age', ['s3']],
  ]);
});

describe('relations and back-relations', () => {
  table('fc_people', [
    ['team.name = "Red"', ['p1', 'p4']],
    ['team.city = ""', ['p2', 'p3']],
    [`team.id = "${id('t1')}"`, ['p1', 'p4']],
    ['team.leader.name = "dave"', ['p2']],
    ['team.leader.team.name = "Red"', ['p1', 'p2', 'p4']],
    ['fc_posts_via_author.title ?~ "hello"', ['p1']],
    ['fc_posts_via_author.title ~ "o"', ['p2']],
    [`fc_posts_via_author.id ?= "${id('s2')}"`, ['p1']],
    [`fc_posts_via_reviewers.id ?= "${id('s3')}"`, ['p1', 'p3']],
    ['fc_teams_via_leader.name ?= "Blue"', ['p4']],
    ['fc_posts_via_author.reviewers.name ?= "Carol"', ['p2']],
  ]);
  table('fc_teams', [
    ['fc_people_via_team.name ?= "bob"', ['t2']],
    ['fc_people_via_team.age > 29', ['t1']],
    ['leader.friends.name ?= "Carol"', ['t1', 't2']],
  ]);
});

describe('json paths', () => {
  table('fc_people', [
    // A JSON number compares as a number; the JSON string "3" is not the number 3.
    ['meta.level = 3', ['p1']],
    ['meta.level > 5', ['p2']],
    ['meta.level < 5', ['p1']],
    ['meta.level != 3', ['p2', 'p3', 'p4']],
    ['meta.lang = "en"', ['p1']],
    ['meta.lang:lower = "fr"', ['p2']],
    ['meta.nested.x = "deep"', ['p1']],
    ['meta.nested.x ~ "EE"', ['p1']],
    // JSON paths have no null fallback (PocketBase: `a IS ''` / `a IS NULL`).
    ['meta.missing = null', ALL_PEOPLE],
    ['meta.missing = ""', []],
    ['meta.lang = ""', ['p4']],
    ['meta.lang = null', ['p3']],
    ['meta.lang != ""', ['p1', 'p2', 'p3']],
    ['meta.lang != null', ['p1', 'p2', 'p4']],
    ['meta ~ "deep"', ['p1']],
  ]);
});

describe('modifiers', () => {
  table('fc_people', [
    ['name:lower = "alice"', ['p1']],
    ['name:lower ~ "AL"', ['p1']],
    ['team.name:lower = "red"', ['p1', 'p4']],
    ['friends.name:lower ?= "alice"', ['p2', 'p4']],
    ['tags:lower ~ "A"', ['p1', 'p4']],
  ]);
});

describe('@request.auth in rules', () => {
  table(
    'fc_people',
    [
      ['id = @request.auth.id', ['p2']],
      ['@request.auth.id != ""', ALL_PEOPLE],
      ['friends ~ @request.auth.id', ['p1', 'p4']],
      ['friends:each ?= @request.auth.id', ['p1', 'p4']],
      ['@request.auth.team.name = team.name', ['p2']],
      ['@request.auth.tags ~ "b"', ALL_PEOPLE],
      ['@request.auth.tags:each ?= "b"', ALL_PEOPLE],
      ['@request.auth.tags = "b"', []],
      ['@request.auth.age < age', ['p1', 'p4']],
      ['@request.auth.collectionName = "fc_people"', ALL_PEOPLE],
      ['@request.auth.friends.name ?= name', ['p1']],
      [`@request.auth.id:lower = "${id('p2')}"`, ALL_PEOPLE],
      ['@request.auth.email = email', ['p2']],
    ],
    { mode: 'rule', as: 'p2' },
  );
  table(
    'fc_people',
    [
      ['@request.auth.id = ""', ALL_PEOPLE],
      ['@request.auth.id != ""', []],
      ['id = @request.auth.id', []],
      ['@request.auth.team.name = "Blue"', []],
    ],
    { mode: 'rule', as: null },
  );
  table(
    'fc_posts',
    [['author = @request.auth.id || reviewers:each ?= @request.auth.id', ['s1', 's2', 's3']]],
    { mode: 'rule', as: 'p1' },
  );
});

describe('@request.body, query, headers, method, context in rules', () => {
  const request: Partial<RequestInfo> = {
    method: 'PATCH',
    body: {
      age: '30',
      name: 'Alice',
      tags: ['a', 'x'],
      team: id('t2'),
      friends: [id('p3'), id('p4')],
      note: null,
    },
    query: { x: '1' },
    headers: { x_token: 'abc' },
  };
  table(
    'fc_people',
    [
      ['age = @request.body.age', ['p1']],
      ['@request.body.name = name', ['p1']],
      ['@request.body.name:changed = true', ['p2', 'p3', 'p4']],
      ['@request.body.tags:length = 2', ALL_PEOPLE],
      ['@request.body.tags ?= "x"', ALL_PEOPLE],
      ['@request.body.tags ?= tags', []],
      ['@request.body.tags ?= tags:each', ['p1', 'p4']],
      ['@request.body.missing = null', ALL_PEOPLE],
      ['@request.body.note = ""', ALL_PEOPLE],
      ['@request.body.age:isset = true', ALL_PEOPLE],
      ['@request.body.nope:isset = true', []],
      ['@request.body.team.name = "Blue"', ALL_PEOPLE],
      ['@request.body.friends.name ?= "Carol"', ALL_PEOPLE],
      ['@request.body.friends.age > 40', []],
      ['@request.method = "PATCH"', ALL_PEOPLE],
      ['@request.context = "default"', ALL_PEOPLE],
      ['@request.query.x = "1"', ALL_PEOPLE],
      ['@request.query.nope = null', ALL_PEOPLE],
      ['@request.headers.x_token = "abc"', ALL_PEOPLE],
      ['@request.headers.x_token:lower = "ABC"', []],
    ],
    { mode: 'rule', request },
  );
});

describe('macros and functions', () => {
  const now = new Date();
  table('fc_people', [
    ['born < @now', ALL_PEOPLE],
    ['born > @yesterday', []],
    ['@todayStart < @todayEnd', ALL_PEOPLE],
    ['@yesterday < @now && @now < @tomorrow', ALL_PEOPLE],
    ['@monthStart <= @todayStart && @monthEnd >= @todayEnd', ALL_PEOPLE],
    ['@yearStart <= @monthStart && @yearEnd >= @monthEnd', ALL_PEOPLE],
    [`@year = ${now.getUTCFullYear()}`, ALL_PEOPLE],
    ['@month >= 1 && @month <= 12 && @day >= 1 && @weekday <= 6', ALL_PEOPLE],
    ['@hour >= 0 && @minute >= 0 && @second >= 0', ALL_PEOPLE],
    ['strftime("%Y", born) = "1990"', ['p1']],
    ['strftime("%Y-%m", born) = "2000-01"', ['p2']],
    ['strftime("%d/%m", born) = "31/12"', ['p4']],
    ['strftime("%H:%M:%S", born) = "08:30:00"', ['p2']],
    ['strftime("%Y", born) = ""', ['p3']],
    ['strftime("%Y", born) = null', ['p3']],
    ['strftime("%Y-%m-%d", team.leader.born) = "1983-12-31"', ['p2']],
    [`strftime("%Y") = "${now.getUTCFullYear()}"`, ALL_PEOPLE],
    ['strftime("%Y", "not a date") = ""', ALL_PEOPLE],
    // Like SQLite, an out-of-range day rolls over; impossible dates give ''.
    ['strftime("%Y-%m-%d", "2026-02-30") = "2026-03-02"', ALL_PEOPLE],
    ['strftime("%Y-%m-%d %H:%M", "2026-01-01T10:30:00Z") = "2026-01-01 10:30"', ALL_PEOPLE],
    ['strftime("%Y", "2026-13-01") = ""', ALL_PEOPLE],
    ['strftime("%Y", "0000-01-01") = ""', ALL_PEOPLE],
    ['strftime("%Y", name) = ""', ALL_PEOPLE],
    ['geoDistance(0, 0, 0, 1) > 111 && geoDistance(0, 0, 0, 1) < 112', ALL_PEOPLE],
    ['geoDistance(age, 0, age, 0) = 0', ALL_PEOPLE],
    ['geoDistance(0, 0, 180, 0) > 20015 && geoDistance(0, 0, 180, 0) < 20016', ALL_PEOPLE],
    ['geoDistance(name, 0, 0, 0) = null', ALL_PEOPLE],
    ['geoDistance(" 1.5e1 ", 0, 15, 0) = 0', ALL_PEOPLE],
    ['geoDistance(10000, 10000, -33333, 77777) >= 0', ALL_PEOPLE],
  ]);
});

describe('what a client filter may not do', () => {
  const cases: Array<[string, string, new (...args: never[]) => Error]> = [
    ['fc_people', 'password = ""', FilterResolveError],
    ['fc_people', 'tokenKey != ""', FilterResolveError],
    ['fc_posts', 'author.tokenKey != ""', FilterResolveError],
    ['fc_people', 'secret = "s1"', FilterResolveError],
    ['fc_posts', 'author.secret = "s1"', FilterResolveError],
    ['fc_people', '@request.auth.id != ""', FilterForbiddenError],
    ['fc_people', '@collection.fc_posts.title = "x"', FilterForbiddenError],
    ['fc_people', 'nope = 1', FilterResolveError],
    ['fc_people', 'name:each = "x"', FilterResolveError],
    ['fc_people', 'name:length = 1', FilterResolveError],
    ['fc_people', 'name:nope = 1', FilterResolveError],
    ['fc_people', 'fc_posts_via_title.id = 1', FilterResolveError],
    ['fc_people', 'name = (', FilterSyntaxError],
  ];
  it.each(cases)('%s: %s throws', async (collection, filter, error) => {
    const request = await requestFor({});
    expect(() =>
      compileFilter(filter, {
        registry,
        collection: model(collection),
        alias: 't',
        request,
        mode: 'client',
        params: new SqlParams(),
      }),
    ).toThrow(error);
  });

  it('a field behind a permission is filterable with the permission', async () => {
    expect(
      await select('fc_people', 'secret = "s1"', {
        permissions: ['projects.read', 'employees.read_salary'],
      }),
    ).toEqual(['p1']);
  });

  it('joins into a collection the account cannot list make the client filter fail', async () => {
    const request = await requestFor({ permissions: [] });
    expect(() =>
      compileFilter('team.name = "Red"', {
        registry,
        collection: model('fc_people'),
        alias: 't',
        request,
        mode: 'client',
        params: new SqlParams(),
      }),
    ).toThrow(FilterResolveError);
  });

  it('@collection joins work in rules', async () => {
    expect(
      await select('fc_people', '@collection.fc_posts.author ?= id', { mode: 'rule' }),
    ).toEqual(['p1', 'p2']);
    expect(
      await select(
        'fc_people',
        '@collection.fc_posts.author ?= id && @collection.fc_posts.title ?~ "score"',
        { mode: 'rule' },
      ),
    ).toEqual(['p1', 'p2']);
    expect(
      await select(
        'fc_people',
        '@collection.fc_posts:p.author ?= id && @collection.fc_posts:p.title ?~ "nothing"',
        { mode: 'rule' },
      ),
    ).toEqual([]);
  });
});

describe('sort expressions', () => {
  it.each([
    ['age', ['p3', 'p2', 'p1', 'p4']],
    ['team.name', ['p3', 'p2', 'p1', 'p4']],
    ['-score', ['p3', 'p1', 'p4', 'p2']],
    ['meta.nested.x', ['p2', 'p3', 'p4', 'p1']],
  ])('%s', async (path, expected) => {
    const descending = path.startsWith('-');
    const params = new SqlParams();
    const request = await requestFor({});
    const expr = compileSortExpression(path.replace(/^-/, ''), {
      registry,
      collection: model('fc_people'),
      alias: 't',
      request,
      mode: 'client',
      params,
    });
    const { rows } = await db.query<{ id: string }>(
      `SELECT t."id" FROM "fc_people" t ORDER BY ${expr} ${descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}, t."id"`,
      params.values,
    );
    expect(rows.map((r) => label(r.id))).toEqual(expected);
  });

  it('a multi-valued path cannot be sorted on', async () => {
    const request = await requestFor({});
    expect(() =>
      compileSortExpression('tags:each', {
        registry,
        collection: model('fc_people'),
        alias: 't',
        request,
        mode: 'client',
        params: new SqlParams(),
      }),
    ).toThrow(FilterResolveError);
  });
});
