/**
 * Payroll benchmark (issue 11): a run for 1,000 employees, each with three salary components
 * (a fixed allowance, a percentage allowance, a fixed deduction) and one in five with an open
 * advance, drafted (goal: under 2 s) and paid (goal: under 5 s) on PostgreSQL.
 *
 *   npx tsx bench/payroll/run.ts [--employees 1000] [--months 3]
 *
 * Creates its own database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test),
 * seeds employees, options, advances and a funded vault with SQL, runs the real server as a child
 * process, and times each month's create (the draft), approve and pay through the API, one after
 * the other. It then checks the books: the vault's balance equals the sum of its entries and fell by
 * exactly the runs' net pay, and each advance's remaining equals its amount minus its payroll
 * repayments. The database is dropped at the end.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, signInAdmin } from '../lib/database';
import { startServer } from '../lib/server';
import { openPostgres, type Database } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { bootstrap } from '../../apps/server/src/domain/bootstrap';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const employees = Number(args.get('--employees') ?? 1000);
const months = Number(args.get('--months') ?? 3);
const database = benchDatabase('bench_payroll');
const port = 8394;
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
const VAULT = 'benchpayrollvlt';
const FUNDS = 100_000_000;
const DRAFT_GOAL_MS = 2000;
const PAY_GOAL_MS = 5000;

async function seed(db: Database): Promise<void> {
  await runMigrations(db);
  await bootstrap(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const stamp = `'2026-01-01 00:00:00.000Z'`;
  await db.query(
    `INSERT INTO "allowance_options" ("id","title","calculation","amount","percentage","active","created","updated") VALUES
       ('benchallowfixed','Transport','fixed',40,0,true,${stamp},${stamp}),
       ('benchallowpcent','Housing','percentage',0,10,true,${stamp},${stamp})`,
  );
  await db.query(
    `INSERT INTO "deduction_options" ("id","title","calculation","amount","percentage","active","created","updated") VALUES
       ('benchdeductfixd','Insurance','fixed',15,0,true,${stamp},${stamp})`,
  );
  await db.query(
    `INSERT INTO "employees" ("id","email","password","tokenKey","name","employment_status","basic_salary","allowances","deductions","created","updated")
     SELECT 'benchemp' || lpad(i::text, 7, '0'), 'bench' || i || '@example.org', '', md5('t' || i),
            'Bench employee ' || i, 'Active', 800 + (i % 50) * 20,
            '["benchallowfixed","benchallowpcent"]'::jsonb, '["benchdeductfixd"]'::jsonb, ${stamp}, ${stamp}
       FROM generate_series(1, $1::int) AS i`,
    [employees],
  );
  // The vault, funded by one entry (its balance is the sum of its entries).
  await db.query(
    `INSERT INTO "vaults" ("id","title","kind","currency","active","balance","created","updated")
     VALUES ($1,'Bench payroll vault','main','USD',true,$2,${stamp},${stamp})`,
    [VAULT, FUNDS],
  );
  await db.query(
    `INSERT INTO "ledger_entries" ("id","vault","amount","date","kind","source_collection","source_id","statement","created","updated")
     VALUES ('benchfundsentry',$1,$2,${stamp},'donation','donations','benchfunds','Bench funds',${stamp},${stamp})`,
    [VAULT, FUNDS],
  );
  // One employee in five has a paid advance of 500, 150 a month (the fourth instalment is 50).
  await db.query(
    `INSERT INTO "employee_advances" ("id","employee","amount","monthly_deduction","date","vault","status","repaid","remaining","created","updated")
     SELECT 'benchadv' || lpad(i::text, 7, '0'), 'benchemp' || lpad(i::text, 7, '0'), 500, 150,
            ${stamp}, $2, 'paid', 0, 500, ${stamp}, ${stamp}
       FROM generate_series(1, $1::int) AS i WHERE i % 5 = 0`,
    [employees, VAULT],
  );
  // One account records, approves and pays every run here: the organisation allows it.
  await db.query(`UPDATE "organisation_settings" SET "allow_self_approval" = true`);
}

async function main(): Promise<void> {
  await database.drop();
  await database.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-payroll-'));
  let server: ChildProcess | null = null;
  try {
    const db = await openPostgres(database.url, 4);
    const seeding = performance.now();
    await seed(db);
    await db.close();
    console.log(
      `seeded ${employees} employees (3 components each, ${Math.floor(employees / 5)} advances) in ${Math.round(performance.now() - seeding)} ms`,
    );
    server = await startServer({ port, dataDir, databaseUrl: database.url, admin: ADMIN });
    const { token } = await signInAdmin(base, ADMIN);
    const send = async (method: string, path: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - started, json };
    };

    const failures: string[] = [];
    let paidNet = 0;
    console.log('| Month | Payslips | Draft (create) | Approve | Pay |');
    console.log('|---|---:|---:|---:|---:|');
    for (let month = 1; month <= months; month++) {
      const draft = await send('POST', '/api/collections/payroll_runs/records', {
        year: 2026,
        month,
        vault: VAULT,
      });
      const id = String(draft.json.id);
      const approve = await send('PATCH', `/api/collections/payroll_runs/records/${id}`, {
        status: 'approved',
      });
      const pay = await send('PATCH', `/api/collections/payroll_runs/records/${id}`, {
        status: 'paid',
      });
      paidNet += Math.round(Number(pay.json.total_net) * 100);
      console.log(
        `| 2026-${String(month).padStart(2, '0')} | ${String(draft.json.payslips_count)} | ${Math.round(draft.ms)} ms | ${Math.round(approve.ms)} ms | ${Math.round(pay.ms)} ms |`,
      );
      if (draft.json.payslips_count !== employees)
        failures.push(`month ${month}: ${String(draft.json.payslips_count)} payslips`);
      if (draft.ms > DRAFT_GOAL_MS)
        failures.push(`month ${month}: draft ${Math.round(draft.ms)} ms`);
      if (pay.ms > PAY_GOAL_MS) failures.push(`month ${month}: pay ${Math.round(pay.ms)} ms`);
    }

    const check = await openPostgres(database.url, 1);
    try {
      const { rows: books } = await check.query<{ balance: string; sum: string }>(
        `SELECT (SELECT "balance" FROM "vaults" WHERE "id" = $1)::text AS balance,
                (SELECT sum("amount") FROM "ledger_entries" WHERE "vault" = $1)::text AS sum`,
        [VAULT],
      );
      const balance = Math.round(Number(books[0].balance) * 100);
      if (books[0].balance !== books[0].sum)
        failures.push(`balance ${books[0].balance} <> sum of entries ${books[0].sum}`);
      if (balance !== FUNDS * 100 - paidNet)
        failures.push(`balance ${books[0].balance}, expected ${(FUNDS * 100 - paidNet) / 100}`);
      const { rows: advances } = await check.query<{ wrong: number }>(
        `SELECT count(*)::int AS wrong FROM "employee_advances" a
          WHERE a."remaining" <> a."amount" - COALESCE((SELECT sum(r."amount") FROM "advance_repayments" r
                                                        WHERE r."advance" = a."id" AND NOT r."reversed"), 0)`,
      );
      if (advances[0].wrong) failures.push(`${advances[0].wrong} advances out of step`);
      console.log(`vault balance ${books[0].balance} = sum of its entries ${books[0].sum}`);
    } finally {
      await check.close();
    }
    if (failures.length) {
      console.log(`FAILED\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        `ok: every draft under ${DRAFT_GOAL_MS} ms, every payment under ${PAY_GOAL_MS} ms, the books agree`,
      );
    }
  } finally {
    if (server) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill();
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

await main();
