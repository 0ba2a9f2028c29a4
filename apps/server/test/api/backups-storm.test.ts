/**
 * A backup made while a write storm runs (members and their dues created through the API by
 * concurrent workers) restores, into a fresh data directory, to a consistent state: every write
 * acknowledged before the backup started is in it, nothing acknowledged after it ended is,
 * nothing is half-written (each record has its audit row, each due its member), and every
 * member's paid-until date and every due's period equal what they derive from.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { chainDues } from '../../src/domain/hr';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

type Json = Record<string, unknown>;
type Write = {
  collection: 'members' | 'member_dues';
  id: string;
  sent: number;
  acknowledged: number;
};

const WORKERS = 8;

let source: TestApp;
let fresh: TestApp;

beforeAll(async () => {
  source = await startTestApp();
  fresh = await startTestApp();
}, 400_000);

afterAll(async () => {
  await source?.stop();
  await fresh?.stop();
});

function post(app: TestApp, url: string, token: string, payload?: Json) {
  return app.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
}

async function all(app: TestApp, token: string, collection: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/collections/${collection}/records?perPage=500&page=${page}&skipTotal=1`,
      headers: { authorization: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().items as Json[];
    items.push(...batch);
    if (batch.length < 500) return items;
  }
}

it('a backup made during a write storm restores to a consistent state', async () => {
  const token = source.adminToken;
  const type = (
    await post(source, '/api/collections/membership_types/records', token, {
      title: 'Ordinary',
      fee: 12,
      period_months: 12,
    })
  ).json();
  const writes: Write[] = [];
  let stop = false;
  let failures = 0;
  const send = async (collection: Write['collection'], body: Json) => {
    const sent = Date.now();
    const res: LightMyRequestResponse = await post(
      source,
      `/api/collections/${collection}/records`,
      token,
      body,
    );
    if (res.statusCode !== 200) {
      failures += 1;
      return null;
    }
    const id = String(res.json().id);
    writes.push({ collection, id, sent, acknowledged: Date.now() });
    return id;
  };
  // Each worker owns its members, so dues of one member are never written concurrently.
  const worker = async (w: number) => {
    for (let n = 0; !stop; n++) {
      const member = await send('members', {
        name: `Member ${w}-${n}`,
        membership_status: 'Active',
        membership_type: type.id,
      });
      if (!member) continue;
      for (let d = 0; d < 1 + (n % 3) && !stop; d++)
        await send('member_dues', {
          member,
          amount: 12.5,
          paid_on: `2026-0${1 + ((n + d) % 9)}-1${d}`,
          months: 1 + ((w + d) % 12),
        });
    }
  };
  const storm = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  // Let the storm build up, then back up in the middle of it.
  while (writes.length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
  const backupStarted = Date.now();
  const made = await post(source, '/api/backups', token, { name: 'storm.zip' });
  const backupEnded = Date.now();
  expect(made.statusCode, made.body).toBe(204);
  // Keep writing a little after it, then stop.
  const afterCount = writes.length + 100;
  while (writes.length < afterCount) await new Promise((resolve) => setTimeout(resolve, 20));
  stop = true;
  await storm;
  expect(failures).toBe(0);

  // Restore into another data directory (and database), through the API.
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const archive = readFileSync(join(source.config.dataDir, 'backups', 'storm.zip'));
  const form = new FormData();
  form.append('file', new Blob([archive], { type: 'application/zip' }), 'storm.zip');
  const request = new Request('http://local/', { method: 'POST', body: form });
  const uploaded = await fresh.app.inject({
    method: 'POST',
    url: '/api/backups/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      authorization: fresh.adminToken,
    },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(204);
  const restored = await post(fresh, '/api/backups/storm.zip/restore', fresh.adminToken);
  expect(restored.statusCode, restored.body).toBe(204);
  const login = await post(fresh, '/api/collections/employees/auth-with-password', '', {
    identity: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const freshToken = login.json().token as string;

  const members = await all(fresh, freshToken, 'members');
  const dues = await all(fresh, freshToken, 'member_dues');
  const present = new Set([...members, ...dues].map((r) => String(r.id)));

  // Every write acknowledged before the backup started is in it; none sent after it ended is.
  const before = writes.filter((w) => w.acknowledged < backupStarted);
  const after = writes.filter((w) => w.sent > backupEnded);
  expect(before.filter((w) => !present.has(w.id))).toEqual([]);
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((w) => present.has(w.id))).toEqual([]);
  const written = new Set(writes.map((w) => w.id));
  // Nothing appears that the storm did not acknowledge.
  expect([...present].filter((id) => !written.has(id))).toEqual([]);

  // Nothing half-written: each record has its audit row, each due its member.
  const { rows: audited } = await fresh.db.query<{ record: string }>(
    `SELECT "record" FROM "user_activities" WHERE "action" = 'CREATE' AND "collection" IN ('members', 'member_dues')`,
  );
  const auditedIds = new Set(audited.map((r) => r.record));
  expect([...present].filter((id) => !auditedIds.has(id))).toEqual([]);
  const memberIds = new Set(members.map((m) => String(m.id)));
  expect(dues.filter((d) => !memberIds.has(String(d.member)))).toEqual([]);

  // Derived values equal what they derive from.
  const byMember = new Map<string, Json[]>();
  for (const due of dues)
    byMember.set(String(due.member), [...(byMember.get(String(due.member)) ?? []), due]);
  let checked = 0;
  for (const member of members) {
    const own = byMember.get(String(member.id)) ?? [];
    const chain = chainDues(
      own.map((d) => ({
        id: String(d.id),
        paid_on: String(d.paid_on),
        months: Number(d.months),
        created: String(d.created),
      })),
    );
    expect(member.paid_until, `paid-until of ${String(member.id)}`).toBe(chain.paidUntil);
    for (const due of own) {
      const period = chain.periods.get(String(due.id))!;
      expect([due.period_start, due.period_end]).toEqual([period.start, period.end]);
    }
    checked += 1;
  }
  console.log(
    `backup during a write storm (${source.db.kind}): ${writes.length} writes acknowledged, ${before.length} before the backup started (all restored), ${present.size} restored, ${checked} members' paid-until checked`,
  );
}, 400_000);
