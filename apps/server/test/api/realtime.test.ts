import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { openPostgres } from '../../src/db/database';
import { issueToken } from '../../src/core/auth';
import { newTokenKey } from '../../src/tools/security/random';
import { startTestApp, type TestApp } from '../helpers/test-app';

type SseEvent = { id: string; event: string; data: string };

/** A minimal EventSource over fetch that keeps the raw text for exact assertions. */
class SseStream {
  raw = '';
  ended = false;
  private buffer = '';
  private readonly queue: SseEvent[] = [];
  private waiter: (() => void) | null = null;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(baseUrl: string): Promise<SseStream> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/realtime`, { signal: abort.signal });
    const stream = new SseStream(response, abort);
    void stream.pump();
    return stream;
  }

  private async pump(): Promise<void> {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        this.raw += text;
        this.buffer += text;
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const event: SseEvent = { id: '', event: '', data: '' };
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            const key = line.slice(0, colon);
            if (key === 'id' || key === 'event' || key === 'data')
              event[key] = line.slice(colon + 1);
          }
          this.queue.push(event);
        }
        this.wake();
      }
    } catch {
      // Aborted.
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  /** The next event; fails after `timeoutMs` (only reached when a test fails). */
  async next(timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.ended) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event arrived in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.queue.shift()!;
  }

  /** The next `count` events, in arrival order. */
  async take(count: number): Promise<SseEvent[]> {
    const out: SseEvent[] = [];
    for (let i = 0; i < count; i++) out.push(await this.next());
    return out;
  }

  /** Resolves once the server has ended the stream. */
  async closedByServer(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('stream still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

type Listening = { built: BuiltApp; baseUrl: string };

async function listen(built: BuiltApp): Promise<Listening> {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { built, baseUrl: `http://127.0.0.1:${port}` };
}

const streams: SseStream[] = [];

/** Opens a stream and reads its PB_CONNECT. */
async function connect(target: Listening): Promise<{ stream: SseStream; clientId: string }> {
  const stream = await SseStream.open(target.baseUrl);
  streams.push(stream);
  const first = await stream.next();
  expect(first.event).toBe('PB_CONNECT');
  return { stream, clientId: first.id };
}

async function subscribe(
  built: BuiltApp,
  clientId: string,
  subscriptions: string[],
  token?: string,
) {
  return built.app.inject({
    method: 'POST',
    url: '/api/realtime',
    headers: token ? { authorization: token } : {},
    payload: { clientId, subscriptions },
  });
}

async function subscribed(
  built: BuiltApp,
  clientId: string,
  subscriptions: string[],
  token?: string,
): Promise<void> {
  const res = await subscribe(built, clientId, subscriptions, token);
  expect(res.statusCode).toBe(204);
}

function withOptions(topic: string, options: Record<string, unknown>): string {
  return `${topic}?options=${encodeURIComponent(JSON.stringify(options))}`;
}

function body(event: SseEvent): { record: Record<string, unknown>; action: string } {
  return JSON.parse(event.data) as { record: Record<string, unknown>; action: string };
}

let t: TestApp;
let server: Listening;
let counter = 0;

type Json = Record<string, unknown> & { id: string };

async function api(
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
): Promise<Json> {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: t.adminToken },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

async function remove(url: string): Promise<void> {
  const res = await t.app.inject({
    method: 'DELETE',
    url,
    headers: { authorization: t.adminToken },
  });
  expect(res.statusCode, res.body).toBe(204);
}

async function createProject(title: string, via: BuiltApp = t) {
  counter += 1;
  const res = await via.app.inject({
    method: 'POST',
    url: '/api/collections/projects/records',
    headers: { authorization: t.adminToken },
    payload: { title: `${title} ${counter}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { id: string; title: string };
}

beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await t.stop();
});

describe('GET /api/realtime', () => {
  it('streams with SSE headers and sends PB_CONNECT with the id line first', async () => {
    const stream = await SseStream.open(server.baseUrl);
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('access-control-allow-origin')).toBe('*');
    const first = await stream.next();
    expect(first.id).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(stream.raw).toBe(
      `id:${first.id}\nevent:PB_CONNECT\ndata:{"clientId":"${first.id}"}\n\n`,
    );
    expect(JSON.parse(first.data)).toEqual({ clientId: first.id });
    stream.close();
  });

  it('forgets a client when its connection closes', async () => {
    const { stream, clientId } = await connect(server);
    const before = t.realtime.clientCount();
    stream.close();
    await expect.poll(() => t.realtime.clientCount()).toBe(before - 1);
    const res = await subscribe(t, clientId, []);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/realtime', () => {
  const blank = { code: 'validation_required', message: 'Cannot be blank.' };
  const cases: Array<{ name: string; payload: unknown; data: Record<string, unknown> }> = [
    { name: 'missing clientId', payload: { subscriptions: [] }, data: { clientId: blank } },
    {
      name: 'empty clientId',
      payload: { clientId: '', subscriptions: [] },
      data: { clientId: blank },
    },
    {
      name: 'clientId over 255 characters',
      payload: { clientId: 'x'.repeat(256), subscriptions: [] },
      data: {
        clientId: {
          code: 'validation_length_out_of_range',
          message: 'The length must be between 1 and 255.',
          params: { max: 255, min: 1 },
        },
      },
    },
    {
      name: 'more than 1000 subscriptions',
      payload: { clientId: 'abc', subscriptions: Array.from({ length: 1001 }, (_, i) => `t${i}`) },
      data: {
        subscriptions: {
          code: 'validation_length_too_long',
          message: 'The length must be no more than 1000.',
          params: { max: 1000, min: 0 },
        },
      },
    },
    {
      name: 'a subscription over 2500 characters',
      payload: { clientId: 'abc', subscriptions: ['ok', 'y'.repeat(2501)] },
      data: {
        subscriptions: {
          1: {
            code: 'validation_length_too_long',
            message: 'The length must be no more than 2500.',
            params: { max: 2500, min: 0 },
          },
        },
      },
    },
    {
      name: 'subscriptions not a list',
      payload: { clientId: 'abc', subscriptions: { a: 1 } },
      data: {},
    },
    { name: 'clientId not a string', payload: { clientId: 5, subscriptions: [] }, data: {} },
  ];

  it.each(cases)('answers 400 for $name', async ({ payload, data }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/realtime',
      payload: payload as Record<string, unknown>,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data,
      message: 'Something went wrong while processing your request.',
      status: 400,
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/realtime',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: {},
      message: 'Something went wrong while processing your request.',
      status: 400,
    });
  });

  it('answers 404 for an unknown client', async () => {
    const res = await subscribe(t, 'unknownClientId', ['projects/*']);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ data: {}, message: 'Missing or invalid client id.', status: 404 });
  });

  it('answers 400 when the request comes from another address than the stream', async () => {
    const { clientId } = await connect(server);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/realtime',
      remoteAddress: '10.9.8.7',
      payload: { clientId, subscriptions: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data: {}, message: 'Invalid realtime client.', status: 400 });
  });

  it('allows the same auth again but refuses any other change with 403', async () => {
    const one = await t.employeeWith([]);
    const two = await t.employeeWith([]);
    const { clientId } = await connect(server);
    await subscribed(t, clientId, [], one.token);
    await subscribed(t, clientId, ['employees/*'], one.token);
    const forbidden = {
      data: {},
      message: "The current and the previous request authorization don't match.",
      status: 403,
    };
    for (const token of [two.token, t.adminToken, undefined]) {
      const res = await subscribe(t, clientId, [], token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
  });
});

describe('record events', () => {
  it('sends create, update and delete under the exact subscription names', async () => {
    const { stream, clientId } = await connect(server);
    const picked = withOptions('projects/*', { query: { fields: 'id,title' } });
    await subscribed(t, clientId, ['projects/*', picked], t.adminToken);

    const created = await createProject('Created');
    const [all, few] = await stream.take(2);
    expect([all.id, all.event, few.event]).toEqual([clientId, 'projects/*', picked]);
    expect(body(all)).toEqual({ record: created, action: 'create' });
    expect(body(few)).toEqual({
      record: { id: created.id, title: created.title },
      action: 'create',
    });
    expect(all.data).toBe(JSON.stringify({ record: created, action: 'create' }));

    const single = `projects/${created.id}`;
    await subscribed(t, clientId, ['projects/*', picked, single], t.adminToken);
    const updated = await api('PATCH', `/api/collections/projects/records/${created.id}`, {
      place: 'Khartoum',
    });
    const updates = await stream.take(3);
    expect(updates.map((e) => e.event)).toEqual(['projects/*', picked, single]);
    expect(updates.map((e) => body(e))).toEqual([
      { record: updated, action: 'update' },
      { record: { id: created.id, title: created.title }, action: 'update' },
      { record: updated, action: 'update' },
    ]);

    await remove(`/api/collections/projects/records/${created.id}`);
    const deletes = await stream.take(3);
    expect(deletes.map((e) => e.event)).toEqual(['projects/*', picked, single]);
    expect(deletes.map((e) => body(e).action)).toEqual(['delete', 'delete', 'delete']);
    expect(body(deletes[0]).record).toEqual(updated);
  });

  it('applies the options filter (also to deleted records), fields and expand per subscriber', async () => {
    const { stream, clientId } = await connect(server);
    const alpha = withOptions('projects/*', {
      query: { filter: 'title ~ "Alpha"', fields: 'id,title' },
    });
    // Clients may not filter by @request: such a subscription receives nothing.
    const sneaky = withOptions('projects/*', { query: { filter: '@request.auth.id != ""' } });
    await subscribed(t, clientId, [alpha, sneaky], t.adminToken);

    await createProject('Beta');
    const kept = await createProject('Alpha');
    await remove(`/api/collections/projects/records/${kept.id}`);
    const events = await stream.take(2);
    expect(events.map((e) => [e.event, body(e)])).toEqual([
      [alpha, { record: { id: kept.id, title: kept.title }, action: 'create' }],
      [alpha, { record: { id: kept.id, title: kept.title }, action: 'delete' }],
    ]);

    const person = await t.employeeWith([]);
    const project = await createProject('Expanded');
    const expanded = withOptions(`employees/${person.id}`, {
      query: { expand: 'project', fields: 'id,project,expand.project.title' },
    });
    await subscribed(t, clientId, [expanded], t.adminToken);
    await api('PATCH', `/api/collections/employees/records/${person.id}`, { project: project.id });
    const event = await stream.next();
    expect(event.event).toBe(expanded);
    expect(body(event)).toEqual({
      record: { id: person.id, project: project.id, expand: { project: { title: project.title } } },
      action: 'update',
    });
  });

  it('sends nothing without permission, and only its own records under an own rule', async () => {
    const me = await t.employeeWith([]);
    const other = await t.employeeWith([]);
    const { stream, clientId } = await connect(server);
    await subscribed(t, clientId, ['projects/*', 'employees/*', `employees/${other.id}`], me.token);

    await createProject('Hidden');
    await api('PATCH', `/api/collections/employees/records/${other.id}`, { address: 'Elsewhere' });
    await remove(`/api/collections/employees/records/${other.id}`);
    const mine = await api('PATCH', `/api/collections/employees/records/${me.id}`, {
      address: 'Home',
    });

    // The stream keeps the order of the changes: the first message is the last change.
    const event = await stream.next();
    expect(event.event).toBe('employees/*');
    const { record, action } = body(event);
    expect(action).toBe('update');
    expect(record.id).toBe(me.id);
    expect(record.address).toBe('Home');
    expect(record).not.toHaveProperty('password');
    expect(record).not.toHaveProperty('tokenKey');
    expect(record.updated).toBe(mine.updated);
  });

  it('exports records per subscriber: fields behind a permission stay hidden', async () => {
    const reader = await t.employeeWith(['employees.read']);
    const target = await t.employeeWith([]);
    const { stream, clientId } = await connect(server);
    await subscribed(t, clientId, [`employees/${target.id}`], reader.token);
    await api('PATCH', `/api/collections/employees/records/${target.id}`, { basic_salary: 1234.5 });
    const { record } = body(await stream.next());
    expect(record.id).toBe(target.id);
    expect(record).not.toHaveProperty('basic_salary');
    expect(record).not.toHaveProperty('roles');
    expect(record).toHaveProperty('name');
  });

  it('sends nothing to a guest subscribed to a protected collection', async () => {
    const observer = await connect(server);
    await subscribed(t, observer.clientId, ['projects/*'], t.adminToken);
    const guest = await connect(server);
    await subscribed(t, guest.clientId, ['projects/*', 'employees/*', 'roles/*']);

    const hidden = await createProject('Secret');
    // Every client's messages of an event are written together: the observer's arrival means
    // the guest's turn has passed.
    expect(body(await observer.stream.next()).record.id).toBe(hidden.id);

    // Upgraded to the administrator, the same stream now receives, starting with the next change.
    await subscribed(t, guest.clientId, ['projects/*'], t.adminToken);
    const seen = await createProject('Visible');
    const event = await guest.stream.next();
    expect([event.event, body(event).record.id, body(event).action]).toEqual([
      'projects/*',
      seen.id,
      'create',
    ]);
  });

  it('stops sending after unsubscribing and replaces the whole set', async () => {
    const { stream, clientId } = await connect(server);
    await subscribed(t, clientId, ['projects/*'], t.adminToken);
    const first = await createProject('First');
    expect(body(await stream.next()).record.id).toBe(first.id);

    await subscribed(t, clientId, [], t.adminToken);
    await createProject('Unheard');
    await subscribed(t, clientId, ['roles/*'], t.adminToken);
    await createProject('Unheard too');
    const role = await api('POST', '/api/collections/roles/records', {
      title: `Realtime role ${Date.now()}`,
    });
    const event = await stream.next();
    expect([event.event, body(event).record.id]).toEqual(['roles/*', role.id]);
  });

  it('applies role changes of the subscriber to the next events', async () => {
    const person = await t.employeeWith(['projects.read']);
    const { stream, clientId } = await connect(server);
    await subscribed(t, clientId, ['projects/*', 'employees/*'], person.token);
    const seen = await createProject('Seen');
    expect(body(await stream.next()).record.id).toBe(seen.id);

    const { rows } = await t.db.query<{ roles: string[] }>(
      `SELECT "roles" FROM "employees" WHERE "id" = $1`,
      [person.id],
    );
    await t.db.query(`UPDATE "roles" SET "permissions" = '[]'::jsonb WHERE "id" = $1`, [
      rows[0].roles[0],
    ]);
    await createProject('No longer seen');
    await api('PATCH', `/api/collections/employees/records/${person.id}`, { address: 'Changed' });
    const event = await stream.next();
    expect([event.event, body(event).record.id]).toEqual(['employees/*', person.id]);
  });

  it('drops the auth of a client whose token key rotated (it stays connected as a guest)', async () => {
    const person = await t.employeeWith([]);
    const observer = await connect(server);
    await subscribed(t, observer.clientId, [`employees/${person.id}`], t.adminToken);
    const { stream, clientId } = await connect(server);
    await subscribed(t, clientId, ['employees/*'], person.token);

    await t.db.query(`UPDATE "employees" SET "tokenKey" = $2 WHERE "id" = $1`, [
      person.id,
      newTokenKey(),
    ]);
    await api('PATCH', `/api/collections/employees/records/${person.id}`, {
      address: 'After rotation',
    });
    expect(body(await observer.stream.next()).record.address).toBe('After rotation');

    // As a guest now, the old token counts as none: a guest request is no longer an auth change.
    await subscribed(t, clientId, ['employees/*'], person.token);
    const row = (await t.db.query(`SELECT * FROM "employees" WHERE "id" = $1`, [person.id]))
      .rows[0];
    const fresh = await issueToken(t.secrets, t.engine.registry.get('employees')!, row, 'auth');
    await subscribed(t, clientId, ['employees/*'], fresh);
    await api('PATCH', `/api/collections/employees/records/${person.id}`, {
      address: 'Signed in again',
    });
    const event = await stream.next();
    expect(body(event).record.address).toBe('Signed in again');
  });

  it('works with the official SDK', async () => {
    const g = globalThis as unknown as { EventSource?: unknown };
    const previous = g.EventSource;
    g.EventSource = EventSource;
    const pb = new PocketBase(server.baseUrl);
    pb.autoCancellation(false);
    pb.authStore.save(t.adminToken, null);
    try {
      const received: Array<{ action: string; id: string }> = [];
      let notify: () => void = () => {};
      const arrived = new Promise<void>((resolve) => (notify = resolve));
      const unsubscribe = await pb.collection('projects').subscribe('*', (e) => {
        received.push({ action: e.action, id: e.record.id });
        notify();
      });
      const created = await pb.collection('projects').create({ title: `Via SDK ${Date.now()}` });
      await arrived;
      expect(received).toEqual([{ action: 'create', id: created.id }]);
      await unsubscribe();
    } finally {
      pb.realtime.unsubscribe().catch(() => {});
      g.EventSource = previous;
    }
  });
});

// Fan-out across processes needs a shared PostgreSQL server; PGlite lives inside one process.
// .ci/run runs this file again with DATABASE_URL, where this block runs.
describe.runIf(!!process.env.DATABASE_URL)('several processes on one PostgreSQL database', () => {
  let second: Listening;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const db = await openPostgres(url.toString(), 4);
    const built = await buildApp(t.config, { db });
    second = await listen(built);
    closeSecond = async () => {
      await built.close();
      await db.close();
    };
  });

  afterAll(async () => closeSecond?.());

  it('delivers an event caused on one instance to clients of every instance, exactly once', async () => {
    const onA = await connect(server);
    const onB = await connect(second);
    await subscribed(t, onA.clientId, ['projects/*'], t.adminToken);
    await subscribed(second.built, onB.clientId, ['projects/*'], t.adminToken);

    const first = await createProject('From A', t);
    const fromB = await createProject('From B', second.built);
    const last = await createProject('From A again', t);
    for (const client of [onA, onB]) {
      const events = await client.stream.take(3);
      for (const e of events)
        expect([e.id, e.event, body(e).action]).toEqual([client.clientId, 'projects/*', 'create']);
      const ids = events.map((e) => body(e).record.id);
      // Each id once; the two changes of instance A keep their order (across instances there is none).
      expect([...ids].sort()).toEqual([first.id, fromB.id, last.id].sort());
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(last.id));
    }

    // The stored event carries what other processes need.
    const { rows } = await t.db.query<{
      payload: { action: string; collection: string; row: { id: string } };
    }>(`SELECT "payload" FROM "_events" WHERE "payload"->'row'->>'id' = $1`, [fromB.id]);
    expect(rows.map((r) => [r.payload.action, r.payload.collection, r.payload.row.id])).toEqual([
      ['create', 'projects', fromB.id],
    ]);

    // Nothing else arrives after the three (a duplicate would precede this one).
    const sentinel = await createProject('Sentinel', second.built);
    for (const client of [onA, onB])
      expect(body(await client.stream.next()).record.id).toBe(sentinel.id);
  });
});
