import sharp from 'sharp';
import { getTokenPayload, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app';
import {
  DATETIME,
  RECORD_ID,
  failure,
  pbDate,
  rowId,
  startCompatApp,
  type CompatApp,
} from './sdk-harness';

// The calls of spec §7, made exactly as the product makes them.

let t: CompatApp;
let adminId: string;
let employeesId: string;
let rolesId: string;
let usersId: string;

beforeAll(async () => {
  t = await startCompatApp();
  adminId = (
    await t.db.query<{ id: string }>(`SELECT "id" FROM "employees" WHERE "email" = $1`, [
      ADMIN_EMAIL,
    ])
  ).rows[0].id;
  employeesId = t.engine.registry.get('employees')!.id;
  rolesId = t.engine.registry.get('roles')!.id;
  usersId = t.engine.registry.get('users')!.id;
});
afterAll(async () => t.stop());

/** A fetch that records the URLs the SDK asks for. */
function recordingFetch(urls: URL[]) {
  return (url: string | URL | Request, config?: RequestInit): Promise<Response> => {
    urls.push(new URL(String(url)));
    return fetch(url, config);
  };
}

describe('POST /api/collections/employees/auth-with-password', () => {
  it('returns the token and record and stores both as the session', async () => {
    const pb = t.sdk();
    const auth = await pb.collection('employees').authWithPassword(ADMIN_EMAIL, ADMIN_PASSWORD);

    expect(auth.token.split('.')).toHaveLength(3);
    expect(pb.authStore.token).toBe(auth.token);
    expect(pb.authStore.record).toEqual(auth.record);
    expect(pb.authStore.isValid).toBe(true);
    expect(pb.authStore.isSuperuser).toBe(false);

    const payload = getTokenPayload(auth.token);
    expect(Object.keys(payload).sort()).toEqual([
      'collectionId',
      'exp',
      'id',
      'refreshable',
      'type',
    ]);
    expect(payload).toMatchObject({
      id: adminId,
      type: 'auth',
      collectionId: employeesId,
      refreshable: true,
    });
    // Five days, as PocketBase 0.39 issues them.
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(432_000 - 60);
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(432_000);

    expect(auth.record).toMatchObject({
      collectionId: employeesId,
      collectionName: 'employees',
      id: adminId,
      email: ADMIN_EMAIL,
      emailVisibility: true,
      verified: true,
      name: 'Administrator',
      employment_status: 'Active',
    });
    expect(auth.record.roles).toHaveLength(1);
    expect(auth.record).not.toHaveProperty('password');
    expect(auth.record).not.toHaveProperty('tokenKey');

    // The stored token is what the next calls send.
    const me = await pb.collection('employees').getOne(adminId);
    expect(me.id).toBe(adminId);
  });
});

describe('GET /api/collections/roles/records (sorted by -created, all pages)', () => {
  it('fetches every role in batches of 500, newest first', async () => {
    // 1100 roles with distinct creation times, straight into the database.
    const count = 1100;
    const ids: string[] = [];
    const titles: string[] = [];
    const created: string[] = [];
    const start = Date.UTC(2024, 0, 1);
    for (let i = 0; i < count; i++) {
      ids.push(rowId());
      titles.push(`Bulk role ${String(i).padStart(4, '0')}`);
      created.push(pbDate(new Date(start + i * 1000)));
    }
    await t.db.query(
      `INSERT INTO "roles" ("id","title","description","permissions","created","updated")
       SELECT x.id, x.title, '', '[]'::jsonb, x.c, x.c FROM unnest($1::text[], $2::text[], $3::text[]) AS x(id, title, c)`,
      [ids, titles, created],
    );
    const all = (
      await t.db.query<{ id: string; created: string }>(`SELECT "id", "created" FROM "roles"`)
    ).rows;
    // Distinct creation times make "-created" a total order.
    expect(new Set(all.map((r) => r.created)).size).toBe(all.length);
    const expected = [...all].sort((a, b) => (a.created < b.created ? 1 : -1)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(1000);

    const urls: URL[] = [];
    const pb = t.admin();
    const roles = await pb
      .collection('roles')
      .getFullList({ sort: '-created', batch: 500, fetch: recordingFetch(urls) });

    expect(roles.map((r) => r.id)).toEqual(expected);
    expect(roles.every((r) => r.collectionName === 'roles' && r.collectionId === rolesId)).toBe(
      true,
    );
    const pages = Math.ceil(expected.length / 500);
    expect(urls.map((u) => u.pathname)).toEqual(
      Array(pages).fill('/api/collections/roles/records'),
    );
    expect(urls.map((u) => Object.fromEntries(u.searchParams))).toEqual(
      Array.from({ length: pages }, (_, i) => ({
        page: String(i + 1),
        perPage: '500',
        skipTotal: '1',
        sort: '-created',
      })),
    );
    // The oldest bulk role is last.
    expect(roles[roles.length - 1].title).toBe('Bulk role 0000');
  });
});

describe('GET /api/collections/roles/records/{id}', () => {
  it('returns one role', async () => {
    const id = rowId();
    await t.db.query(
      `INSERT INTO "roles" ("id","title","description","permissions","created","updated") VALUES ($1,'Auditors','Reads the books','["expenses.read","vaults.read"]'::jsonb,'2025-03-04 05:06:07.089Z','2025-03-05 00:00:00.000Z')`,
      [id],
    );
    const role = await t.admin().collection('roles').getOne(id);
    expect(role).toEqual({
      collectionId: rolesId,
      collectionName: 'roles',
      id,
      title: 'Auditors',
      description: 'Reads the books',
      permissions: ['expenses.read', 'vaults.read'],
      created: '2025-03-04 05:06:07.089Z',
      updated: '2025-03-05 00:00:00.000Z',
    });
  });

  it('rejects a missing id on the client with 404 "Missing required record id."', async () => {
    const urls: URL[] = [];
    const err = await failure(
      t
        .admin()
        .collection('roles')
        .getOne('', { fetch: recordingFetch(urls) }),
    );
    expect(err.status).toBe(404);
    expect(err.message).toBe('Missing required record id.');
    expect(err.response).toEqual({ code: 404, message: 'Missing required record id.', data: {} });
    expect(err.url).toBe(`${t.baseUrl}/api/collections/roles/records/`);
    expect(urls).toEqual([]);
  });
});

describe('POST and PATCH /api/collections/roles/records', () => {
  it('creates a role from title, description and permissions', async () => {
    const before = Date.now();
    const role = await t
      .admin()
      .collection('roles')
      .create({
        title: 'Finance officers',
        description: 'Approves expenses',
        permissions: ['expenses.read', 'expenses.update', 'vaults.read'],
      });
    expect(role).toEqual({
      collectionId: rolesId,
      collectionName: 'roles',
      id: expect.stringMatching(RECORD_ID),
      title: 'Finance officers',
      description: 'Approves expenses',
      permissions: ['expenses.read', 'expenses.update', 'vaults.read'],
      created: expect.stringMatching(DATETIME),
      updated: role.created,
    });
    const created = Date.parse(role.created.replace(' ', 'T'));
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);
    const stored = await t.db.query(`SELECT "title", "permissions" FROM "roles" WHERE "id" = $1`, [
      role.id,
    ]);
    expect(stored.rows).toEqual([
      {
        title: 'Finance officers',
        permissions: ['expenses.read', 'expenses.update', 'vaults.read'],
      },
    ]);
  });

  it('updates title, description and permissions', async () => {
    const pb = t.admin();
    const role = await pb
      .collection('roles')
      .create({ title: 'Web editors', description: '', permissions: ['topics.read'] });
    // The clock moves past the creation time, so the update's time is later.
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(role.updated.replace(' ', 'T')));
    const updated = await pb.collection('roles').update(role.id, {
      title: 'Website editors',
      description: 'Publishes articles',
      permissions: ['articles.read', 'articles.update', 'topics.read'],
    });
    expect(updated).toEqual({
      ...role,
      title: 'Website editors',
      description: 'Publishes articles',
      permissions: ['articles.read', 'articles.update', 'topics.read'],
      updated: expect.stringMatching(DATETIME),
    });
    expect(updated.updated > role.updated).toBe(true);
    expect(await pb.collection('roles').getOne(role.id)).toEqual(updated);
  });
});

describe('POST /api/collections/users/records (multipart, expand=roles)', () => {
  /** The product's user form: multipart, roles repeated, an avatar, the default password. */
  async function createUser(email: string) {
    const pb = t.admin();
    const suffix = rowId().slice(0, 6);
    const first = await pb
      .collection('roles')
      .create({ title: `Board members ${suffix}`, permissions: ['projects.read'] });
    const second = await pb
      .collection('roles')
      .create({ title: `External auditors ${suffix}`, permissions: ['expenses.read'] });
    const png = await sharp({
      create: { width: 6, height: 4, channels: 4, background: { r: 74, g: 20, b: 140, alpha: 1 } },
    })
      .png()
      .toBuffer();

    const form = new FormData();
    form.append('email', email);
    form.append('emailVisibility', 'true');
    form.append('name', 'Board Member');
    form.append('bio', 'Chairs the board.');
    form.append('status', 'ACTIVE');
    form.append('password', '12345678');
    form.append('passwordConfirm', '12345678');
    for (const id of [first.id, second.id]) form.append('roles', id);
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'My Portrait.png');

    const user = await pb.collection('users').create<RecordModel>(form, { expand: 'roles' });
    return { pb, user, first, second, png };
  }

  it('creates the user with repeated roles, expanded roles and a stored avatar', async () => {
    const { pb, user, first, second } = await createUser('Board.Member@Example.org');
    expect(user).toEqual({
      collectionId: usersId,
      collectionName: 'users',
      id: expect.stringMatching(RECORD_ID),
      email: 'Board.Member@Example.org',
      emailVisibility: true,
      verified: false,
      mustChangePassword: true,
      name: 'Board Member',
      avatar: expect.stringMatching(/^my_portrait_[a-z0-9]{10}\.png$/),
      bio: 'Chairs the board.',
      roles: [first.id, second.id],
      status: 'ACTIVE',
      created: expect.stringMatching(DATETIME),
      updated: expect.stringMatching(DATETIME),
      expand: { roles: [first, second] },
    });
    expect(user.expand!.roles.map((r: RecordModel) => r.title)).toEqual([
      first.title,
      second.title,
    ]);
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordConfirm');
    expect(pb.files.getURL(user, user.avatar)).toBe(
      `${t.baseUrl}/api/files/${usersId}/${user.id}/${user.avatar}`,
    );

    // The default password was stored (hashed) and works for signing in.
    const stored = (
      await t.db.query<{ password: string }>(`SELECT "password" FROM "users" WHERE "id" = $1`, [
        user.id,
      ])
    ).rows[0];
    expect(stored.password).not.toBe('12345678');
    const auth = await t
      .sdk()
      .collection('users')
      .authWithPassword('board.member@example.org', '12345678');
    expect(auth.record.id).toBe(user.id);
  });

  it('serves the avatar at pb.files.getURL with the uploaded bytes', async () => {
    const { pb, user, png } = await createUser('second.member@example.org');
    const download = await fetch(pb.files.getURL(user, user.avatar));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
  });
});
