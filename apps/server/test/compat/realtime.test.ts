import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowId, startCompatApp, type CompatApp } from './sdk-harness';

// pb.collection(...).subscribe() over the real SSE endpoint (Node 20 needs an EventSource polyfill).

(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let t: CompatApp;
const clients: PocketBase[] = [];

beforeAll(async () => {
  t = await startCompatApp();
});
afterEach(async () => {
  for (const pb of clients.splice(0)) await pb.realtime.unsubscribe();
});
afterAll(async () => t.stop());

/** A client that is closed after the test. */
function client(token?: string): PocketBase {
  const pb = t.sdk(token);
  clients.push(pb);
  return pb;
}

/** Collects the messages of a subscription and waits for them. */
function inbox() {
  const received: Array<RecordSubscription<RecordModel>> = [];
  const waiters: Array<() => void> = [];
  return {
    received,
    push: (event: RecordSubscription<RecordModel>) => {
      received.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
    /** Resolves once `count` messages arrived (fails after 5 s). */
    async waitFor(count: number): Promise<Array<RecordSubscription<RecordModel>>> {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} realtime messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.slice(0, count);
    },
  };
}

describe('subscribe', () => {
  it('connects with a 40-character client id', async () => {
    const pb = client(t.adminToken);
    await pb.collection('roles').subscribe('*', () => {});
    expect(pb.realtime.isConnected).toBe(true);
    expect(pb.realtime.clientId).toMatch(/^[A-Za-z0-9]{40}$/);
  });

  it('delivers create, update and delete of a collection to "*" subscribers', async () => {
    const box = inbox();
    await client(t.adminToken).collection('roles').subscribe('*', box.push);
    const admin = t.admin();
    const created = await admin
      .collection('roles')
      .create({ title: `Live ${rowId()}`, permissions: ['topics.read'] });
    const updated = await admin.collection('roles').update(created.id, { description: 'changed' });
    await admin.collection('roles').delete(created.id);

    expect(await box.waitFor(3)).toEqual([
      { action: 'create', record: created },
      { action: 'update', record: updated },
      { action: 'delete', record: updated },
    ]);
  });

  it('delivers only the subscribed record on a record topic', async () => {
    const admin = t.admin();
    // The two creates are sent to subscribers after their commits, through PostgreSQL's NOTIFY
    // where the database is shared: a record topic opened right after them could still be handed
    // the create. A "*" subscriber that has heard the second create has seen both go out.
    const settled = inbox();
    await client(t.adminToken).collection('roles').subscribe('*', settled.push);
    const watched = await admin.collection('roles').create({ title: `Watched ${rowId()}` });
    const other = await admin.collection('roles').create({ title: `Other ${rowId()}` });
    await settled.waitFor(2);
    const box = inbox();
    await client(t.adminToken).collection('roles').subscribe(watched.id, box.push);

    await admin.collection('roles').update(other.id, { description: 'not watched' });
    const updated = await admin.collection('roles').update(watched.id, { description: 'watched' });
    expect(await box.waitFor(1)).toEqual([{ action: 'update', record: updated }]);
    // Messages reach a client in commit order: once a later change of the watched record has
    // arrived, anything else sent before it would have arrived too.
    await admin.collection('roles').update(other.id, { description: 'still not watched' });
    const sentinel = await admin.collection('roles').update(watched.id, { description: 'last' });
    await box.waitFor(2);
    expect(box.received.filter((e) => e.record.id !== sentinel.id)).toEqual([]);
    expect(box.received).toHaveLength(2);
  });

  it('applies expand, fields and filter options per subscriber', async () => {
    const admin = t.admin();
    const role = await admin
      .collection('roles')
      .create({ title: `Expanded ${rowId()}`, permissions: ['projects.read'] });
    const box = inbox();
    await client(t.adminToken).collection('employees').subscribe('*', box.push, {
      expand: 'roles',
      fields: 'id,name,expand.roles.title',
      filter: 'name ~ "Realtime"',
    });

    await t
      .admin()
      .collection('employees')
      .create({
        email: `skip.${rowId()}@realtime.test`,
        password: 'realtime-pass-1',
        passwordConfirm: 'realtime-pass-1',
        name: 'Filtered out',
        employment_status: 'Active',
      });
    const created = await t
      .admin()
      .collection('employees')
      .create({
        email: `live.${rowId()}@realtime.test`,
        password: 'realtime-pass-1',
        passwordConfirm: 'realtime-pass-1',
        name: 'Realtime Person',
        employment_status: 'Active',
        roles: [role.id],
      });
    expect(await box.waitFor(1)).toEqual([
      {
        action: 'create',
        record: {
          id: created.id,
          name: 'Realtime Person',
          expand: { roles: [{ title: role.title }] },
        },
      },
    ]);
  });

  it("checks the subscriber's access for every message", async () => {
    const admin = t.admin();
    const person = await t.employeeWith(['projects.read']);
    const [ownRole] = (
      await t.db.query<{ roles: string[] }>(`SELECT "roles" FROM "employees" WHERE "id" = $1`, [
        person.id,
      ])
    ).rows[0].roles;
    const box = inbox();
    await client(person.token).collection('roles').subscribe('*', box.push);

    // Roles it does not hold are not sent; its own role is.
    await admin.collection('roles').create({ title: `Hidden ${rowId()}` });
    const own = await admin
      .collection('roles')
      .update(ownRole, { description: 'visible to its holder' });
    expect(await box.waitFor(1)).toEqual([{ action: 'update', record: own }]);
    // Messages reach a client in commit order: a later change of its own role is the sentinel
    // after which anything else sent would have arrived.
    await admin.collection('roles').create({ title: `Hidden too ${rowId()}` });
    const sentinel = await admin.collection('roles').update(ownRole, { description: 'again' });
    expect((await box.waitFor(2))[1]).toEqual({ action: 'update', record: sentinel });
    expect(box.received).toHaveLength(2);
  });

  it('sends nothing to a guest on a protected collection', async () => {
    const guestBox = inbox();
    const adminBox = inbox();
    const sentinelBox = inbox();
    const guest = client();
    await guest.collection('roles').subscribe('*', guestBox.push);
    // The website's topics are public: on the same stream, a later topic is the sentinel
    // (messages reach a client in commit order).
    await guest.collection('blog_topics').subscribe('*', sentinelBox.push);
    await client(t.adminToken).collection('roles').subscribe('*', adminBox.push);
    await t
      .admin()
      .collection('roles')
      .create({ title: `Guest cannot see ${rowId()}` });
    await adminBox.waitFor(1);
    await t
      .admin()
      .collection('blog_topics')
      .create({ title: `Sentinel ${rowId()}` });
    await sentinelBox.waitFor(1);
    expect(guestBox.received).toEqual([]);
  });

  it('stops delivering after unsubscribe and closes the stream', async () => {
    const pb = client(t.adminToken);
    const box = inbox();
    const unsubscribe = await pb.collection('roles').subscribe('*', box.push);
    const admin = t.admin();
    await admin.collection('roles').create({ title: `Before ${rowId()}` });
    await box.waitFor(1);
    const observer = inbox();
    await client(t.adminToken).collection('roles').subscribe('*', observer.push);
    await unsubscribe();
    expect(pb.realtime.isConnected).toBe(false);
    await admin.collection('roles').create({ title: `After ${rowId()}` });
    // Every subscriber's message of one change is written at once: when a subscriber that stayed
    // has it, the one that left would have had it too.
    await observer.waitFor(1);
    expect(box.received).toHaveLength(1);
  });
});
