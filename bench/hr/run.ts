/**
 * HR list benchmark: with 10,000 employees and 50,000 members, how fast does the first page of
 * each list answer a name search, as the web app asks for it?
 *
 *   npx tsx bench/hr/run.ts --db pglite|postgres [--requests 300]
 *
 * The database is seeded once (kept under bench/.data/hr for PGlite, database `bench_hr` on the
 * local PostgreSQL), the real server runs as a child process, and requests are sent one at a time
 * from this process so each latency is one request's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { bootstrap } from '../../apps/server/src/domain/bootstrap';
import { hashPassword } from '../../apps/server/src/tools/security/password';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const dbKind = args.get('--db') === 'postgres' ? 'postgres' : 'pglite';
const requestsPerScenario = Number(args.get('--requests') ?? 300);
const root = resolve(import.meta.dirname, '../..');
const dataDir = join(root, 'bench/.data/hr');
const pgBase = 'postgres://postgres@127.0.0.1:5432';
const pgUrl = `${pgBase}/bench_hr`;
const port = 8391;
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

const FIRST = [
  'Ahmed',
  'Mohamed',
  'Fatima',
  'Amna',
  'Khalid',
  'Sara',
  'Yousif',
  'Mariam',
  'Omer',
  'Hawa',
  'Adam',
  'Salma',
  'Tarig',
  'Rania',
  'Nour',
  'Eman',
  'Hisham',
  'Huda',
  'Mazin',
  'Selma',
  'Yasir',
  'Asha',
  'Ibrahim',
  'Zainab',
  'Osman',
  'Layla',
  'Hamza',
  'Samia',
  'Bakri',
  'Widad',
];
const LAST = [
  'Hassan',
  'Osman',
  'Ibrahim',
  'Ali',
  'Ahmed',
  'Musa',
  'Idris',
  'Yousif',
  'Hamid',
  'Kamal',
  'Nour',
  'Saleh',
  'Babiker',
  'Salih',
  'Adam',
  'Bakri',
  'Elamin',
  'Obeid',
  'Mahmoud',
  'Abdalla',
  'Elsheikh',
  'Taha',
  'Gasim',
  'Fadl',
  'Mustafa',
  'Suliman',
  'Awad',
  'Hussein',
  'Karrar',
  'Dafalla',
  'Elhadi',
  'Siddig',
  'Nasr',
  'Khalil',
  'Ismail',
  'Zaki',
  'Jaber',
  'Farah',
  'Rahma',
  'Eltayeb',
];

async function openDb(): Promise<Database> {
  if (dbKind === 'pglite') {
    mkdirSync(dataDir, { recursive: true });
    return openPglite(join(dataDir, 'db'));
  }
  const admin = new pg.Client({ connectionString: `${pgBase}/test` });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'bench_hr'`);
  if (exists.rows.length === 0) await admin.query('CREATE DATABASE bench_hr');
  await admin.end();
  return openPostgres(pgUrl, 4);
}

/** Seeds in bulk with SQL (one statement per table); the API is what is measured, not the seeding. */
async function seed(db: Database): Promise<void> {
  await runMigrations(db);
  const count = async (table: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`)).rows[0].n);
  // The real first start: the Administrator role and the administrator employee.
  await bootstrap(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const hash = await hashPassword(ADMIN.password);
  const names = `(ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}])[1 + i % ${FIRST.length}] || ' ' || (ARRAY[${LAST.map((n) => `'${n}'`).join(',')}])[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || (ARRAY[${LAST.map((n) => `'${n}'`).join(',')}])[1 + (i / 7) % ${LAST.length}]`;
  const created = `to_char(timestamp '2025-01-01' + (i || ' minutes')::interval, 'YYYY-MM-DD HH24:MI:SS.MS') || 'Z'`;
  if ((await count('employees')) < 10_001) {
    const section = 'benchsection001';
    await db.query(
      `INSERT INTO "employee_options" ("id","kind","title","created","updated") VALUES ($1,'section','Bench section','2026-01-01 00:00:00.000Z','2026-01-01 00:00:00.000Z') ON CONFLICT DO NOTHING`,
      [section],
    );
    await db.query(
      `INSERT INTO "employee_options" ("id","kind","title","created","updated") VALUES ('benchposition01','position','Bench position','2026-01-01 00:00:00.000Z','2026-01-01 00:00:00.000Z') ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO "employees" ("id","email","password","tokenKey","name","employment_status","employment_section","employment_position","phone_numbers","basic_salary","created","updated")
       SELECT substr(md5('e' || i), 1, 15), 'employee' || i || '@bench.example.org', $1, md5('k' || i) || md5('t' || i), ${names},
              (ARRAY['Active','Active','Active','Suspended','Resigned'])[1 + i % 5], '${section}', 'benchposition01',
              jsonb_build_array('+249 9' || lpad((i::bigint * 7919 % 100000000)::text, 8, '0')), 1000 + i % 900, ${created}, ${created}
         FROM generate_series(1, 10000) AS i`,
      [hash],
    );
  }
  if ((await count('members')) < 50_000) {
    await db.query(
      `INSERT INTO "members" ("id","membership_number","name","email","membership_status","phone_numbers","starting_date","created","updated")
       SELECT substr(md5('m' || i), 1, 15), 'M-' || lpad(i::text, 5, '0'), ${names}, 'member' || i || '@bench.example.org',
              (ARRAY['Active','Active','Active','Suspended','Resigned'])[1 + i % 5],
              jsonb_build_array('+249 1' || lpad((i::bigint * 104729 % 100000000)::text, 8, '0')), '2024-01-01 00:00:00.000Z', ${created}, ${created}
         FROM generate_series(1, 50000) AS i`,
    );
    await db.query(`SELECT setval('members_number_seq', 50000)`);
  }
  // A settled database, as autovacuum keeps PostgreSQL: fresh GIN indexes hold their new
  // entries in a pending list until a vacuum folds them in, and searches then scan that list.
  for (const table of ['employees', 'members']) await db.query(`VACUUM ANALYZE "${table}"`);
}

async function startServer(): Promise<ChildProcess> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG: 'off',
    RATE_LIMIT: 'off',
    MFA: 'off',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(dbKind === 'postgres' ? { DATABASE_URL: pgUrl } : { DATABASE_URL: '' }),
    // One process unless the caller asks for more: the figures compare with earlier runs.
    WORKERS: process.env.WORKERS ?? '1',
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    { env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

type Scenario = { name: string; path: (term: string) => string };

async function measure(
  token: string,
  scenario: Scenario,
  terms: string[],
): Promise<{ p50: number; p95: number; p99: number; mean: number; hits: number }> {
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < requestsPerScenario + 20; i++) {
    const term = terms[i % terms.length];
    const started = performance.now();
    const res = await fetch(base + scenario.path(term), { headers: { authorization: token } });
    const body = (await res.json()) as { items?: unknown[] };
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`${scenario.name}: ${res.status} ${JSON.stringify(body)}`);
    if (i >= 20) {
      // The first requests warm caches and the JIT; they are not counted.
      times.push(elapsed);
      if ((body.items?.length ?? 0) > 0) hits++;
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    mean,
    hits,
  };
}

async function main(): Promise<void> {
  const db = await openDb();
  const seedStart = Date.now();
  await seed(db);
  await db.close();
  console.log(`seeded/checked in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  const server = await startServer();
  try {
    const login = await fetch(`${base}/api/collections/employees/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: ADMIN.email, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    // Fragments people type: parts of names, a full name, an email, digits of a phone number.
    const terms = [
      'ahm',
      'Fatima',
      'osman',
      'Sara Ali',
      'hawa mu',
      'employee12',
      'bakri',
      '249 9',
      'nour saleh',
      'zainab',
    ];
    const q = (fields: string[]) => (term: string) =>
      encodeURIComponent(fields.map((f) => `${f} ~ ${JSON.stringify(term)}`).join(' || '));
    const scenarios: Scenario[] = [
      {
        name: 'employees: first page, name/email/phone search',
        path: (t) =>
          `/api/collections/employees/records?page=1&perPage=30&sort=-created&expand=employment_section,employment_position&filter=${q(['name', 'email', 'phone_numbers'])(t)}`,
      },
      {
        name: 'members: first page, name/email/phone search',
        path: (t) =>
          `/api/collections/members/records?page=1&perPage=30&sort=-created&expand=membership_type&filter=${q(['name', 'email', 'phone_numbers', 'membership_number'])(t)}`,
      },
      {
        name: 'employees: first page, no search',
        path: () =>
          `/api/collections/employees/records?page=1&perPage=30&sort=-created&expand=employment_section,employment_position`,
      },
      {
        name: 'members: first page, no search',
        path: () =>
          `/api/collections/members/records?page=1&perPage=30&sort=-created&expand=membership_type`,
      },
    ];
    console.log(`\n${dbKind}: ${requestsPerScenario} requests per scenario, one at a time (ms)`);
    console.log('| scenario | p50 | p95 | p99 | mean | pages with results |');
    console.log('|---|---|---|---|---|---|');
    for (const s of scenarios) {
      const r = await measure(token, s, terms);
      console.log(
        `| ${s.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.mean.toFixed(1)} | ${r.hits}/${requestsPerScenario} |`,
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
