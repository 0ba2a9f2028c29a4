import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAuthState } from '../../src/core/auth';
import type { RecordEvent } from '../../src/core/engine';
import { ApiError } from '../../src/core/errors';
import {
  createRealtimeHub,
  formatMessage,
  parseSubscribeForm,
  parseSubscription,
  type RealtimeHub,
} from '../../src/core/realtime';
import type { Row } from '../../src/core/record-export';
import type { AuthState } from '../../src/core/request-info';
import { startTestApp, type TestApp } from '../helpers/test-app';

const IP = '127.0.0.1';

type FakeSink = { chunks: string[]; ends: number; write(chunk: string): void; end(): void };

function fakeSink(): FakeSink {
  const sink: FakeSink = {
    chunks: [],
    ends: 0,
    write: (chunk) => void sink.chunks.push(chunk),
    end: () => void (sink.ends += 1),
  };
  return sink;
}

/** The `event` and parsed `data` of every message after PB_CONNECT. */
function messages(
  sink: FakeSink,
): Array<{ event: string; data: { record: Record<string, unknown>; action: string } }> {
  return sink.chunks.slice(1).map((chunk) => {
    const [, event, data] = /^id:[A-Za-z0-9]{40}\nevent:(.*)\ndata:(.*)\n\n$/.exec(chunk)!;
    return { event, data: JSON.parse(data) as { record: Record<string, unknown>; action: string } };
  });
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

describe('formatMessage', () => {
  it('writes the id, event and data lines and a blank line', () => {
    expect(formatMessage('abc', 'projects/*', '{"a":1}')).toBe(
      'id:abc\nevent:projects/*\ndata:{"a":1}\n\n',
    );
  });
});

describe('parseSubscription', () => {
  const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  it.each([
    { name: 'projects/*', topic: 'projects/*', query: {}, headers: {} },
    {
      name: `projects/abc?options=${enc({ query: { filter: 'a = 1', perPage: 5, skip: true, nested: { x: 1 } }, headers: { 'X-Token': 'k', fooBar: 2 } })}`,
      topic: 'projects/abc',
      query: { filter: 'a = 1', perPage: '5', skip: 'true', nested: '' },
      headers: { x_token: 'k', foo_bar: '2' },
    },
    { name: 'projects/*?options=%7Bbroken', topic: 'projects/*', query: {}, headers: {} },
    { name: 'projects/*?other=1', topic: 'projects/*', query: {}, headers: {} },
  ])('reads $name', ({ name, topic, query, headers }) => {
    expect(parseSubscription(name)).toEqual({ topic, options: { query, headers } });
  });
});

describe('parseSubscribeForm', () => {
  it('accepts a valid form and a single form value as a list', () => {
    expect(parseSubscribeForm({ clientId: 'abc', subscriptions: ['a', 'b'] })).toEqual({
      clientId: 'abc',
      subscriptions: ['a', 'b'],
    });
    expect(parseSubscribeForm({ clientId: 'abc', subscriptions: 'a' })).toEqual({
      clientId: 'abc',
      subscriptions: ['a'],
    });
    expect(parseSubscribeForm({ clientId: 'abc' })).toEqual({ clientId: 'abc', subscriptions: [] });
  });

  it('counts characters, not bytes', () => {
    expect(
      parseSubscribeForm({ clientId: 'é'.repeat(255), subscriptions: ['ü'.repeat(2500)] })
        .subscriptions,
    ).toHaveLength(1);
  });

  it('reports every invalid field at once', () => {
    let error: unknown;
    try {
      parseSubscribeForm({
        clientId: '',
        subscriptions: ['x'.repeat(2501), 'ok', 'y'.repeat(2501)],
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ApiError);
    const tooLong = {
      code: 'validation_length_too_long',
      message: 'The length must be no more than 2500.',
      params: { max: 2500, min: 0 },
    };
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).data).toEqual({
      clientId: { code: 'validation_required', message: 'Cannot be blank.' },
      subscriptions: { 0: tooLong, 2: tooLong },
    });
  });
});

describe('connection lifetime', () => {
  let hub: RealtimeHub;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    hub = createRealtimeHub(t.engine, { idleTimeoutMs: 1_000, maxLifetimeMs: 5_000 });
  });
  afterEach(async () => {
    await hub.close();
    vi.useRealTimers();
  });

  it('sends PB_CONNECT at once', () => {
    const sink = fakeSink();
    const id = hub.connect(IP, sink);
    expect(id).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(sink.chunks).toEqual([`id:${id}\nevent:PB_CONNECT\ndata:{"clientId":"${id}"}\n\n`]);
  });

  it('ends an idle stream, and each delivered message resets the idle time', async () => {
    const sink = fakeSink();
    const id = hub.connect(IP, sink);
    await hub.subscribe({ clientId: id, subscriptions: ['custom-topic'] }, null, IP);
    vi.advanceTimersByTime(999);
    hub.sendToTopic('custom-topic', { n: 1 });
    vi.advanceTimersByTime(999);
    expect(sink.ends).toBe(0);
    expect(sink.chunks[1]).toBe(`id:${id}\nevent:custom-topic\ndata:{"n":1}\n\n`);
    vi.advanceTimersByTime(1);
    expect(sink.ends).toBe(1);
    expect(hub.clientCount()).toBe(0);
    await expect(hub.subscribe({ clientId: id, subscriptions: [] }, null, IP)).rejects.toThrow(
      'Missing or invalid client id.',
    );
  });

  it('ends a stream after the maximum lifetime even while messages flow', async () => {
    const sink = fakeSink();
    const id = hub.connect(IP, sink);
    await hub.subscribe({ clientId: id, subscriptions: ['custom-topic'] }, null, IP);
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(500);
      hub.sendToTopic('custom-topic', i);
    }
    expect(sink.ends).toBe(0);
    vi.advanceTimersByTime(500);
    expect(sink.ends).toBe(1);
    expect(hub.clientCount()).toBe(0);
  });

  it('forgets a disconnected client and ends it only once', () => {
    const sink = fakeSink();
    const id = hub.connect(IP, sink);
    hub.disconnect(id);
    hub.disconnect(id);
    vi.advanceTimersByTime(10_000);
    expect(sink.ends).toBe(1);
    expect(hub.clientCount()).toBe(0);
  });
});

describe('delivery', () => {
  let hub: RealtimeHub;
  const employees = () => t.engine.registry.get('employees')!;
  const rowOf = async (table: string, id: string) =>
    (await t.db.query<Row>(`SELECT * FROM "${table}" WHERE "id" = $1`, [id])).rows[0];
  const authOf = async (id: string): Promise<AuthState> =>
    buildAuthState(t.db, employees(), await rowOf('employees', id));
  const subscriber = async (subscriptions: string[], auth: AuthState | null) => {
    const sink = fakeSink();
    const clientId = hub.connect(IP, sink);
    await hub.subscribe({ clientId, subscriptions }, auth, IP);
    return { sink, clientId };
  };
  const project = async (title: string): Promise<RecordEvent> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/projects/records',
      headers: { authorization: t.adminToken },
      payload: { title },
    });
    return {
      action: 'create',
      collection: 'projects',
      row: await rowOf('projects', res.json().id),
    };
  };

  beforeEach(() => {
    hub = createRealtimeHub(t.engine);
  });
  afterEach(async () => hub.close());

  it('checks delete events against the snapshot of the deleted row', async () => {
    const me = await t.employeeWith([]);
    const other = await t.employeeWith([]);
    const filtered = `employees/*?options=${encodeURIComponent(JSON.stringify({ query: { filter: 'address = "Only in the snapshot"' } }))}`;
    const { sink } = await subscriber(['employees/*', filtered], await authOf(me.id));

    await hub.deliver({
      action: 'delete',
      collection: 'employees',
      row: await rowOf('employees', other.id),
    });
    expect(messages(sink)).toEqual([]);

    const snapshot = { ...(await rowOf('employees', me.id)), address: 'Only in the snapshot' };
    await hub.deliver({ action: 'delete', collection: 'employees', row: snapshot });
    expect(
      messages(sink).map((m) => [m.event, m.data.action, m.data.record.id, m.data.record.address]),
    ).toEqual([
      ['employees/*', 'delete', me.id, 'Only in the snapshot'],
      [filtered, 'delete', me.id, 'Only in the snapshot'],
    ]);
  });

  it('checks create and update events against the row the change left, even if it changed since', async () => {
    const event = await project('Original title');
    await t.db.query(`UPDATE "projects" SET "title" = 'Renamed later' WHERE "id" = $1`, [
      event.row.id,
    ]);
    const filter = (title: string) =>
      `projects/*?options=${encodeURIComponent(JSON.stringify({ query: { filter: `title = "${title}"` } }))}`;
    const { sink } = await subscriber(
      [filter('Original title'), filter('Renamed later')],
      await authOf((await t.employeeWith(['projects.read'])).id),
    );
    await hub.deliver(event);
    await hub.deliver({ ...event, action: 'update' });
    expect(messages(sink).map((m) => [m.event, m.data.action, m.data.record.title])).toEqual([
      [filter('Original title'), 'create', 'Original title'],
      [filter('Original title'), 'update', 'Original title'],
    ]);
  });

  it('drops the auth of a deleted account', async () => {
    const person = await t.employeeWith(['projects.read']);
    const { sink, clientId } = await subscriber(['projects/*'], await authOf(person.id));
    await hub.deliver(await project('Before deletion'));
    expect(messages(sink)).toHaveLength(1);

    await t.db.query(`DELETE FROM "employees" WHERE "id" = $1`, [person.id]);
    await hub.deliver(await project('After deletion'));
    expect(messages(sink)).toHaveLength(1);
    // A guest request is no longer an auth change.
    await expect(
      hub.subscribe({ clientId, subscriptions: ['projects/*'] }, null, IP),
    ).resolves.toBeUndefined();
  });

  it('treats an account that must change its password as a guest without forgetting it', async () => {
    const person = await t.employeeWith(['projects.read']);
    const { sink, clientId } = await subscriber(['projects/*'], await authOf(person.id));
    await t.db.query(`UPDATE "employees" SET "mustChangePassword" = true WHERE "id" = $1`, [
      person.id,
    ]);
    await hub.deliver(await project('Must change first'));
    expect(messages(sink)).toEqual([]);
    await expect(
      hub.subscribe({ clientId, subscriptions: ['projects/*'] }, null, IP),
    ).rejects.toThrow(ApiError);

    await t.db.query(`UPDATE "employees" SET "mustChangePassword" = false WHERE "id" = $1`, [
      person.id,
    ]);
    const event = await project('Changed');
    await hub.deliver(event);
    expect(messages(sink).map((m) => m.data.record.id)).toEqual([event.row.id]);
  });

  it('sends one message per matching subscription, by collection name or id, incl. the deprecated form', async () => {
    const event = await project('Topics');
    const id = String(event.row.id);
    const collectionId = t.engine.registry.get('projects')!.id;
    const subs = [
      'projects/*',
      `${collectionId}/*`,
      'projects',
      `projects/${id}`,
      `${collectionId}/${id}`,
      'projects/other',
      'roles/*',
      'custom',
    ];
    const { sink } = await subscriber(
      subs,
      await authOf((await t.employeeWith(['projects.read'])).id),
    );
    await hub.deliver(event);
    expect(messages(sink).map((m) => m.event)).toEqual(subs.slice(0, 5));
  });
});
