/**
 * Dashboard benchmark (issue 12): with 10,000 employees, 50,000 members (and their dues),
 * 1,000,000 ledger entries and 100,000 audit records on PostgreSQL, how fast does the home
 * screen's data answer: `GET /api/dashboard` (every area, as the administrator) and the recent
 * activity list the dashboard asks for beside it?
 *
 *   npx tsx bench/dashboard/run.ts [--employees 10000] [--members 50000] [--entries 1000000]
 *                                  [--audit 100000] [--requests 200]
 *
 * Creates its own database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test),
 * seeds it with SQL, runs the real server as a child process, sends the requests one at a time
 * (each latency is one request's own) and drops the database at the end.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, signInAdmin, summary } from '../lib/database';
import { startServer } from '../lib/server';
import { openPostgres, type Database } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { bootstrap } from '../../apps/server/src/domain/bootstrap';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const employees = Number(args.get('--employees') ?? 10_000);
const members = Number(args.get('--members') ?? 50_000);
const entries = Number(args.get('--entries') ?? 1_000_000);
const audit = Number(args.get('--audit') ?? 100_000);
const requests = Number(args.get('--requests') ?? 200);
const database = benchDatabase('bench_dashboard');
const port = 8394;
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
const VAULTS = 50;

async function seed(db: Database): Promise<void> {
  await runMigrations(db);
  await bootstrap(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const stamp = `'2026-01-01 00:00:00.000Z'`;
  const started = performance.now();
  // People with a spread of statuses.
  await db.query(
    `INSERT INTO "employees" ("id","email","tokenKey","name","employment_status","created","updated")
     SELECT 'benchemp' || lpad(i::text, 7, '0'), 'emp' || i || '@bench.example', 'benchtoken' || i, 'Employee ' || i,
            (ARRAY['Active','Active','Active','On_Leave','Suspended','Resigned'])[1 + i % 6], ${stamp}, ${stamp}
       FROM generate_series(1, $1::int) AS i`,
    [employees],
  );
  await db.query(
    `INSERT INTO "members" ("id","membership_number","name","membership_status","created","updated")
     SELECT 'benchmem' || lpad(i::text, 7, '0'), 'M-' || i, 'Member ' || i,
            (ARRAY['Active','Active','Active','Suspended','Resigned'])[1 + i % 5], ${stamp}, ${stamp}
       FROM generate_series(1, $1::int) AS i`,
    [members],
  );
  // Three dues payments per member over the last year (some this month).
  await db.query(
    `INSERT INTO "member_dues" ("id","member","amount","paid_on","months","created","updated")
     SELECT substr(md5('d' || i), 1, 15), 'benchmem' || lpad((1 + i % $1::int)::text, 7, '0'),
            (5 + i % 20)::numeric, to_char(current_date - (i % 365), 'YYYY-MM-DD') || ' 00:00:00.000Z', 1, ${stamp}, ${stamp}
       FROM generate_series(0, $1::int * 3 - 1) AS i`,
    [members],
  );
  await db.query(
    `INSERT INTO "vaults" ("id","title","kind","currency","active","created","updated")
     SELECT 'benchvault' || lpad(v::text, 5, '0'), 'Bench vault ' || v,
            (ARRAY['main','bank','cash','project'])[1 + v % 4], 'USD', true, ${stamp}, ${stamp}
       FROM generate_series(0, ${VAULTS - 1}) AS v`,
  );
  // Ledger entries over the last three years up to today, every tenth one an outflow.
  await db.query(
    `INSERT INTO "ledger_entries"
       ("id","vault","amount","date","kind","source_collection","source_id","statement","created","updated")
     SELECT substr(md5('e' || i), 1, 15),
            'benchvault' || lpad((i % ${VAULTS})::text, 5, '0'),
            CASE WHEN (i / ${VAULTS}) % 10 = 9 THEN -(5 + (i % 7))::numeric ELSE (10 + (i % 90))::numeric END,
            to_char(current_date - 1095 + ((i::bigint * 1095) / $1::int)::int, 'YYYY-MM-DD') || ' 00:00:00.000Z',
            CASE WHEN i % 50 = 7 THEN 'transfer' WHEN (i / ${VAULTS}) % 10 = 9 THEN 'expense' ELSE 'donation' END,
            'donations', substr(md5('s' || i), 1, 15), 'Bench entry', ${stamp}, ${stamp}
       FROM generate_series(0, $1::int - 1) AS i`,
    [entries],
  );
  await db.query(
    `UPDATE "vaults" v SET "balance" = GREATEST(s.total, 0)
       FROM (SELECT "vault", sum("amount") AS total FROM "ledger_entries" GROUP BY "vault") s
      WHERE s."vault" = v."id"`,
  );
  // The audit trail: most of it by others, a share by the administrator.
  const adminId = (
    await db.query<{ id: string }>(`SELECT "id" FROM "employees" WHERE "email" = $1`, [ADMIN.email])
  ).rows[0].id;
  await db.query(
    `INSERT INTO "user_activities"
       ("id","actor","actor_collection","actor_name","actor_email","action","collection","record","record_title","categories","before","after","ip","created","updated")
     SELECT substr(md5('a' || i), 1, 15),
            CASE WHEN i % 20 = 0 THEN $2 ELSE 'benchemp' || lpad((1 + i % 500)::text, 7, '0') END,
            'employees', 'Employee', '', 'UPDATE', 'members', 'benchmem' || lpad((1 + i % 5000)::text, 7, '0'),
            'Member ' || (1 + i % 5000), '["hr","members"]'::jsonb, '{}'::jsonb, '{}'::jsonb, '127.0.0.1',
            to_char(now() - ((($1::int - i) * 30) || ' seconds')::interval, 'YYYY-MM-DD HH24:MI:SS.MS') || 'Z',
            ${stamp}
       FROM generate_series(0, $1::int - 1) AS i`,
    [audit, adminId],
  );
  for (const table of [
    'employees',
    'members',
    'member_dues',
    'ledger_entries',
    'vaults',
    'user_activities',
  ])
    await db.query(`VACUUM ANALYZE "${table}"`);
  console.log(
    `seeded ${employees} employees, ${members} members (${members * 3} dues), ${entries} ledger entries, ${audit} audit records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  await database.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  let server: ChildProcess | undefined;
  try {
    const db = await openPostgres(database.url, 4);
    try {
      await seed(db);
    } finally {
      await db.close();
    }
    server = await startServer({ port, dataDir, databaseUrl: database.url, admin: ADMIN });
    const { token, record } = await signInAdmin(base, ADMIN);
    const get = async (path: string) => {
      const res = await fetch(base + path, { headers: { authorization: token } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const recent = `/api/collections/user_activities/records?page=1&perPage=10&sort=-created&filter=${encodeURIComponent(`actor = "${record.id}"`)}`;
    const first = await get('/api/dashboard');
    console.log('dashboard sections:', Object.keys(first).join(', '));
    const measure = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < requests + 10; i++) {
        const started = performance.now();
        await get(path);
        if (i >= 10) times.push(performance.now() - started);
      }
      return summary(times);
    };
    const dashboard = await measure('/api/dashboard');
    const activity = await measure(recent);
    // What the home screen waits for: both calls, sent together as the browser does.
    const together: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await Promise.all([get('/api/dashboard'), get(recent)]);
      together.push(performance.now() - started);
    }
    const both = summary(together);
    const line = (name: string, s: ReturnType<typeof summary>) =>
      console.log(`${name.padEnd(34)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`);
    console.log(`\n${requests} requests each, one at a time:`);
    line('GET /api/dashboard (admin)', dashboard);
    line('recent activity (own, 10)', activity);
    line('home screen data (both at once)', both);
    console.log(both.p95 <= 300 ? '\nwithin 300 ms at p95' : '\nOVER 300 ms at p95');
  } finally {
    server?.kill();
    await new Promise((r) => setTimeout(r, 300));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
