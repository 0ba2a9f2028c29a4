import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, rowId, sorted, startCompatApp, type CompatApp } from './sdk-harness';

// The filter grammar through `getFullList({ filter })`, against the real collections.
// Each collection also holds rows the harness made (the administrator, its role…): results are
// compared on the rows this file inserted, by their short names.

let t: CompatApp;
let admin: PocketBase;

const OLD = '2024-02-01 08:00:00.000Z';

/** Roles by short name: [title, description, permissions]. */
const ROLES = {
  alpha: ['Alpha Readers', 'first', ['projects.read', 'roles.read']],
  beta: ['Beta Writers', '', ['projects.read', 'projects.update']],
  gamma: ['Gamma Empty', '', []],
  delta: ['Delta Solo', '', ['projects.read']],
  pct: ['100% Sure_thing', '', ['users.read']],
  quote: [`Quote "Role" O'Hara`, '', ['topics.read']],
} as const;
type RoleKey = keyof typeof ROLES | 'today';
const roleIds = new Map<RoleKey, string>();

type EmployeeKey = 'amira' | 'bilal' | 'carla' | 'zoe' | 'omar';
const employeeIds = new Map<EmployeeKey, string>();
const projectIds = { wells: rowId(), meals: rowId() };

/** Short names of this file's records among the filter's results. */
async function matching<K extends string>(
  pb: PocketBase,
  collection: string,
  ids: Map<K, string>,
  filter: string,
): Promise<K[]> {
  const items = await pb.collection(collection).getFullList({ filter });
  const byId = new Map([...ids].map(([k, id]) => [id, k] as const));
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  return sorted(items.flatMap((i) => (byId.has(i.id) ? [byId.get(i.id)!] : []))) as K[];
}
const roles = (filter: string, pb = admin) => matching(pb, 'roles', roleIds, filter);
const employees = (filter: string, pb = admin) => matching(pb, 'employees', employeeIds, filter);
/** `ROLE:beta` in a filter becomes that role's id. */
const withRoleIds = (filter: string) =>
  filter.replace(/ROLE:(\w+)/g, (_m, k: RoleKey) => roleIds.get(k)!);

beforeAll(async () => {
  t = await startCompatApp();
  admin = t.admin();
  for (const [key, [title, description, permissions]] of Object.entries(ROLES)) {
    const id = rowId();
    roleIds.set(key as RoleKey, id);
    await t.db.query(
      `INSERT INTO "roles" ("id","title","description","permissions","created","updated") VALUES ($1,$2,$3,$4::jsonb,$5,$5)`,
      [id, title, description, JSON.stringify(permissions), OLD],
    );
  }
  // One role made today, through the API.
  roleIds.set(
    'today',
    (
      await admin
        .collection('roles')
        .create({ title: 'Today Role', permissions: ['articles.read'] })
    ).id,
  );

  for (const [id, title] of [
    [projectIds.wells, 'Water Wells'],
    [projectIds.meals, 'School Meals'],
  ]) {
    await t.db.query(
      `INSERT INTO "projects" ("id","title","created","updated") VALUES ($1,$2,$3,$3)`,
      [id, title, OLD],
    );
  }

  const r = (k: RoleKey) => roleIds.get(k)!;
  const people: Array<
    [EmployeeKey, string, number, boolean, string, string[], string, unknown, string, string]
  > = [
    // key, name, children, verified, birth_date, roles, project, phone_numbers, status, address
    [
      'amira',
      'Amira Haddad',
      2,
      true,
      '1990-05-01 00:00:00.000Z',
      [r('alpha'), r('beta')],
      projectIds.wells,
      { mobile: '0791', home: '06' },
      'Active',
      'Amman',
    ],
    [
      'bilal',
      'Bilal Nasser',
      0,
      false,
      '1985-12-31 23:00:00.000Z',
      [r('beta')],
      '',
      null,
      'Suspended',
      '',
    ],
    [
      'carla',
      'Carla Diaz',
      5,
      true,
      '',
      [r('delta')],
      projectIds.meals,
      ['a', 'b'],
      'On_Leave',
      'Irbid',
    ],
    [
      'zoe',
      'Zoe Kim',
      1,
      false,
      '2001-02-03 00:00:00.000Z',
      [r('beta'), r('pct')],
      projectIds.wells,
      { mobile: '0780' },
      'Active',
      'Zarqa',
    ],
    ['omar', 'Omar Empty', 3, false, '', [], '', null, 'Resigned', ''],
  ];
  for (const [
    key,
    name,
    children,
    verified,
    birth,
    roleList,
    project,
    phones,
    status,
    address,
  ] of people) {
    const id = rowId();
    employeeIds.set(key, id);
    await t.db.query(
      `INSERT INTO "employees" ("id","email","tokenKey","name","number_of_children","verified","birth_date","roles","project","phone_numbers","employment_status","address","created","updated")
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9,$10::jsonb,$11,$12,$13,$13)`,
      [
        id,
        `${key}@filters.test`,
        `key-${id}`,
        name,
        children,
        verified,
        birth,
        JSON.stringify(roleList),
        project,
        phones === null ? null : JSON.stringify(phones),
        status,
        address,
        OLD,
      ],
    );
  }
});
afterAll(async () => t.stop());

describe('operators on scalar fields (roles)', () => {
  it.each<[string, RoleKey[]]>([
    ['title = "Alpha Readers"', ['alpha']],
    ['title != "Alpha Readers"', ['beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
    ['title > "C"', ['delta', 'gamma', 'quote', 'today']],
    ['title >= "Delta Solo"', ['delta', 'gamma', 'quote', 'today']],
    ['title < "B"', ['alpha', 'pct']],
    ['title <= "Beta Writers"', ['alpha', 'beta', 'pct']],
    ['title ~ "read"', ['alpha']],
    ['title !~ "er"', ['delta', 'gamma', 'pct', 'quote', 'today']],
    ['title ?= "Delta Solo"', ['delta']],
    ['title ?!= "Delta Solo"', ['alpha', 'beta', 'gamma', 'pct', 'quote', 'today']],
    ['title ?> "Q"', ['quote', 'today']],
    ['title ?>= "Quote"', ['quote', 'today']],
    ['title ?< "Alpha Readers"', ['pct']],
    ['title ?<= "Alpha Readers"', ['alpha', 'pct']],
    ['title ?~ "solo"', ['delta']],
    ['title ?!~ "a"', ['pct']],
    ['title:lower = "alpha readers"', ['alpha']],
    ['title:lower ~ "GAMMA"', ['gamma']],
    [`title = 'Quote "Role" O\\'Hara'`, ['quote']],
    [`title = "Quote \\"Role\\" O'Hara"`, ['quote']],
  ])('%s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });
});

describe('LIKE wildcards and escaping', () => {
  it.each<[string, RoleKey[]]>([
    // No "%": a contains-search where "_" and "\" are literal characters.
    ['title ~ "_"', ['pct']],
    ['title ~ "a_R"', []],
    ['title ~ "Sure_thing"', ['pct']],
    ['title ~ "O\'Hara"', ['quote']],
    [`title ~ '"Role"'`, ['quote']],
    // An unescaped "%" makes the value a raw pattern, anchored at both ends.
    ['title ~ "100%"', ['pct']],
    ['title ~ "B%Writers"', ['beta']],
    ['title ~ "eta%"', []],
    ['title ~ "%role"', ['today']],
    ['title ~ "%Role%"', ['quote', 'today']],
    ['title ~ "%"', ['alpha', 'beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
    ['title !~ "%a"', ['alpha', 'beta', 'delta', 'gamma', 'pct', 'today']],
  ])('%s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });
});

describe('null and empty normalization', () => {
  it.each<[string, RoleKey[]]>([
    ['description = ""', ['beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
    ['description = null', ['beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
    ['description != ""', ['alpha']],
    ['description != null', ['alpha']],
    ['"" = description', ['beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
  ])('roles: %s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });

  it.each<[string, EmployeeKey[]]>([
    ['address = ""', ['bilal', 'omar']],
    ['address != ""', ['amira', 'carla', 'zoe']],
    ['address != null', ['amira', 'carla', 'zoe']],
    ['birth_date = null', ['carla', 'omar']],
    ['project = ""', ['bilal', 'omar']],
    ['project != null', ['amira', 'carla', 'zoe']],
    // JSON fields compare without the "" fallback.
    ['phone_numbers = null', ['bilal', 'omar']],
    ['phone_numbers != null', ['amira', 'carla', 'zoe']],
  ])('employees: %s', async (filter, expected) => {
    expect(await employees(filter)).toEqual(expected);
  });
});

describe('number, bool, date, select, json and relation fields (employees)', () => {
  it.each<[string, EmployeeKey[]]>([
    ['number_of_children = 5', ['carla']],
    ['number_of_children != 0', ['amira', 'carla', 'omar', 'zoe']],
    ['number_of_children > 1', ['amira', 'carla', 'omar']],
    ['number_of_children >= 2', ['amira', 'carla', 'omar']],
    ['number_of_children < 1', ['bilal']],
    ['number_of_children <= 1', ['bilal', 'zoe']],
    ['number_of_children > 1.5', ['amira', 'carla', 'omar']],
    ['number_of_children > -1 && number_of_children < 3', ['amira', 'bilal', 'zoe']],
    ['verified = true', ['amira', 'carla']],
    ['verified = false', ['bilal', 'omar', 'zoe']],
    ['verified != true', ['bilal', 'omar', 'zoe']],
    ['birth_date > "1989-01-01"', ['amira', 'zoe']],
    ['birth_date >= "1990-05-01 00:00:00.000Z"', ['amira', 'zoe']],
    ['birth_date < "1990-05-01 00:00:00.000Z" && birth_date != ""', ['bilal']],
    ['birth_date <= @now && birth_date != ""', ['amira', 'bilal', 'zoe']],
    ['employment_status = "Suspended"', ['bilal']],
    ['employment_status ?= "Active"', ['amira', 'zoe']],
    ['employment_status != "Active"', ['bilal', 'carla', 'omar']],
    ['phone_numbers.mobile = "0791"', ['amira']],
    ['phone_numbers.mobile ~ "07"', ['amira', 'zoe']],
    ['phone_numbers.home = "06"', ['amira']],
    [`project = "${projectIds.wells}"`, ['amira', 'zoe']],
    ['project.title = "Water Wells"', ['amira', 'zoe']],
    ['project.title != "Water Wells"', ['bilal', 'carla', 'omar']],
    ['project.title ~ "meal"', ['carla']],
    // A missing value matches neither ~ nor !~ (SQL NULL), as in PocketBase.
    ['project.title !~ "Wells"', ['carla']],
    ['phone_numbers.home !~ "9"', ['amira']],
    ['name:lower = "amira haddad"', ['amira']],
    ['created <= @now', ['amira', 'bilal', 'carla', 'omar', 'zoe']],
  ])('%s', async (filter, expected) => {
    expect(await employees(filter)).toEqual(expected);
  });
});

describe('a multiple field named alone is its stored JSON text, as in PocketBase', () => {
  // PocketBase resolves `permissions` to the column itself, `["projects.read","roles.read"]`:
  // `~` searches that text, `=` compares all of it, and `?` changes nothing (no values to match).
  it.each<[string, RoleKey[]]>([
    ['permissions ~ "projects.read"', ['alpha', 'beta', 'delta']],
    ['permissions ?~ "projects.read"', ['alpha', 'beta', 'delta']],
    ['permissions ~ "read"', ['alpha', 'beta', 'delta', 'pct', 'quote', 'today']],
    ['permissions ~ "update"', ['beta']],
    ['permissions !~ "projects"', ['gamma', 'pct', 'quote', 'today']],
    ['permissions ?!~ "projects"', ['gamma', 'pct', 'quote', 'today']],
    ['permissions = "projects.read"', []],
    ['permissions ?= "projects.read"', []],
    ['permissions = \'["projects.read"]\'', ['delta']],
    ['permissions = \'["projects.read","roles.read"]\'', ['alpha']],
    // Compact, as PocketBase stores it: no space after the comma.
    ['permissions ~ \'","\'', ['alpha', 'beta']],
    ['permissions = "[]"', ['gamma']],
    ['permissions != "[]"', ['alpha', 'beta', 'delta', 'pct', 'quote', 'today']],
    // "[]" is not empty text.
    ['permissions = ""', []],
    [
      'permissions != "projects.read"',
      ['alpha', 'beta', 'delta', 'gamma', 'pct', 'quote', 'today'],
    ],
    ['permissions:lower ~ "PROJECTS.UPDATE"', ['beta']],
  ])('roles: %s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });

  it.each<[string, EmployeeKey[]]>([
    ['roles ~ "ROLE:beta"', ['amira', 'bilal', 'zoe']],
    ['roles ?~ "ROLE:beta"', ['amira', 'bilal', 'zoe']],
    ['roles !~ "ROLE:beta"', ['carla', 'omar']],
    // Even a list of one is not its element.
    ['roles = "ROLE:beta"', []],
    ['roles ?= "ROLE:beta"', []],
    ['roles = \'["ROLE:beta"]\'', ['bilal']],
    ['roles = "[]"', ['omar']],
  ])('employees: %s', async (filter, expected) => {
    expect(await employees(withRoleIds(filter))).toEqual(expected);
  });
});

describe('per-value operands: ":each", relation paths; plain operators match all values, "?" any', () => {
  it.each<[string, RoleKey[]]>([
    ['permissions:each ?= "projects.read"', ['alpha', 'beta', 'delta']],
    ['permissions:each = "projects.read"', ['delta']],
    ['permissions:each != "projects.read"', ['gamma', 'pct', 'quote', 'today']],
    ['permissions:each ?!= "projects.read"', ['alpha', 'beta', 'gamma', 'pct', 'quote', 'today']],
    ['permissions:each ?~ "update"', ['beta']],
    ['permissions:each ~ "read"', ['alpha', 'delta', 'pct', 'quote', 'today']],
    ['permissions:each ?!~ "projects"', ['alpha', 'pct', 'quote', 'today']],
    ['permissions:each !~ "projects"', ['pct', 'quote', 'today']],
    ['permissions:each ?> "topics"', ['pct', 'quote']],
    ['permissions:each > "p"', ['alpha', 'beta', 'delta', 'pct', 'quote']],
    ['permissions:each ?>= "users.read"', ['pct']],
    ['permissions:each ?< "b"', ['today']],
    ['permissions:each ?<= "articles.read"', ['today']],
    ['permissions:each < "s"', ['alpha', 'beta', 'delta', 'today']],
    ['permissions:length = 0', ['gamma']],
    ['permissions:length > 1', ['alpha', 'beta']],
    ['permissions:length = 1', ['delta', 'pct', 'quote', 'today']],
  ])('roles: %s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });

  it.each<[string, EmployeeKey[]]>([
    ['roles:each ?= "ROLE:beta"', ['amira', 'bilal', 'zoe']],
    ['roles:each = "ROLE:beta"', ['bilal']],
    ['roles.id ?= "ROLE:beta"', ['amira', 'bilal', 'zoe']],
    ['roles:length = 0', ['omar']],
    ['roles:length >= 2', ['amira', 'zoe']],
    // Relation paths through a multiple relation are multi-valued.
    ['roles.title ~ "Beta"', ['bilal']],
    ['roles.title ?~ "Beta"', ['amira', 'bilal', 'zoe']],
    ['roles.title ~ "a"', ['amira', 'bilal', 'carla']],
    ['roles.title ?~ "a"', ['amira', 'bilal', 'carla', 'zoe']],
    // A multiple field at the end of the path is, per role, its JSON text again.
    ['roles.permissions ?~ "users.read"', ['zoe']],
    ['roles.permissions ?= "users.read"', []],
    ['roles.permissions ?= \'["users.read"]\'', ['zoe']],
    ['roles.permissions ?~ "projects.update"', ['amira', 'bilal', 'zoe']],
  ])('employees: %s', async (filter, expected) => {
    expect(await employees(withRoleIds(filter))).toEqual(expected);
  });
});

describe('select and file multiple fields (website resources)', () => {
  const resourceIds = new Map<'both' | 'report' | 'bare', string>();
  const resources = (filter: string) => matching(admin, 'website_resources', resourceIds, filter);
  let bookFile = '';

  beforeAll(async () => {
    const pdf = (name: string) =>
      new File([Buffer.from(`%PDF-1.4 ${name}`)], `${name}.pdf`, { type: 'application/pdf' });
    const text = '<p>A long enough text for a resource post, read by the public website.</p>';
    const both = await admin.collection('website_resources').create({
      title: 'Reports and books',
      full_text: text,
      tags: ['reports', 'books'],
      attachments: [pdf('annualbook'), pdf('audit')],
    });
    const report = await admin
      .collection('website_resources')
      .create({ title: 'One report', full_text: text, tags: ['reports'], attachments: [pdf('x')] });
    const bare = await admin
      .collection('website_resources')
      .create({ title: 'Nothing attached', full_text: text });
    resourceIds.set('both', both.id).set('report', report.id).set('bare', bare.id);
    bookFile = both.attachments[0];
  });

  it.each<[string, Array<'both' | 'report' | 'bare'>]>([
    ['tags ~ "reports"', ['both', 'report']],
    ['tags ~ "rep"', ['both', 'report']],
    ['tags ?~ "books"', ['both']],
    ['tags !~ "books"', ['bare', 'report']],
    ['tags ?!~ "books"', ['bare', 'report']],
    ['tags = "reports"', []],
    ['tags ?= "reports"', []],
    ['tags = \'["reports"]\'', ['report']],
    ['tags = \'["reports","books"]\'', ['both']],
    ['tags = "[]"', ['bare']],
    ['tags:each ?= "reports"', ['both', 'report']],
    ['tags:each = "reports"', ['report']],
    ['attachments ~ "annualbook"', ['both']],
    ['attachments ~ ".pdf"', ['both', 'report']],
    ['attachments !~ "audit"', ['bare', 'report']],
    ['attachments ?!~ "audit"', ['bare', 'report']],
    ['attachments = "[]"', ['bare']],
    ['attachments != "[]"', ['both', 'report']],
    ['attachments:length = 2', ['both']],
  ])('%s', async (filter, expected) => {
    expect(await resources(filter)).toEqual(expected);
  });

  it('compares a file field with a stored name only through ":each"', async () => {
    expect(bookFile).toMatch(/^annualbook_\w+\.pdf$/);
    expect(await resources(`attachments = "${bookFile}"`)).toEqual([]);
    expect(await resources(`attachments ?= "${bookFile}"`)).toEqual([]);
    expect(await resources(`attachments:each ?= "${bookFile}"`)).toEqual(['both']);
    expect(await resources(`attachments ~ "${bookFile}"`)).toEqual(['both']);
  });
});

describe('back-relations (employees_via_roles on roles)', () => {
  it.each<[string, RoleKey[]]>([
    ['employees_via_roles.name ?~ "Amira"', ['alpha', 'beta']],
    ['employees_via_roles.name ?~ "a"', ['alpha', 'beta', 'delta']],
    ['employees_via_roles.name ~ "a"', ['alpha', 'delta']],
    ['employees_via_roles.number_of_children ?= 2', ['alpha', 'beta']],
    [
      'employees_via_roles.number_of_children ?!= 2',
      ['beta', 'delta', 'gamma', 'pct', 'quote', 'today'],
    ],
    ['employees_via_roles.number_of_children ?> 3', ['delta']],
    ['employees_via_roles.number_of_children > 0', ['alpha', 'delta', 'pct']],
    ['employees_via_roles.number_of_children ?>= 5', ['delta']],
    ['employees_via_roles.number_of_children ?< 1', ['beta']],
    ['employees_via_roles.number_of_children ?<= 1', ['beta', 'pct']],
    ['employees_via_roles.employment_status ?= "Suspended"', ['beta']],
  ])('%s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });
});

describe('datetime macros', () => {
  it.each<[string, RoleKey[]]>([
    ['created <= @now', ['alpha', 'beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
    ['created >= @todayStart', ['today']],
    ['created <= @todayEnd && created >= @yesterday', ['today']],
    ['created < @yesterday', ['alpha', 'beta', 'delta', 'gamma', 'pct', 'quote']],
    ['created >= @yearStart', ['today']],
    ['updated < @tomorrow', ['alpha', 'beta', 'delta', 'gamma', 'pct', 'quote', 'today']],
  ])('%s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });
});

describe('parentheses and precedence', () => {
  it.each<[string, RoleKey[]]>([
    // && binds tighter than ||.
    ['title = "Gamma Empty" || title = "Alpha Readers" && permissions:length = 5', ['gamma']],
    ['(title = "Gamma Empty" || title = "Alpha Readers") && permissions:length = 2', ['alpha']],
    ['title = "Alpha Readers" && permissions:length = 5 || title = "Delta Solo"', ['delta']],
    ['title = "Alpha Readers" && (permissions:length = 5 || title = "Delta Solo")', []],
    [
      '(title = "Beta Writers" || (title = "Delta Solo" && permissions:each ?= "projects.read")) && description = ""',
      ['beta', 'delta'],
    ],
    [
      '((title ~ "a")) && ((permissions:length = 0) || (permissions ~ "roles.read"))',
      ['alpha', 'gamma'],
    ],
    [
      'title = "Alpha Readers" || title = "Beta Writers" || title = "Delta Solo" && description = "first"',
      ['alpha', 'beta'],
    ],
  ])('%s', async (filter, expected) => {
    expect(await roles(filter)).toEqual(expected);
  });

  it('combines groups on employees', async () => {
    expect(await employees('name ~ "a" && (verified = true || number_of_children = 0)')).toEqual([
      'amira',
      'bilal',
      'carla',
    ]);
    expect(await employees('verified = true || number_of_children = 0 && name ~ "Zoe"')).toEqual([
      'amira',
      'carla',
    ]);
    expect(
      await employees('(verified = true || number_of_children = 0) && name ~ "Carla"'),
    ).toEqual(['carla']);
  });
});

describe('pb.filter() placeholders', () => {
  it('quotes strings, including quotes inside them', async () => {
    const filter = admin.filter('title = {:title} || title = {:other}', {
      title: `Quote "Role" O'Hara`,
      other: 'Delta Solo',
    });
    expect(await roles(filter)).toEqual(['delta', 'quote']);
  });

  it('formats dates, numbers, booleans and null', async () => {
    expect(
      await roles(admin.filter('created >= {:since}', { since: new Date(Date.now() - 3_600_000) })),
    ).toEqual(['today']);
    expect(await roles(admin.filter('permissions:length = {:n}', { n: 0 }))).toEqual(['gamma']);
    expect(await roles(admin.filter('description = {:d}', { d: null }))).toEqual([
      'beta',
      'delta',
      'gamma',
      'pct',
      'quote',
      'today',
    ]);
    expect(
      await employees(
        admin.filter('verified = {:v} && number_of_children >= {:n}', { v: true, n: 3 }),
      ),
    ).toEqual(['carla']);
  });

  it('keeps LIKE wildcards in values literal only when there is no "%"', async () => {
    expect(await roles(admin.filter('title ~ {:q}', { q: 'Sure_' }))).toEqual(['pct']);
    expect(await roles(admin.filter('title ~ {:q}', { q: '100%' }))).toEqual(['pct']);
  });
});

describe('what client filters may not do', () => {
  it.each([
    ['filter', { filter: '@request.auth.id != ""' }, 'Only superusers can filter by @request.'],
    [
      'filter',
      { filter: 'title = "x" || @request.auth.roles ?= id' },
      'Only superusers can filter by @request.',
    ],
    [
      'filter',
      { filter: '@collection.employees.name ?= "Amira Haddad"' },
      'Only superusers can filter by @collection.',
    ],
    ['sort', { sort: '@request.auth.id' }, 'Only superusers can filter by @request.'],
  ])(
    'refuses @request/@collection in the %s even for the administrator (403)',
    async (_what, query, message) => {
      await expectApiError(admin.collection('roles').getList(1, 30, query), 403, message);
    },
  );

  it('refuses fields behind a permission the account lacks (400)', async () => {
    const reader = t.sdk((await t.employeeWith(['roles.read', 'employees.read'])).token);
    // employees.roles needs employees.read_auth.
    await expectApiError(
      reader.collection('roles').getList(1, 30, { filter: 'employees_via_roles.name ?~ "a"' }),
      400,
      'Something went wrong while processing your request.',
    );
    await expectApiError(
      reader
        .collection('employees')
        .getList(1, 30, { filter: `roles ?= "${roleIds.get('beta')}"` }),
      400,
      'Something went wrong while processing your request.',
    );
    // Fields it may read filter fine.
    expect(await employees('name = "Carla Diaz"', reader)).toEqual(['carla']);
  });

  it('refuses to filter through a collection the account may not list (400)', async () => {
    const hr = t.sdk((await t.employeeWith(['employees.read'])).token);
    await expectApiError(
      hr.collection('employees').getList(1, 30, { filter: 'project.title = "Water Wells"' }),
      400,
      'Something went wrong while processing your request.',
    );
    expect(await employees(`project = "${projectIds.wells}"`, hr)).toEqual(['amira', 'zoe']);
  });

  it('refuses hidden fields (400)', async () => {
    await expectApiError(
      admin.collection('employees').getList(1, 30, { filter: 'password != ""' }),
      400,
      'Something went wrong while processing your request.',
    );
    await expectApiError(
      admin.collection('employees').getList(1, 30, { filter: 'tokenKey != ""' }),
      400,
      'Something went wrong while processing your request.',
    );
  });
});

describe('user_activities', () => {
  it('filters the audit trail on text, select, json and date fields', async () => {
    const role = await admin
      .collection('roles')
      .create({ title: 'Audited v1', permissions: ['vaults.read'] });
    await admin.collection('roles').update(role.id, { title: 'Audited v2' });
    const adminId = (
      await t.db.query<{ id: string }>(
        `SELECT "id" FROM "employees" WHERE "name" = 'Administrator'`,
      )
    ).rows[0].id;
    const trail = (filter: string) =>
      admin
        .collection('user_activities')
        .getFullList({ filter: `record = "${role.id}" && (${filter})`, sort: '@rowid' })
        .then((items) => items.map((i) => i.action as string));

    expect(await trail('collection = "roles"')).toEqual(['CREATE', 'UPDATE']);
    expect(await trail(`actor = "${adminId}" && actor_collection = "employees"`)).toEqual([
      'CREATE',
      'UPDATE',
    ]);
    expect(await trail('action = "UPDATE"')).toEqual(['UPDATE']);
    expect(await trail('categories ~ \'"roles"\'')).toEqual(['CREATE', 'UPDATE']);
    expect(await trail('categories:each ?= "roles"')).toEqual(['CREATE', 'UPDATE']);
    expect(await trail('categories ?= "roles"')).toEqual([]);
    expect(await trail('categories:length = 2')).toEqual(['CREATE', 'UPDATE']);
    expect(await trail('before = null')).toEqual(['CREATE']);
    expect(await trail('before != null')).toEqual(['UPDATE']);
    expect(await trail('before.title ~ "v1" && after.title = "Audited v2"')).toEqual(['UPDATE']);
    expect(await trail('after.permissions ~ "vaults"')).toEqual(['CREATE', 'UPDATE']);
    expect(await trail('created >= @todayStart && created <= @now')).toEqual(['CREATE', 'UPDATE']);
  });

  it('shows an account without activity_monitor.read only its own trail', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk();
    await pb.collection('employees').authWithPassword(person.email, person.password);
    const mine = await pb
      .collection('user_activities')
      .getFullList({ filter: 'action ?= "SIGN_IN" || action = "CREATE"' });
    expect(mine.map((i) => [i.action, i.actor])).toEqual([['SIGN_IN', person.id]]);
  });
});
