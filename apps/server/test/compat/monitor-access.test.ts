import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from './sdk-harness';

/**
 * The activity monitor through the SDK: an entry shows the record's values (before, after, its
 * name, the comment) only to a reader who may view that record's collection; the others see
 * that a record of that kind changed, by whom and when. Lists, single entries, filters, sorts
 * and realtime alike.
 */

(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let t: CompatApp;
let admin: PocketBase;
let monitorOnly: PocketBase;
let monitorOnlyId = '';
let donationsReader: PocketBase;
const made = { donation: '', expense: '', otherEmployee: '' };
const VALUE_FIELDS = ['before', 'after', 'record_title', 'comment'];

beforeAll(async () => {
  t = await startCompatApp();
  admin = t.admin();
  const vault = await admin
    .collection('vaults')
    .create({ title: 'Monitor vault', kind: 'main', active: true });
  made.donation = (
    await admin.collection('donations').create({
      donor: 'Secret Donor Hamid',
      amount: 4321,
      received_on: '2026-02-01',
      vault: vault.id,
    })
  ).id;
  made.expense = (
    await admin.collection('expenses').create({
      beneficiary: 'Hidden Payee Company',
      amount: 6543.21,
      date: '2026-02-02',
      vault: vault.id,
    })
  ).id;
  const reader = await t.employeeWith(['activity_monitor.read'], { name: 'Monitor Reader' });
  monitorOnly = t.sdk(reader.token);
  monitorOnlyId = reader.id;
  donationsReader = t.sdk(
    (await t.employeeWith(['activity_monitor.read', 'donations.read'])).token,
  );
  made.otherEmployee = (await t.employeeWith([], { name: 'Other Person' })).id;
  // Changes to the reader's own employee record and to someone else's.
  await admin.collection('employees').update(monitorOnlyId, { name: 'Monitor Reader Renamed' });
  await admin.collection('employees').update(made.otherEmployee, { name: 'Other Person Renamed' });
});
afterAll(async () => t.stop());

const entriesOf = (pb: PocketBase, record: string, extra = '') =>
  pb.collection('user_activities').getFullList({
    filter: `record = "${record}"${extra ? ` && (${extra})` : ''}`,
    sort: '@rowid',
  });

function withoutValues(entry: RecordModel): void {
  for (const name of VALUE_FIELDS) expect(entry).not.toHaveProperty(name);
}

describe('the monitor and the records a reader may not view', () => {
  it('lists and shows a donation and an expense as changed, by whom and when, without their values', async () => {
    for (const record of [made.donation, made.expense]) {
      const [entry] = await entriesOf(monitorOnly, record);
      expect(entry).toMatchObject({
        action: 'CREATE',
        collection: record === made.donation ? 'donations' : 'expenses',
        record,
        actor_name: 'Administrator',
      });
      expect(entry.created).toMatch(/^\d{4}-\d{2}-\d{2} /);
      withoutValues(entry);
      const one = await monitorOnly.collection('user_activities').getOne(entry.id);
      withoutValues(one);
      for (const shown of [entry, one]) {
        const text = JSON.stringify(shown);
        for (const secret of ['Secret Donor', '4321', 'Hidden Payee', '6543'])
          expect(text).not.toContain(secret);
      }
    }
  });

  it('shows the values to a reader of that collection, and only of that one', async () => {
    const [donation] = await entriesOf(donationsReader, made.donation);
    expect(donation.record_title).toBe('Secret Donor Hamid');
    expect(donation.after).toMatchObject({ donor: 'Secret Donor Hamid', amount: 4321 });
    const [expense] = await entriesOf(donationsReader, made.expense);
    withoutValues(expense);
    // The administrator sees everything.
    const [full] = await entriesOf(admin, made.expense);
    expect(full.record_title).toBe('Hidden Payee Company');
  });

  it('finds nothing by filtering or sorting on values the reader may not see', async () => {
    const probes = [
      'after.donor ~ "Secret"',
      'after.donor != "x"',
      'after.received_on >= "2026-02-01"',
      'record_title ~ "Secret"',
      'record_title != "x"',
      'comment = ""',
    ];
    for (const filter of probes)
      expect(await entriesOf(monitorOnly, made.donation, filter), filter).toEqual([]);
    // The same filters find the entry for a reader of donations.
    for (const filter of probes)
      expect(await entriesOf(donationsReader, made.donation, filter), filter).toHaveLength(1);
    // Sorting by them works, without ordering by what is hidden.
    const sorted = await monitorOnly
      .collection('user_activities')
      .getList(1, 50, { sort: '-record_title,-after.donor', filter: 'collection = "donations"' });
    expect(sorted.items.length).toBeGreaterThan(0);
    for (const entry of sorted.items) withoutValues(entry);
  });

  it('shows a record the reader may view through its own rule (its own employee record) only', async () => {
    const own = await entriesOf(monitorOnly, monitorOnlyId, 'action = "UPDATE"');
    expect(own).toHaveLength(1);
    expect(own[0].after).toMatchObject({ name: 'Monitor Reader Renamed' });
    expect(own[0].record_title).toBe('Monitor Reader Renamed');
    const other = await entriesOf(monitorOnly, made.otherEmployee, 'action = "UPDATE"');
    expect(other).toHaveLength(1);
    withoutValues(other[0]);
    expect(JSON.stringify(other)).not.toContain('Other Person');
  });

  it('sends live entries without the values to a reader who may not view the record', async () => {
    const live = t.sdk(monitorOnly.authStore.token);
    const received: Array<RecordSubscription<RecordModel>> = [];
    await live.collection('user_activities').subscribe('*', (event) => received.push(event));
    try {
      const vault = await admin
        .collection('vaults')
        .create({ title: 'Live vault', kind: 'main', active: true });
      const donation = await admin.collection('donations').create({
        donor: 'Live Secret Donor',
        amount: 999,
        received_on: '2026-03-01',
        vault: vault.id,
      });
      const deadline = Date.now() + 5000;
      const mine = () => received.find((e) => e.record.record === donation.id);
      while (!mine() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const event = mine();
      expect(event, 'the donation’s entry arrives').toBeDefined();
      expect(event!.record).toMatchObject({ collection: 'donations', action: 'CREATE' });
      withoutValues(event!.record);
      expect(JSON.stringify(received)).not.toContain('Live Secret');
    } finally {
      await live.realtime.unsubscribe();
    }
  });
});
