/**
 * What the request context gives rules as `@request.*`: the headers under snake_case names
 * (first value of a repeated one), made only when something reads them, and the query's first
 * values. No token here, so no account is looked up.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionRegistry } from '../../src/core/collection-model';
import type { Database } from '../../src/db/database';
import { requestContextPlugin } from '../../src/plugins/request-context';
import type { Secrets } from '../../src/core/auth';

const app = Fastify();
beforeAll(async () => {
  await app.register(requestContextPlugin, {
    db: {} as Database,
    registry: {} as CollectionRegistry,
    secrets: {} as Secrets,
  });
  app.get('/api/probe', async (request) => ({
    keys: Object.keys(request.info),
    headers: request.info.headers,
    query: request.info.query,
    guest: request.info.auth === null,
  }));
  await app.ready();
});
afterAll(() => app.close());

describe('@request of a request', () => {
  it('holds its headers in snake_case and its query, as a guest', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/probe?page=2&tag=a&tag=b',
      headers: { 'X-Probe-Value': 'yes', 'Accept-Language': 'ar' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.guest).toBe(true);
    expect(body.keys).toEqual(
      expect.arrayContaining(['auth', 'method', 'query', 'headers', 'body']),
    );
    expect(body.headers).toMatchObject({ x_probe_value: 'yes', accept_language: 'ar' });
    expect(body.query).toEqual({ page: '2', tag: 'a' });
  });
});
