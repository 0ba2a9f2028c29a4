/**
 * The raw-SQL baseline: the list query the engine generates for `?perPage=20` (page 1, 20 rows,
 * with and without the count), sent straight through `pg` with the server's pool size and the
 * same concurrency as the HTTP scenarios. No HTTP, no auth, no JSON.
 *
 *   npx tsx bench/api/baseline.ts            (sets up the PostgreSQL data, runs, drops it)
 *   npx tsx bench/api/baseline.ts --skip-setup --keep
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { hasFlag, pgBenchUrl } from './env';
import { dropPostgresDatabase, setupBench } from './setup';

export type BaselineResult = {
  id: string;
  table: string;
  withCount: boolean;
  connections: number;
  requests: number;
  seconds: number;
  reqPerSec: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU spent per request by this process (the pg driver) and by its PostgreSQL backends, ms. */
  clientCpuMsPerReq: number;
  pgCpuMsPerReq: number;
};

/** The server's pool size (openPostgres default). */
const POOL_SIZE = 20;

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const APPLICATION_NAME = 'bench-baseline';

/** CPU time (ms) a process has used so far (Linux /proc), or 0 when unreadable. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime + stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

async function backendsCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE application_name = $1`,
    [APPLICATION_NAME],
  );
  return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
}

async function measure(
  admin: pg.Client,
  pool: pg.Pool,
  table: string,
  withCount: boolean,
  connections: number,
  seconds: number,
  maxRequests: number,
): Promise<BaselineResult> {
  // Exactly the statements listRecords() builds for this request.
  const pageSql = `SELECT t.* FROM "${table}" t ORDER BY t."_rowid" ASC LIMIT 20 OFFSET 0`;
  const countSql = `SELECT count(*)::bigint AS n FROM "${table}" t`;
  const one = async () => {
    const [page, count] = await Promise.all([
      pool.query(pageSql, []),
      withCount ? pool.query(countSql, []) : Promise.resolve(null),
    ]);
    if (page.rows.length !== 20 || (count && Number(count.rows[0].n) <= 0))
      throw new Error('unexpected baseline result');
  };
  // Warm-up (plans, buffers), not measured.
  const warmUntil = performance.now() + 500;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < warmUntil) await one();
    }),
  );

  const latencies: number[] = [];
  const pg0 = await backendsCpu(admin);
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let issued = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && issued < maxRequests) {
        issued += 1;
        const t0 = performance.now();
        await one();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pg1 = await backendsCpu(admin);
  let pgMs = 0;
  for (const [pid, ms] of pg1) pgMs += ms - (pg0.get(pid) ?? 0);
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((s, v) => s + v, 0) / Math.max(1, latencies.length);
  return {
    id: `${table.replace('bench_', '')}-${withCount ? 'count' : 'skipTotal'}-c${connections}`,
    table,
    withCount,
    connections,
    requests: latencies.length,
    seconds: elapsed,
    reqPerSec: latencies.length / elapsed,
    meanMs: mean,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    clientCpuMsPerReq: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
    pgCpuMsPerReq: pgMs / Math.max(1, latencies.length),
  };
}

/** Runs the baseline matrix against the seeded bench_api database. */
export async function runBaseline(
  log: (line: string) => void = console.log,
): Promise<BaselineResult[]> {
  const pool = new pg.Pool({
    connectionString: pgBenchUrl(),
    max: POOL_SIZE,
    application_name: APPLICATION_NAME,
  });
  const admin = new pg.Client({ connectionString: pgBenchUrl() });
  await admin.connect();
  const results: BaselineResult[] = [];
  try {
    for (const table of ['bench_posts10k', 'bench_posts100k']) {
      for (const withCount of [true, false]) {
        for (const connections of [1, 100]) {
          const r = await measure(
            admin,
            pool,
            table,
            withCount,
            connections,
            5,
            connections === 1 ? 5_000 : 50_000,
          );
          results.push(r);
          log(
            `baseline ${r.id.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s  mean ${r.meanMs.toFixed(2)} ms  p50 ${r.p50Ms.toFixed(2)} ms  ` +
              `p99 ${r.p99Ms.toFixed(2)} ms  cpu/req ${r.clientCpuMsPerReq.toFixed(2)} + pg ${r.pgCpuMsPerReq.toFixed(2)} ms  load ${loadavg()[0].toFixed(1)}`,
          );
        }
      }
    }
  } finally {
    await admin.end();
    await pool.end();
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  (async () => {
    if (!hasFlag('--skip-setup')) await setupBench('postgres');
    try {
      await runBaseline();
    } finally {
      if (!hasFlag('--keep')) await dropPostgresDatabase();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
