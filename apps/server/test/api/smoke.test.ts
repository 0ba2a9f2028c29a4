import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

describe('smoke', () => {
  it('answers health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
  });

  it('signs the administrator in and lists roles', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/collections/employees/auth-with-password',
      payload: { identity: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { token, record } = login.json();
    expect(record.email).toBe(ADMIN_EMAIL);
    expect(record.password).toBeUndefined();
    const roles = await t.app.inject({
      method: 'GET',
      url: '/api/collections/roles/records?sort=-created',
      headers: { authorization: token },
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().items[0].title).toBe('Administrator');
  });

  it('creates, filters, updates and deletes a role', async () => {
    const headers = { authorization: t.adminToken };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections/roles/records',
      headers,
      payload: { title: 'Editors', permissions: ['topics.read', 'articles.read'] },
    });
    expect(created.statusCode).toBe(200);
    const role = created.json();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/collections/roles/records?filter=${encodeURIComponent('permissions:each ?= "topics.read" && title ~ "edit"')}`,
      headers,
    });
    expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([role.id]);
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/roles/records/${role.id}`,
      headers,
      payload: { 'permissions+': 'resources.read' },
    });
    expect(upd.json().permissions).toEqual(['topics.read', 'articles.read', 'resources.read']);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/roles/records/${role.id}`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/collections/user_activities/records?filter=${encodeURIComponent(`record = "${role.id}"`)}&sort=created`,
      headers,
    });
    expect(audit.json().items.map((a: { action: string }) => a.action)).toEqual([
      'CREATE',
      'UPDATE',
      'DELETE',
    ]);
  });
});
