/**
 * Finance ledger benchmark (issue 9): with 1,000,000 ledger entries over 50 vaults on PostgreSQL,
 * how fast do a vault's balance and a statement page with running balance answer, and do payments
 * fired at one vault at 200 per second stay correct?
 *
 *   npx tsx bench/finance/run.ts [--entries 1000000] [--vaults 50] [--requests 300]
 *                                [--payments 2000] [--rate 200]
 *
 * Creates its own database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test),
 * seeds it with SQL in the shape `postEntries` writes, runs the real server as a child process,
 * and drops the database at the end. Reads are sent one at a time, so each latency is one
 * request's own; payments are sent open-loop at the given rate (as fast as it goes if the server
 * cannot keep up), each one a PATCH that moves an approved expense to `paid`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchDatabase, signInAdmin, summary } from '../lib/database';
import { startServer } from '../lib/server';
import { openPostgres, type Database } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { bootstrap } from '../../apps/server/src/domain/bootstrap';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const entries = Number(args.get('--entries') ?? 1_000_000);
const vaultCount = Number(args.get('--vaults') ?? 50);
const requests = Number(args.get('--requests') ?? 300);
const payments = Number(args.get('--payments') ?? 2000);
const rate = Number(args.get('--rate') ?? 200);
const database = benchDatabase('bench_finance');
const port = 8393;
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
/** Vault ids: benchvault00000 … (15 characters, the record id alphabet). */
const vaultId = (i: number) => `benchvault${String(i).padStart(5, '0')}`;
/** The payments go to a vault of their own, so the statement vaults stay as seeded. */
const PAY_VAULT = 'benchpayvault00';
/** Each payment is 10.00; the vault holds 70 % of what all of them ask for. */
const PAYMENT = 10;
const PAY_FUNDS = Math.floor(payments * 0.7) * PAYMENT;

async function seed(db: Database): Promise<void> {
  await runMigrations(db);
  await bootstrap(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const stamp = `'2026-01-01 00:00:00.000Z'`;
  await db.query(
    `INSERT INTO "vaults" ("id","title","kind","currency","active","created","updated")
     SELECT 'benchvault' || lpad(v::text, 5, '0'), 'Bench vault ' || v,
            (ARRAY['main','bank','cash','project'])[1 + v % 4], 'USD', true, ${stamp}, ${stamp}
       FROM generate_series(0, $1::int - 1) AS v`,
    [vaultCount],
  );
  // Entries spread round-robin over the vaults, dated over three years, several per day, like
  // `postEntries` writes them (signed amount, kind, source, statement). Most money comes in, some
  // goes out; every tenth entry of a vault is an outflow smaller than the inflows before it, so no running
  // balance goes below zero.
  const started = performance.now();
  await db.query(
    `INSERT INTO "ledger_entries"
       ("id","vault","amount","date","kind","source_collection","source_id","statement","reverses","created_by","created","updated")
     SELECT substr(md5('e' || i), 1, 15),
            'benchvault' || lpad((i % $2::int)::text, 5, '0'),
            CASE WHEN (i / $2::int) % 10 = 9 THEN -(5 + (i % 7))::numeric ELSE (10 + (i % 90) + (i % 100) / 100.0)::numeric END,
            to_char(date '2024-01-01' + ((i::bigint * 1095) / $1::int)::int, 'YYYY-MM-DD') || ' 00:00:00.000Z',
            CASE WHEN (i / $2::int) % 10 = 9 THEN 'expense' ELSE 'donation' END,
            CASE WHEN (i / $2::int) % 10 = 9 THEN 'expenses' ELSE 'donations' END,
            substr(md5('s' || i), 1, 15),
            CASE WHEN (i / $2::int) % 10 = 9 THEN 'Expense: supplies' ELSE 'Donation from a supporter' END,
            '', '',
            to_char(timestamp '2024-01-01' + (i || ' seconds')::interval, 'YYYY-MM-DD HH24:MI:SS.MS') || 'Z',
            to_char(timestamp '2024-01-01' + (i || ' seconds')::interval, 'YYYY-MM-DD HH24:MI:SS.MS') || 'Z'
       FROM generate_series(0, $1::int - 1) AS i`,
    [entries, vaultCount],
  );
  await db.query(
    `INSERT INTO "vaults" ("id","title","kind","currency","active","created","updated")
     VALUES ($1, 'Bench payments vault', 'main', 'USD', true, ${stamp}, ${stamp})`,
    [PAY_VAULT],
  );
  await db.query(
    `INSERT INTO "ledger_entries" ("id","vault","amount","date","kind","source_collection","source_id","statement","created","updated")
     VALUES ('benchpayopening', $1, $2::numeric, '2026-01-01 00:00:00.000Z', 'donation', 'donations', 'benchpaydonatio', 'Opening', ${stamp}, ${stamp})`,
    [PAY_VAULT, PAY_FUNDS],
  );
  // Each balance is the sum of its entries, as postEntries keeps it.
  await db.query(
    `UPDATE "vaults" v SET "balance" = s.total
       FROM (SELECT "vault", sum("amount") AS total FROM "ledger_entries" GROUP BY "vault") s
      WHERE s."vault" = v."id"`,
  );
  await db.query('VACUUM ANALYZE "ledger_entries"');
  await db.query('VACUUM ANALYZE "vaults"');
  console.log(
    `seeded ${entries} entries over ${vaultCount} vaults in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const startBenchServer = (dataDir: string) =>
  startServer({ port, dataDir, databaseUrl: database.url, admin: ADMIN });

async function timed(count: number, warmup: number, run: (i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < count + warmup; i++) {
    const started = performance.now();
    await run(i);
    if (i >= warmup) times.push(performance.now() - started);
  }
  return summary(times);
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  await database.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-finance-'));
  let server: ChildProcess | undefined;
  try {
    const db = await openPostgres(database.url, 4);
    try {
      await seed(db);
    } finally {
      await db.close();
    }
    server = await startBenchServer(dataDir);
    const { token } = await signInAdmin(base, ADMIN);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const get = async (path: string) => {
      const res = await call('GET', path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };

    // ---- Reads, one at a time, cycling over the vaults. ----
    const perVault = Math.floor(entries / vaultCount);
    const middle = Math.max(1, Math.floor(perVault / 30 / 2));
    const v = (i: number) => vaultId(i % vaultCount);
    const filter = 'from=2025-01-01&to=2025-06-30';
    const scenarios: Array<[string, (i: number) => string]> = [
      ['vault balance (GET the vault record)', (i) => `/api/collections/vaults/records/${v(i)}`],
      ['statement page 1', (i) => `/api/finance/vaults/${v(i)}/statement?page=1&perPage=30`],
      [
        `statement page ${middle} (middle)`,
        (i) => `/api/finance/vaults/${v(i)}/statement?page=${middle}&perPage=30`,
      ],
      [
        'statement page 1, newest first',
        (i) => `/api/finance/vaults/${v(i)}/statement?page=1&perPage=30&sort=desc`,
      ],
      [
        'statement page 1, 2025-01-01..2025-06-30',
        (i) => `/api/finance/vaults/${v(i)}/statement?page=1&perPage=30&${filter}`,
      ],
      [
        'statement middle page, 2025-01-01..2025-06-30',
        (i) =>
          `/api/finance/vaults/${v(i)}/statement?page=${Math.max(1, Math.floor(middle / 6))}&perPage=30&${filter}`,
      ],
    ];
    // The statement must agree with the vault: closing balance = the vault's balance.
    const check = await get(`/api/finance/vaults/${v(0)}/statement?page=1&perPage=1`);
    const vault0 = await get(`/api/collections/vaults/records/${v(0)}`);
    if (check.closing_balance !== vault0.balance)
      throw new Error(
        `statement closing ${String(check.closing_balance)} ≠ balance ${String(vault0.balance)}`,
      );
    console.log(
      `entries per vault: ${perVault}; statement totalItems of ${v(0)}: ${String(check.totalItems)}`,
    );
    for (const [name, path] of scenarios) {
      const r = await timed(requests, 20, async (i) => void (await get(path(i))));
      console.log(`${name}: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, max ${ms(r.max)}`);
    }

    // ---- Payments against one vault. ----
    // Each expense is created and approved first (pending → approved); the burst is the pay step,
    // the one that posts the outflow and so the one that must queue on the vault.
    const ids: string[] = [];
    const prepStarted = performance.now();
    const prepare = async (n: number) => {
      const created = await call('POST', '/api/collections/expenses/records', {
        beneficiary: `Supplier ${n}`,
        amount: PAYMENT,
        date: '2026-11-01 00:00:00.000Z',
        vault: PAY_VAULT,
        category: 'Supplies',
      });
      if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
      const id = String(created.body.id);
      const approved = await call('PATCH', `/api/collections/expenses/records/${id}`, {
        status: 'approved',
      });
      if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
      ids.push(id);
    };
    for (let n = 0; n < payments; n += 10)
      await Promise.all(
        Array.from({ length: Math.min(10, payments - n) }, (_, k) => prepare(n + k)),
      );
    console.log(
      `${payments} expenses created and approved in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s`,
    );

    type Outcome = { id: string; status: number; code?: string; latency: number };
    const outcomes: Outcome[] = [];
    const burstStarted = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < ids.length; n++) {
      // Open loop: request n leaves at n / rate seconds, whatever the earlier ones are doing.
      const due = burstStarted + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = ids[n];
      inFlight.push(
        (async () => {
          const sent = performance.now();
          const res = await call('PATCH', `/api/collections/expenses/records/${id}`, {
            status: 'paid',
          });
          const data = res.body.data as Record<string, { code?: string }> | undefined;
          outcomes.push({
            id,
            status: res.status,
            code: data?.amount?.code,
            latency: performance.now() - sent,
          });
        })(),
      );
    }
    const sentIn = (performance.now() - burstStarted) / 1000;
    await Promise.all(inFlight);
    const tookIn = (performance.now() - burstStarted) / 1000;
    const ok = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status === 400);
    const other = outcomes.filter((o) => o.status !== 200 && o.status !== 400);
    const lat = summary(outcomes.map((o) => o.latency));
    console.log(
      `payments: ${outcomes.length} sent in ${sentIn.toFixed(1)} s (${(outcomes.length / sentIn).toFixed(0)}/s offered), ` +
        `all answered in ${tookIn.toFixed(1)} s (${(outcomes.length / tookIn).toFixed(0)}/s answered); ` +
        `${ok.length} paid, ${refused.length} refused, ${other.length} other`,
    );
    console.log(`payment latency: p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, max ${ms(lat.max)}`);

    // ---- Correctness, read straight from the database. ----
    const failures: string[] = [];
    if (other.length)
      failures.push(`unexpected statuses: ${[...new Set(other.map((o) => o.status))].join(', ')}`);
    if (refused.some((o) => o.code !== 'validation_insufficient_funds'))
      failures.push('a refusal that is not validation_insufficient_funds');
    const check2 = new pg.Client({ connectionString: database.url });
    await check2.connect();
    try {
      const { rows: b } = await check2.query<{ balance: string; sum: string; negative: boolean }>(
        `SELECT v."balance"::text AS balance, (SELECT sum("amount") FROM "ledger_entries" WHERE "vault" = v."id")::text AS sum,
                EXISTS (SELECT 1 FROM (SELECT sum("amount") OVER (ORDER BY "_rowid") AS r FROM "ledger_entries" WHERE "vault" = v."id") s WHERE r < 0) AS negative
           FROM "vaults" v WHERE v."id" = $1`,
        [PAY_VAULT],
      );
      const balance = Number(b[0].balance);
      if (b[0].balance !== b[0].sum)
        failures.push(`balance ${b[0].balance} ≠ sum of entries ${b[0].sum}`);
      if (balance < 0) failures.push(`negative balance ${balance}`);
      if (b[0].negative) failures.push('the running balance went below zero in entry order');
      if (balance !== PAY_FUNDS - ok.length * PAYMENT)
        failures.push(`balance ${balance} ≠ funds ${PAY_FUNDS} − ${ok.length} × ${PAYMENT}`);
      // Refusals only when unaffordable: the balance only falls during the burst, so every
      // refused payment must exceed the final balance.
      if (refused.length && balance >= PAYMENT)
        failures.push(`${refused.length} refused while ${balance} remains`);
      const { rows: e } = await check2.query<{
        id: string;
        status: string;
        entry: string | null;
        amount: string | null;
      }>(
        `SELECT x."id", x."status", l."id" AS entry, l."amount"::text AS amount
           FROM "expenses" x LEFT JOIN "ledger_entries" l ON l."id" = x."payment_entry" AND l."source_id" = x."id"
          WHERE x."id" = ANY($1::text[])`,
        [ids],
      );
      const paid = new Set(ok.map((o) => o.id));
      for (const r of e) {
        if (paid.has(r.id) && (r.status !== 'paid' || !r.entry || Number(r.amount) !== -PAYMENT))
          failures.push(`paid expense ${r.id} without its entry`);
        if (!paid.has(r.id) && (r.status !== 'approved' || r.entry))
          failures.push(`refused expense ${r.id} is ${r.status} with entry ${r.entry}`);
      }
      const { rows: n } = await check2.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "ledger_entries" WHERE "vault" = $1 AND "kind" = 'expense'`,
        [PAY_VAULT],
      );
      if (n[0].n !== ok.length)
        failures.push(`${n[0].n} expense entries for ${ok.length} payments`);
      console.log(
        `after the burst: balance ${b[0].balance} = sum of entries ${b[0].sum}; ${n[0].n} expense entries`,
      );
    } finally {
      await check2.end();
    }
    if (failures.length) {
      console.log(`CORRECTNESS: FAILED\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        'CORRECTNESS: ok (balance = sum of entries, never negative, every success has its entry, refusals only when unaffordable)',
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
