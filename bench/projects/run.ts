/**
 * Projects benchmark: with 5,000 projects and 50,000 activities on PostgreSQL, how fast does the
 * first page of the projects list answer (as the web app asks for it), and how long does the
 * server take to render the PDF report of a project with 50 activities?
 *
 *   npx tsx bench/projects/run.ts [--requests 300] [--pdfs 5]
 *
 * Seeds once with SQL (database `bench_projects` on the local PostgreSQL), runs the real server as
 * a child process and sends requests one at a time, so each latency is one request's own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pct, startServer } from '../lib/server';
import { openPostgres, type Database } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { bootstrap } from '../../apps/server/src/domain/bootstrap';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const requests = Number(args.get('--requests') ?? 300);
const pdfs = Number(args.get('--pdfs') ?? 5);
const pgBase = 'postgres://postgres@127.0.0.1:5432';
const pgUrl = `${pgBase}/bench_projects`;
const port = 8392;
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
const HEAVY = 'benchproject000'; // the project with 50 activities

async function openDb(): Promise<Database> {
  const admin = new pg.Client({ connectionString: `${pgBase}/test` });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'bench_projects'`);
  if (exists.rows.length === 0) await admin.query('CREATE DATABASE bench_projects');
  await admin.end();
  return openPostgres(pgUrl, 4);
}

async function seed(db: Database): Promise<void> {
  await runMigrations(db);
  await bootstrap(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const n = async (table: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`)).rows[0].n);
  const created = `to_char(timestamp '2025-01-01' + (i || ' minutes')::interval, 'YYYY-MM-DD HH24:MI:SS.MS') || 'Z'`;
  const text = `'<p>' || repeat('Wells, pumps and committees in the villages. ', 40) || '</p>'`;
  if ((await n('projects')) < 5000) {
    await db.query(
      `INSERT INTO "projects" ("id","title","code","place","starting_date","end_date","status","manager","details","objectives","created","updated")
       SELECT CASE WHEN i = 0 THEN '${HEAVY}' ELSE substr(md5('p' || i), 1, 15) END,
              'Project ' || i || ' ' || (ARRAY['water','literacy','health','food','shelter'])[1 + i % 5],
              'P-' || lpad((i + 1)::text, 5, '0'), (ARRAY['Kassala','Omdurman','Kosti','Girba'])[1 + i % 4],
              '2026-01-01 00:00:00.000Z', '2026-12-31 00:00:00.000Z',
              (ARRAY['Planned','Active','Closed','Cancelled'])[1 + i % 4], '', ${text}, ${text}, ${created}, ${created}
         FROM generate_series(0, 4999) AS i`,
    );
    await db.query(`SELECT setval('projects_code_seq', 5000)`);
  }
  if ((await n('projects_activities')) < 50000) {
    // 50 on the heavy project, the rest spread over the others.
    await db.query(
      `INSERT INTO "projects_activities" ("id","project","title","place","starting_date","end_date","audience_count","description","challenges","lessons","created","updated")
       SELECT substr(md5('a' || i), 1, 15),
              CASE WHEN i < 50 THEN '${HEAVY}' ELSE substr(md5('p' || (1 + i % 4999)), 1, 15) END,
              'Activity ' || i, 'Girba', '2026-03-01 00:00:00.000Z', '2026-03-03 00:00:00.000Z', 20 + i % 100,
              ${text}, '<p>Transport</p>', '<p>Book vehicles early.</p>', ${created}, ${created}
         FROM generate_series(0, 49999) AS i`,
    );
  }
  for (const table of ['projects', 'projects_activities'])
    await db.query(`VACUUM ANALYZE "${table}"`);
}

const startBenchServer = (dataDir: string) =>
  startServer({ port, dataDir, databaseUrl: pgUrl, admin: ADMIN });

async function timed(count: number, warmup: number, run: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < count + warmup; i++) {
    const started = performance.now();
    await run();
    if (i >= warmup) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1] };
}

async function main(): Promise<void> {
  const db = await openDb();
  await seed(db);
  await db.close();
  const server = await startBenchServer(mkdtempSync(join(tmpdir(), 'bench-projects-')));
  try {
    const login = await fetch(`${base}/api/collections/employees/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: ADMIN.email, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const get = async (path: string) => {
      const res = await fetch(base + path, { headers: { authorization: token } });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString()}`);
    };
    const fields = encodeURIComponent('*,details:excerpt(1,true),objectives:excerpt(1,true)');
    const scenarios = [
      [
        'projects: first page, -created',
        `/api/collections/projects/records?page=1&perPage=30&sort=-created&fields=${fields}&expand=manager`,
      ],
      [
        'projects: first page, search "water"',
        `/api/collections/projects/records?page=1&perPage=30&sort=-created&fields=${fields}&filter=${encodeURIComponent('title ~ "water" || code ~ "water" || place ~ "water"')}`,
      ],
      [
        'projects: first page, status Active',
        `/api/collections/projects/records?page=1&perPage=30&sort=-created&fields=${fields}&filter=${encodeURIComponent('status = "Active"')}`,
      ],
      [
        'activities of one project (old app call)',
        `/api/collections/projects_activities/records?perPage=500&filter=${encodeURIComponent(`project = "${HEAVY}"`)}&fields=${encodeURIComponent('*,description:excerpt(1,true)')}`,
      ],
    ] as const;
    for (const [name, path] of scenarios) {
      const r = await timed(requests, 20, () => get(path));
      console.log(
        `${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
      );
    }
    for (const lang of ['en', 'ar']) {
      const r = await timed(pdfs, 1, () => get(`/api/projects/${HEAVY}/report.pdf?lang=${lang}`));
      console.log(
        `report PDF, 50 activities (${lang}): p50 ${r.p50.toFixed(0)} ms, max ${r.max.toFixed(0)} ms`,
      );
    }
  } finally {
    server.kill();
  }
}

await main();
