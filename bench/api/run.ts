/**
 * PocketBase's benchmark scenarios (pocketbase-api.md §12) against our server.
 *
 *   npx tsx bench/api/run.ts --db pglite|postgres [--only <regex>] [--skip-setup] [--keep]
 *                            [--profile] [--no-baseline] [--async-commit] [--workers 1,2]
 *                            [--reads]
 *
 * Sets the data up (setup.ts), starts the server as a child process (RATE_LIMIT=off, LOG=off),
 * runs each scenario with autocannon from this process, and writes the figures to
 * bench/.data/results/<db>-<time>.json. On PostgreSQL it also runs the raw-SQL baseline (baseline.ts)
 * between the read and the write scenarios.
 *
 * --workers runs every scenario once per count given, in that order (1,2,1,2 interleaves), the data
 * set up again and the server restarted with WORKERS set to it (PostgreSQL; default 1), so that
 * one process and several are measured in the same run.
 */
import autocannon, { type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, processCpuMs, runBaseline, type BaselineResult } from './baseline';
import { BENCH_SIZES } from './collections';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BENCH_DIR,
  DATA_ROOT,
  RESULTS_DIR,
  PG_ADMIN_URL,
  PG_DATABASE,
  USER_PASSWORD,
  dataDir,
  hasFlag,
  parseDbArg,
  pgBenchUrl,
  userEmail,
  type BenchDb,
} from './env';
import { readJson, signInAsAuthor, waitUntilAnswering } from './client';
import { runHttpFloor, type HttpFloorResult } from './http-floor';
import { dropPostgresDatabase, setupBench } from './setup';

const PORT = Number(process.env.BENCH_PORT ?? 8097);
const BASE = `http://127.0.0.1:${PORT}`;

/** What the scenarios need to know about the seeded data. */
type Context = { token: string; userId: string; postId: string };

type Scenario = {
  id: string;
  /** PocketBase's scenario and its CAX11 (2 vCPU) req/s, from §12. */
  pb: { name: string; conc: number; reqPerSec: number } | null;
  method: 'GET' | 'POST';
  path: (ctx: Context) => string;
  /** Send the regular user's token (PocketBase's list/view requests carry one; creates are anonymous). */
  auth: boolean;
  body?: (ctx: Context) => string;
  /** Writes run after the reads (and after the baseline), so reads see the data as seeded. */
  phase: 'read' | 'write';
  connections: number;
  /** Upper bounds: whichever is reached first ends the scenario. */
  maxRequests: number;
  seconds: number;
  warmup: boolean;
  /** Checks one sample answer before the load (a wrong answer makes the figure meaningless). */
  check: (json: unknown, ctx: Context) => string | null;
};

type ListJson = { items?: Array<Record<string, unknown>>; totalItems?: number; page?: number };

function listCheck(
  size: number | null,
  skipTotal: boolean,
  extra?: (json: ListJson) => string | null,
) {
  return (raw: unknown): string | null => {
    const json = raw as ListJson;
    if (!Array.isArray(json.items) || json.items.length !== 20)
      return `expected 20 items, got ${json.items?.length}`;
    if (skipTotal && json.totalItems !== -1)
      return `expected totalItems -1, got ${json.totalItems}`;
    if (!skipTotal && size !== null && json.totalItems !== size)
      return `expected totalItems ${size}, got ${json.totalItems}`;
    if (!skipTotal && size === null && !(Number(json.totalItems) > 0))
      return `expected a total, got ${json.totalItems}`;
    return extra ? extra(json) : null;
  };
}

const hasExpandedAuthor = (json: ListJson): string | null =>
  json.items!.every(
    (item) =>
      typeof (item.expand as { author?: { id?: string } } | undefined)?.author?.id === 'string',
  )
    ? null
    : 'author not expanded';

const recordCheck = (raw: unknown): string | null =>
  typeof (raw as { id?: unknown }).id === 'string' ? null : 'no record id';

function buildScenarios(): Scenario[] {
  const scenarios: Scenario[] = [];
  const posts: Array<{ key: '10k' | '100k'; pb: Record<string, number> }> = [
    {
      key: '10k',
      pb: { simpleA: 318, simpleB: 678, simpleC: 1316, expand: 463, author: 746, authorSkip: 1192 },
    },
    {
      key: '100k',
      pb: { simpleA: 75, simpleB: 146, simpleC: 1126, expand: 136, author: 288, authorSkip: 1147 },
    },
  ];
  for (const { key, pb } of posts) {
    const table = `bench_posts${key}`;
    const size = BENCH_SIZES[table as keyof typeof BENCH_SIZES];
    const list = (query: string) => () => `/api/collections/${table}/records?${query}`;
    scenarios.push(
      {
        id: `posts${key} list (conc 1)`,
        pb: { name: `posts${key} simpleA`, conc: 1, reqPerSec: pb.simpleA },
        method: 'GET',
        path: list('perPage=20'),
        auth: true,
        phase: 'read',
        connections: 1,
        maxRequests: 3000,
        seconds: 8,
        warmup: true,
        check: listCheck(size, false),
      },
      {
        id: `posts${key} list (conc 100)`,
        pb: { name: `posts${key} simpleB`, conc: 1000, reqPerSec: pb.simpleB },
        method: 'GET',
        path: list('perPage=20'),
        auth: true,
        phase: 'read',
        connections: 100,
        maxRequests: 20_000,
        seconds: 10,
        warmup: true,
        check: listCheck(size, false),
      },
      {
        id: `posts${key} list skipTotal (conc 1)`,
        pb: null,
        method: 'GET',
        path: list('perPage=20&skipTotal=1'),
        auth: true,
        phase: 'read',
        connections: 1,
        maxRequests: 5000,
        seconds: 8,
        warmup: true,
        check: listCheck(size, true),
      },
      {
        id: `posts${key} list skipTotal (conc 100)`,
        pb: { name: `posts${key} simpleC`, conc: 1000, reqPerSec: pb.simpleC },
        method: 'GET',
        path: list('perPage=20&skipTotal=1'),
        auth: true,
        phase: 'read',
        connections: 100,
        maxRequests: 30_000,
        seconds: 10,
        warmup: true,
        check: listCheck(size, true),
      },
      {
        // Not a PocketBase scenario: the same list without a token, to show what the per-request
        // account lookup costs (the posts are public, so guests may list them).
        id: `posts${key} list skipTotal guest (conc 100)`,
        pb: null,
        method: 'GET',
        path: list('perPage=20&skipTotal=1'),
        auth: false,
        phase: 'read',
        connections: 100,
        maxRequests: 30_000,
        seconds: 8,
        warmup: true,
        check: listCheck(size, true),
      },
      {
        id: `posts${key} expand author (conc 10)`,
        pb: { name: `posts${key} expand author`, conc: 10, reqPerSec: pb.expand },
        method: 'GET',
        path: list('perPage=20&expand=author'),
        auth: true,
        phase: 'read',
        connections: 10,
        maxRequests: 20_000,
        seconds: 8,
        warmup: true,
        check: listCheck(size, false, hasExpandedAuthor),
      },
      {
        id: `posts${key} filter author (conc 10)`,
        pb: { name: `posts${key} author check (with index)`, conc: 10, reqPerSec: pb.author },
        method: 'GET',
        path: (ctx) =>
          `/api/collections/${table}/records?perPage=20&filter=${encodeURIComponent(`author="${ctx.userId}"`)}`,
        auth: true,
        phase: 'read',
        connections: 10,
        maxRequests: 20_000,
        seconds: 8,
        warmup: true,
        check: listCheck(size / 100, false),
      },
      {
        id: `posts${key} filter author skipTotal (conc 10)`,
        pb: {
          name: `posts${key} author check (with index and skipTotal)`,
          conc: 10,
          reqPerSec: pb.authorSkip,
        },
        method: 'GET',
        path: (ctx) =>
          `/api/collections/${table}/records?perPage=20&skipTotal=1&filter=${encodeURIComponent(`author="${ctx.userId}"`)}`,
        auth: true,
        phase: 'read',
        connections: 10,
        maxRequests: 30_000,
        seconds: 8,
        warmup: true,
        check: listCheck(size / 100, true),
      },
    );
  }
  scenarios.push(
    {
      id: 'posts10k getOne (conc 100)',
      pb: null,
      method: 'GET',
      path: (ctx) => `/api/collections/bench_posts10k/records/${ctx.postId}`,
      auth: true,
      phase: 'read',
      connections: 100,
      maxRequests: 30_000,
      seconds: 8,
      warmup: true,
      check: recordCheck,
    },
    {
      id: 'employees getOne own record (conc 100)',
      pb: { name: 'users getOne (medium concurrency)', conc: 100, reqPerSec: 2642 },
      method: 'GET',
      path: (ctx) => `/api/collections/employees/records/${ctx.userId}`,
      auth: true,
      phase: 'read',
      connections: 100,
      maxRequests: 30_000,
      seconds: 8,
      warmup: true,
      check: recordCheck,
    },
    {
      id: 'employees auth-refresh (conc 100)',
      pb: { name: 'users auth refresh (medium concurrency)', conc: 100, reqPerSec: 3204 },
      method: 'POST',
      path: () => '/api/collections/employees/auth-refresh',
      auth: true,
      phase: 'read',
      connections: 100,
      maxRequests: 30_000,
      seconds: 8,
      warmup: true,
      check: (raw) => (typeof (raw as { token?: unknown }).token === 'string' ? null : 'no token'),
    },
    {
      id: 'create posts10k (conc 100)',
      pb: { name: 'creating 5000 posts10k', conc: 500, reqPerSec: 1900 },
      method: 'POST',
      path: () => '/api/collections/bench_posts10k/records',
      auth: false,
      body: (ctx) =>
        JSON.stringify({
          title: 'Bench post',
          description: '<p>Created by the benchmark.</p>',
          public: true,
          type: ['a', 'c'],
          author: ctx.userId,
        }),
      phase: 'write',
      connections: 100,
      maxRequests: 10_000,
      seconds: 10,
      warmup: true,
      check: recordCheck,
    },
    {
      id: 'create posts100k (conc 100)',
      pb: { name: 'creating 50000 posts100k', conc: 500, reqPerSec: 2015 },
      method: 'POST',
      path: () => '/api/collections/bench_posts100k/records',
      auth: false,
      body: (ctx) =>
        JSON.stringify({
          title: 'Bench post',
          description: '<p>Created by the benchmark.</p>',
          public: false,
          type: ['b'],
          author: ctx.userId,
        }),
      phase: 'write',
      connections: 100,
      maxRequests: 10_000,
      seconds: 10,
      warmup: true,
      check: recordCheck,
    },
    {
      id: 'employees auth-with-password (conc 10)',
      pb: { name: 'users auth with email/pass (small concurrency)', conc: 10, reqPerSec: 30 },
      method: 'POST',
      path: () => '/api/collections/employees/auth-with-password',
      auth: false,
      body: () => JSON.stringify({ identity: userEmail(1), password: USER_PASSWORD }),
      phase: 'write',
      connections: 10,
      maxRequests: 250,
      seconds: 10,
      warmup: false,
      check: (raw) => (typeof (raw as { token?: unknown }).token === 'string' ? null : 'no token'),
    },
  );
  return scenarios;
}

export type ScenarioResult = {
  id: string;
  pb: Scenario['pb'];
  connections: number;
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  /** CPU the server process spent per request (ms), steadier than req/s on a shared machine. */
  serverCpuMsPerReq: number | null;
  /** CPU the PostgreSQL backends spent per request (ms); null on PGlite (it runs in the server). */
  pgCpuMsPerReq: number | null;
  /** 1-minute load average when the scenario started (2 cores: above 2 means others were running). */
  loadAvg1: number;
  /** Server processes (WORKERS) during the scenario. */
  workers: number;
};

function startServer(db: BenchDb, profile: boolean, workers: number): ChildProcess {
  const nodeArgs = ['--import', 'tsx'];
  if (profile) {
    const dir = join(DATA_ROOT, 'profiles');
    mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir(db),
    DATABASE_URL: db === 'postgres' ? pgBenchUrl() : '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMIT: 'off',
    MFA: 'off',
    LOG: 'off',
    WORKERS: String(workers),
  };
  return spawn(process.execPath, [...nodeArgs, join(BENCH_DIR, 'api', 'server.ts')], {
    cwd: join(BENCH_DIR, '..'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The processes a process has started (Linux): the workers of a server with WORKERS. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU time (ms) of a process and its workers so far, or null without one. */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  return childPids(pid).reduce((sum, child) => sum + processCpuMs(child), processCpuMs(pid));
}

/** Waits until a server with WORKERS has started them all, and they listen. */
async function waitForWorkers(pid: number | undefined, workers: number): Promise<void> {
  if (!pid || workers <= 1) return;
  const until = Date.now() + 60_000;
  while (childPids(pid).length < workers && Date.now() < until) await sleep(200);
  // The last one forked still has to open its database pool and listen.
  await sleep(3_000);
}

/**
 * CPU time used by the PostgreSQL backends serving the bench database: the server's pool keeps
 * its connections open through a scenario, so sampling them before and after covers the load.
 */
async function pgBackendsCpu(admin: pg.Client | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!admin) return out;
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [PG_DATABASE],
  );
  for (const { pid } of rows) out.set(pid, processCpuMs(pid));
  return out;
}

/** Peak resident memory of the server process so far (Linux). */
function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function prepareContext(): Promise<Context> {
  const { token, userId, firstPost } = await signInAsAuthor(BASE);
  return { token, userId, postId: firstPost.id };
}

// No autocannon idReplacement: with the hyperid it ships, `[<id>]` bodies get a wrong
// Content-Length (it assumes 33-character ids) and every request hangs. Titles may repeat.
function requestOptions(s: Scenario, ctx: Context) {
  const headers: Record<string, string> = {};
  if (s.auth) headers.authorization = ctx.token;
  if (s.body) headers['content-type'] = 'application/json';
  return { url: `${BASE}${s.path(ctx)}`, method: s.method, headers, body: s.body?.(ctx) };
}

async function sanityCheck(s: Scenario, ctx: Context): Promise<void> {
  const o = requestOptions(s, ctx);
  const res = await fetch(o.url, { method: o.method, headers: o.headers, body: o.body });
  const body = await readJson(res);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${s.id}: sample answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  const problem = s.check(body, ctx);
  if (problem) throw new Error(`${s.id}: ${problem}`);
}

async function runScenario(
  s: Scenario,
  ctx: Context,
  serverPid: number | undefined,
  admin: pg.Client | null,
  workers: number,
): Promise<ScenarioResult> {
  await sanityCheck(s, ctx);
  const o = requestOptions(s, ctx);
  const common = {
    ...o,
    connections: s.connections,
    timeout: 30,
  };
  if (s.warmup)
    await autocannon({ ...common, duration: 1, maxOverallRequests: Math.max(s.connections, 500) });
  // autocannon's histogram keeps whole milliseconds; the response event has the exact time.
  const latencies: number[] = [];
  const load = loadavg()[0];
  const server0 = cpuMs(serverPid);
  const pg0 = await pgBackendsCpu(admin);
  // Timed here, from the start to the last answer: autocannon's own duration only ends on its
  // next one-second tick, which understates req/s whenever the request cap ends the scenario.
  const started = performance.now();
  let lastAnswer = started;
  const r: Result = await autocannon({
    ...common,
    duration: s.seconds,
    maxOverallRequests: s.maxRequests,
  }).on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
    lastAnswer = performance.now();
  });
  const seconds = (lastAnswer - started) / 1000;
  const server1 = cpuMs(serverPid);
  const pg1 = await pgBackendsCpu(admin);
  latencies.sort((a, b) => a - b);
  const ok = r['2xx'];
  const answered = Math.max(1, ok + r.non2xx);
  let pgMs = 0;
  for (const [pid, ms] of pg1) pgMs += ms - (pg0.get(pid) ?? 0);
  return {
    id: s.id,
    pb: s.pb,
    connections: s.connections,
    requests: ok,
    seconds,
    reqPerSec: seconds > 0 ? ok / seconds : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    meanMs: latencies.reduce((sum, v) => sum + v, 0) / Math.max(1, latencies.length),
    maxMs: latencies[latencies.length - 1] ?? 0,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    serverCpuMsPerReq: server0 !== null && server1 !== null ? (server1 - server0) / answered : null,
    pgCpuMsPerReq: admin ? pgMs / answered : null,
    loadAvg1: load,
    workers,
  };
}

function fmt(n: number, digits = 0): string {
  return n.toFixed(digits);
}

async function main(): Promise<void> {
  const db = parseDbArg();
  const argv = process.argv.slice(2);
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex >= 0 ? new RegExp(argv[onlyIndex + 1], 'i') : null;
  const started = Date.now();

  if (!hasFlag('--skip-setup')) await setupBench(db);
  const asyncCommit = db === 'postgres' && hasFlag('--async-commit');
  if (db === 'postgres') {
    // Informational only: PocketBase's SQLite runs WAL with synchronous=NORMAL (no fsync per
    // commit); --async-commit gives the bench database the comparable synchronous_commit=off.
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(
      `ALTER DATABASE ${PG_DATABASE} SET synchronous_commit = ${asyncCommit ? 'off' : 'on'}`,
    );
    await admin.end();
  }
  const workersIndex = argv.indexOf('--workers');
  const workerCounts =
    workersIndex >= 0 ? argv[workersIndex + 1].split(',').map((n) => Number(n)) : [1];
  if (workerCounts.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--workers takes whole numbers, e.g. --workers 1,2');
  const results: ScenarioResult[] = [];
  let baseline: BaselineResult[] = [];
  let httpFloor: HttpFloorResult[] = [];
  let peakRss: number | null = null;
  for (const [round, workers] of workerCounts.entries()) {
    // The write scenarios added rows: each round starts from the same data.
    if (round > 0) await setupBench(db);
    const child = startServer(db, hasFlag('--profile'), workers);
    let admin: pg.Client | null = null;
    try {
      await waitUntilAnswering(child, `${BASE}/api/health`, 'the server');
      await waitForWorkers(child.pid, workers);
      const ctx = await prepareContext();
      if (db === 'postgres') {
        admin = new pg.Client({ connectionString: PG_ADMIN_URL });
        await admin.connect();
      }
      const scenarios = buildScenarios().filter((s) => !only || only.test(s.id));
      // --reads leaves out the write scenarios (and the sign-in), for a shorter run.
      const phases = hasFlag('--reads') ? (['read'] as const) : (['read', 'write'] as const);
      for (const phase of phases) {
        for (const s of scenarios.filter((x) => x.phase === phase)) {
          const r = await runScenario(s, ctx, child.pid, admin, workers);
          results.push(r);
          const bad =
            r.errors + r.non2xx > 0 || r.requests === 0
              ? `  INVALID: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.requests} answered`
              : '';
          const pb = r.pb ? `  (PocketBase CAX11 ≈${r.pb.reqPerSec} @ conc ${r.pb.conc})` : '';
          const cpu = `cpu/req ${r.serverCpuMsPerReq?.toFixed(2) ?? '?'}${r.pgCpuMsPerReq !== null ? ` + pg ${r.pgCpuMsPerReq.toFixed(2)}` : ''} ms`;
          const label = workerCounts.length > 1 ? `w${workers} ` : '';
          console.log(
            `${db.padEnd(8)} ${label}${r.id.padEnd(42)} ${fmt(r.reqPerSec).padStart(6)} req/s  p50 ${fmt(r.p50Ms, 1)} ms  p99 ${fmt(r.p99Ms, 1)} ms  n=${r.requests}  ${cpu}  load ${r.loadAvg1.toFixed(1)}${pb}${bad}`,
          );
          await sleep(1000);
        }
        const firstCount = workers === workerCounts[0];
        if (
          phase === 'read' &&
          db === 'postgres' &&
          !only &&
          !hasFlag('--no-baseline') &&
          firstCount
        ) {
          // Between the phases: the same data the list scenarios read, the server idle.
          baseline = await runBaseline();
          // And the bare HTTP exchange of the same answer, byte for byte.
          const sample = await fetch(
            `${BASE}/api/collections/bench_posts10k/records?perPage=20&skipTotal=1`,
            {
              headers: { authorization: ctx.token },
            },
          );
          httpFloor = await runHttpFloor(await sample.text());
        }
      }
      peakRss = Math.max(peakRss ?? 0, peakRssMb(child.pid) ?? 0) || null;
    } finally {
      await admin?.end();
      await stopServer(child);
    }
  }
  if (db === 'postgres' && !hasFlag('--keep')) await dropPostgresDatabase();

  const invalid = results.filter((r) => r.errors + r.non2xx > 0 || r.requests === 0);
  const out = {
    db,
    date: new Date().toISOString(),
    machine: {
      nproc: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    // autocannon keeps connections alive; PocketBase's generator opens one per request.
    keepAlive: true,
    asyncCommit,
    serverPeakRssMb: peakRss,
    results,
    baseline,
    httpFloor,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  // One file per run: report.ts builds the README tables from the complete ones.
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = out.date.replace(/[:.]/g, '-');
  // Runs of other shapes (one scenario, several worker counts) stay out of report.ts's tables.
  const partial = only || asyncCommit || workerCounts.join() !== '1' || hasFlag('--reads');
  const file = join(RESULTS_DIR, `${db}-${stamp}${partial ? '-partial' : ''}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(
    `\n${results.length} scenarios in ${out.totalSeconds} s, server peak RSS ${peakRss ?? '?'} MB; results in ${file}`,
  );
  if (invalid.length) {
    console.error(
      `INVALID: ${invalid.map((r) => r.id).join(', ')} had errors, non-2xx or no answers`,
    );
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
