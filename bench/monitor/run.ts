/**
 * Activity monitor benchmark: with 1,000,000 audit records on PostgreSQL, how fast do the
 * monitor's own requests answer, one at a time?
 *
 * - the newest page of everything (the "All operations" screen);
 * - a project's history (its "History" button): its own entries and those of the records it holds
 *   (timeline, requests, …), filed under it in `held_by`;
 * - an expense's history (its own entries only);
 * - the names of an entry's related records (the details drawer).
 *
 *   npx tsx bench/monitor/run.ts [--audit 1000000] [--projects 1000] [--requests 100]
 *
 * Creates its own database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test),
 * seeds it with SQL, runs the real server as a child process and drops the database at the end.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLLECTIONS } from '@app/schema';
import { benchDatabase, signInAdmin, summary } from '../lib/database';
import { startServer } from '../lib/server';
import { openPostgres, type Database } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { bootstrap } from '../../apps/server/src/domain/bootstrap';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const audit = Number(args.get('--audit') ?? 1_000_000);
const projects = Number(args.get('--projects') ?? 1_000);
const requests = Number(args.get('--requests') ?? 100);
const database = benchDatabase('bench_monitor');
const port = 8395;
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

/** What a project holds: the collections whose `heldBy` points to `projects`, as declared. */
const PROJECT_HOLDS = COLLECTIONS.filter((c) =>
  c.fields.some((f) => f.name === c.heldBy && f.type === 'relation' && f.collection === 'projects'),
).map((c) => c.name);

const projectId = (n: number) => `benchprj${String(n).padStart(7, '0')}`;

async function seed(db: Database): Promise<void> {
  await runMigrations(db);
  await bootstrap(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const stamp = `'2026-01-01 00:00:00.000Z'`;
  const started = performance.now();
  await db.query(
    `INSERT INTO "projects" ("id","title","status","created","updated")
     SELECT 'benchprj' || lpad(p::text, 7, '0'), 'Project ' || p, 'Active', ${stamp}, ${stamp}
       FROM generate_series(1, $1::int) AS p`,
    [projects],
  );
  // One entry in ten is about a project itself, four in ten about what a project holds (spread
  // over its kinds), half about members and expenses: a busy organisation's trail.
  await db.query(
    `INSERT INTO "user_activities"
       ("id","actor","actor_collection","actor_name","actor_email","action","collection","record",
        "record_title","categories","before","after","ip","created","updated","held_by")
     SELECT substr(md5('a' || i), 1, 15), 'benchactor0000' || (i % 10), 'employees', 'Employee', '',
            CASE WHEN i % 3 = 0 THEN 'CREATE' ELSE 'UPDATE' END,
            CASE WHEN i % 10 = 0 THEN 'projects'
                 WHEN i % 10 < 5 THEN ($3::text[])[1 + (i / 10) % cardinality($3::text[])]
                 WHEN i % 10 < 8 THEN 'members'
                 ELSE 'expenses' END,
            CASE WHEN i % 10 = 0 THEN 'benchprj' || lpad((1 + (i / 10) % $2::int)::text, 7, '0')
                 ELSE substr(md5('r' || (i / 4)), 1, 15) END,
            'Record ' || i, '["projects"]'::jsonb,
            CASE WHEN i % 3 = 0 THEN NULL
                 ELSE jsonb_build_object('project', 'benchprj' || lpad((1 + (i / 10) % $2::int)::text, 7, '0'), 'title', 'Before') END,
            jsonb_build_object('project', 'benchprj' || lpad((1 + (i / 10) % $2::int)::text, 7, '0'), 'title', 'After'),
            '127.0.0.1',
            to_char(now() - ((($1::int - i) * 30) || ' seconds')::interval, 'YYYY-MM-DD HH24:MI:SS.MS') || 'Z',
            ${stamp},
            -- What a project holds carries its id, as writeAudit writes it.
            CASE WHEN i % 10 BETWEEN 1 AND 4 THEN 'benchprj' || lpad((1 + (i / 10) % $2::int)::text, 7, '0')
                 ELSE '' END
       FROM generate_series(0, $1::int - 1) AS i`,
    [audit, projects, PROJECT_HOLDS],
  );
  await db.query(`VACUUM ANALYZE "user_activities"`);
  await db.query(`VACUUM ANALYZE "projects"`);
  console.log(
    `seeded ${projects} projects and ${audit} audit records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const quote = (value: string) => `"${value}"`;

/**
 * The monitor's filter for one record's history, as `activity-monitor.tsx` builds it: its own
 * entries, and for a record that holds others (a project) the entries filed under it.
 */
function historyFilter(collection: string, record: string, holds: boolean): string {
  const own = `(collection = ${quote(collection)}) && (record = ${quote(record)})`;
  return holds ? `(${own}) || (held_by = ${quote(record)})` : own;
}

/**
 * The same history found by the parent field in each held collection's snapshots (the first
 * design, before `held_by`): kept to show what the column saves.
 */
function snapshotHistoryFilter(record: string): string {
  const own = `(collection = "projects") && (record = ${quote(record)})`;
  const held = PROJECT_HOLDS.map(
    (child) =>
      `(collection = ${quote(child)}) && (after.project = ${quote(record)} || before.project = ${quote(record)})`,
  );
  return [own, ...held].map((c) => `(${c})`).join(' || ');
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  await database.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-monitor-'));
  let server: ChildProcess | undefined;
  try {
    const db = await openPostgres(database.url, 4);
    try {
      await seed(db);
    } finally {
      await db.close();
    }
    server = await startServer({ port, dataDir, databaseUrl: database.url, admin: ADMIN });
    const { token } = await signInAdmin(base, ADMIN);
    const get = async (path: string) => {
      const res = await fetch(base + path, { headers: { authorization: token } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ totalItems?: number; items?: { id: string }[] }>;
    };
    // As the monitor asks: a page of 30, newest first, with the total.
    const list = (filter: string) =>
      `/api/collections/user_activities/records?page=1&perPage=30&sort=-created${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`;
    const project = projectId(Math.ceil(projects / 2));
    const expense = (await get(list('collection = "expenses"'))).items![0].id;
    const expenseRecord = (
      (await get(`/api/collections/user_activities/records/${expense}`)) as unknown as {
        record: string;
      }
    ).record;
    const cases: [string, string][] = [
      ['newest page of everything', list('')],
      ["a project's history (with what it holds)", list(historyFilter('projects', project, true))],
      ["an expense's history", list(historyFilter('expenses', expenseRecord, false))],
      ["the project's history by snapshot fields", list(snapshotHistoryFilter(project))],
      ["an entry's related names", `/api/activity-monitor/${expense}/names`],
    ];
    const projectRows = await get(cases[1][1]);
    const bySnapshot = await get(cases[3][1]);
    console.log(
      `the project's history holds ${projectRows.totalItems} entries (${bySnapshot.totalItems} by snapshot fields)`,
    );
    console.log(`\n${requests} requests each, one at a time (after 10 to warm up):`);
    for (const [name, path] of cases) {
      const times: number[] = [];
      for (let i = 0; i < requests + 10; i++) {
        const started = performance.now();
        await get(path);
        if (i >= 10) times.push(performance.now() - started);
      }
      const s = summary(times);
      console.log(`${name.padEnd(42)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`);
    }
  } finally {
    server?.kill();
    await new Promise((r) => setTimeout(r, 300));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
