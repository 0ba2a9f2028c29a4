/**
 * Our server against Directus 12, side by side, on the same data and with the read scenarios of
 * bench/api (PocketBase's benchmark: posts10k and posts100k, lists with and without a total,
 * expand author, filter by author, getOne).
 *
 *   npx tsx bench/directus/run.ts [--rounds 3] [--only <regex>] [--skip-setup] [--keep]
 *
 * What it does, in order:
 *  1. installs Directus 12.4.0 and Node 22 from npm into bench/.data/directus/ if they are not
 *     there yet (directus.ts says how, and why isolated-vm is rebuilt);
 *  2. builds both databases on the PostgreSQL of BENCH_PG_ADMIN_URL (default
 *     postgres://postgres@127.0.0.1:5432/test): ours, `bench_api`, with bench/api/setup.ts; Directus's,
 *     `bench_directus`, with `directus bootstrap`, its REST API (collections, relation, policy,
 *     role, 100 users) and one SQL statement per posts table, generating the same rows as ours;
 *  3. starts both servers as child processes (ours exactly as bench/api/run.ts does: RATE_LIMIT=off,
 *     LOG=off, NODE_ENV=production; Directus on Node 22 with its data cache, rate limiter and
 *     pressure limiter off), signs in as author 0, a regular account, on each;
 *  4. runs every scenario on both, one right after the other, for each round; the server that goes
 *     first alternates from round to round, so that neither always meets a warmer or a busier
 *     machine;
 *  5. prints a markdown table of medians over the rounds (req/s, p50, p99, CPU per request of each
 *     server process and of its PostgreSQL backends, from /proc), saves every measurement to
 *     bench/.data/results/directus/<time>.json, and drops both databases unless --keep.
 *
 * --skip-setup reuses the databases a previous run kept (--keep). Ports: BENCH_OURS_PORT (8197)
 * and BENCH_DIRECTUS_PORT (8198). A whole run of 3 rounds takes about 20 minutes.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { percentile, processCpuMs } from '../api/baseline';
import { BENCH_SIZES } from '../api/collections';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BENCH_DIR,
  PG_ADMIN_URL,
  PG_DATABASE,
  RESULTS_DIR,
  USER_PASSWORD,
  dataDir,
  hasFlag,
  pgBenchUrl,
} from '../api/env';
import { readJson, signInAsAuthor, waitUntilAnswering } from '../api/client';
import { dropPostgresDatabase, setupBench } from '../api/setup';
import {
  DIRECTUS_BASE,
  DIRECTUS_DATABASE,
  DIRECTUS_VERSION,
  bootstrapDirectus,
  directusLogin,
  directusName,
  directusUserEmail,
  dropDirectusDatabase,
  ensureInstalled,
  node22Version,
  recreateDirectusDatabase,
  setupDirectusData,
  startDirectus,
} from './directus';
import {
  SERVERS,
  cpu,
  invalid,
  markdownTable,
  ms,
  n0,
  summarise,
  type Measurement,
  type SavedRun,
  type Server,
} from './summary';

const OURS_PORT = Number(process.env.BENCH_OURS_PORT ?? 8197);
const OURS_BASE = `http://127.0.0.1:${OURS_PORT}`;

/** What a scenario needs to know about one server: its token, author 0's id, a post's id. */
type Context = { base: string; authorization: string; userId: string; postId: string };

/** One server's side of a scenario: the request and how to tell a right answer. */
type Side = {
  path: (ctx: Context) => string;
  auth: boolean;
  check: (json: unknown, ctx: Context) => string | null;
};

type Scenario = {
  id: string;
  connections: number;
  /** Upper bounds, as in bench/api/run.ts: whichever comes first ends the measurement. */
  maxRequests: number;
  seconds: number;
  ours: Side;
  directus: Side;
};

type OursList = { items?: Array<Record<string, unknown>>; totalItems?: number };
type DirectusList = { data?: Array<Record<string, unknown>>; meta?: { filter_count?: number } };

/**
 * A right list answer: 20 items, and the total when one was asked for (ours answers -1 when
 * skipTotal is set; Directus leaves `meta` out when it is not asked).
 */
function oursList(
  total: number | null,
  extra?: (items: Array<Record<string, unknown>>) => string | null,
) {
  return (raw: unknown): string | null => {
    const json = raw as OursList;
    if (!Array.isArray(json.items) || json.items.length !== 20)
      return `expected 20 items, got ${json.items?.length}`;
    const expected = total ?? -1;
    if (json.totalItems !== expected)
      return `expected totalItems ${expected}, got ${json.totalItems}`;
    return extra ? extra(json.items) : null;
  };
}

function directusList(
  total: number | null,
  extra?: (items: Array<Record<string, unknown>>) => string | null,
) {
  return (raw: unknown): string | null => {
    const json = raw as DirectusList;
    if (!Array.isArray(json.data) || json.data.length !== 20)
      return `expected 20 items, got ${json.data?.length}`;
    const count = json.meta?.filter_count;
    if (total === null && count !== undefined) return `expected no count, got ${count}`;
    if (total !== null && count !== total) return `expected filter_count ${total}, got ${count}`;
    return extra ? extra(json.data) : null;
  };
}

const authorsExpanded =
  (pick: (item: Record<string, unknown>) => unknown) =>
  (items: Array<Record<string, unknown>>): string | null =>
    items.every((item) => typeof (pick(item) as { id?: unknown } | undefined)?.id === 'string')
      ? null
      : 'author not expanded';

const oursRecord = (field: 'postId' | 'userId') => (raw: unknown, ctx: Context) =>
  (raw as { id?: unknown }).id === ctx[field] ? null : `expected record ${ctx[field]}`;
const directusRecord = (field: 'postId' | 'userId') => (raw: unknown, ctx: Context) =>
  String((raw as { data?: { id?: unknown } }).data?.id) === ctx[field]
    ? null
    : `expected item ${ctx[field]}`;

/**
 * The read scenarios of bench/api/run.ts (same ids, connections and bounds), each mapped to the
 * Directus request that does the same work: `limit=20` for `perPage=20`, `meta=filter_count`
 * for the total (the count under the request's filter, as our totalItems), no meta for skipTotal,
 * `fields=*,author.*` for `expand=author`, `filter[author][_eq]` for the author filter.
 */
function buildScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const key of ['10k', '100k'] as const) {
    const table = `bench_posts${key}` as const;
    const size = BENCH_SIZES[table];
    const perAuthor = size / 100;
    const ours = (query: string) => () => `/api/collections/${table}/records?${query}`;
    const directus = (query: string) => () => `/items/${directusName(table)}?${query}`;
    const oursFilter = (ctx: Context) => `filter=${encodeURIComponent(`author="${ctx.userId}"`)}`;
    const directusFilter = (ctx: Context) => `filter[author][_eq]=${ctx.userId}`;
    const bounds = (connections: number, maxRequests: number, seconds: number) => ({
      connections,
      maxRequests,
      seconds,
    });
    out.push(
      {
        id: `posts${key} list (conc 1)`,
        ...bounds(1, 3000, 8),
        ours: { path: ours('perPage=20'), auth: true, check: oursList(size) },
        directus: {
          path: directus('limit=20&meta=filter_count'),
          auth: true,
          check: directusList(size),
        },
      },
      {
        id: `posts${key} list (conc 100)`,
        ...bounds(100, 20_000, 10),
        ours: { path: ours('perPage=20'), auth: true, check: oursList(size) },
        directus: {
          path: directus('limit=20&meta=filter_count'),
          auth: true,
          check: directusList(size),
        },
      },
      {
        id: `posts${key} list skipTotal (conc 1)`,
        ...bounds(1, 5000, 8),
        ours: { path: ours('perPage=20&skipTotal=1'), auth: true, check: oursList(null) },
        directus: { path: directus('limit=20'), auth: true, check: directusList(null) },
      },
      {
        id: `posts${key} list skipTotal (conc 100)`,
        ...bounds(100, 30_000, 10),
        ours: { path: ours('perPage=20&skipTotal=1'), auth: true, check: oursList(null) },
        directus: { path: directus('limit=20'), auth: true, check: directusList(null) },
      },
      {
        // Without a token: both let guests read the posts (Directus through its public policy).
        id: `posts${key} list skipTotal guest (conc 100)`,
        ...bounds(100, 30_000, 8),
        ours: { path: ours('perPage=20&skipTotal=1'), auth: false, check: oursList(null) },
        directus: { path: directus('limit=20'), auth: false, check: directusList(null) },
      },
      {
        id: `posts${key} expand author (conc 10)`,
        ...bounds(10, 20_000, 8),
        ours: {
          path: ours('perPage=20&expand=author'),
          auth: true,
          check: oursList(
            size,
            authorsExpanded((item) => (item.expand as { author?: unknown } | undefined)?.author),
          ),
        },
        directus: {
          path: directus(`limit=20&meta=filter_count&fields=${encodeURIComponent('*,author.*')}`),
          auth: true,
          check: directusList(
            size,
            authorsExpanded((item) => item.author),
          ),
        },
      },
      {
        id: `posts${key} filter author (conc 10)`,
        ...bounds(10, 20_000, 8),
        ours: {
          path: (ctx) => `${ours('perPage=20')()}&${oursFilter(ctx)}`,
          auth: true,
          check: oursList(perAuthor),
        },
        directus: {
          path: (ctx) => `${directus('limit=20&meta=filter_count')()}&${directusFilter(ctx)}`,
          auth: true,
          check: directusList(perAuthor),
        },
      },
      {
        id: `posts${key} filter author skipTotal (conc 10)`,
        ...bounds(10, 30_000, 8),
        ours: {
          path: (ctx) => `${ours('perPage=20&skipTotal=1')()}&${oursFilter(ctx)}`,
          auth: true,
          check: oursList(null),
        },
        directus: {
          path: (ctx) => `${directus('limit=20')()}&${directusFilter(ctx)}`,
          auth: true,
          check: directusList(null),
        },
      },
    );
  }
  out.push(
    {
      id: 'posts10k getOne (conc 100)',
      connections: 100,
      maxRequests: 30_000,
      seconds: 8,
      ours: {
        path: (ctx) => `/api/collections/bench_posts10k/records/${ctx.postId}`,
        auth: true,
        check: oursRecord('postId'),
      },
      directus: {
        path: (ctx) => `/items/posts10k/${ctx.postId}`,
        auth: true,
        check: directusRecord('postId'),
      },
    },
    {
      // The account's own record: an employee on ours, a directus_users row on Directus.
      id: 'own user record getOne (conc 100)',
      connections: 100,
      maxRequests: 30_000,
      seconds: 8,
      ours: {
        path: (ctx) => `/api/collections/employees/records/${ctx.userId}`,
        auth: true,
        check: oursRecord('userId'),
      },
      directus: {
        path: (ctx) => `/users/${ctx.userId}`,
        auth: true,
        check: directusRecord('userId'),
      },
    },
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// Processes

/** Our bench server, started as bench/api/run.ts starts it (one process, PostgreSQL). */
function startOurs(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'api', 'server.ts')], {
    cwd: join(BENCH_DIR, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(OURS_PORT),
      DATA_DIR: dataDir('postgres'),
      DATABASE_URL: pgBenchUrl(),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      RATE_LIMIT: 'off',
      MFA: 'off',
      LOG: 'off',
      WORKERS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Someone else's server on one of our ports would be measured instead of ours: refuse. */
async function assertPortFree(base: string): Promise<void> {
  try {
    await fetch(base, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`${base} already answers: set BENCH_OURS_PORT / BENCH_DIRECTUS_PORT`);
}

/** CPU time so far of the PostgreSQL backends connected to one database, by pid. */
async function backendsCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
}

// ---------------------------------------------------------------------------------------------
// Signing in and measuring

/** Ours: author 0 signed in, and the first post of posts10k (its title, to find it in Directus). */
async function oursContext(): Promise<{ ctx: Context; firstTitle: string }> {
  const { token, userId, firstPost } = await signInAsAuthor(OURS_BASE);
  const ctx = { base: OURS_BASE, authorization: token, userId, postId: firstPost.id };
  return { ctx, firstTitle: firstPost.title };
}

/**
 * Directus's context: author 0 signed in, and its first post, which must be ours (same title):
 * both then list the same rows in the same order and view the same post.
 */
async function directusContext(oursFirstTitle: string): Promise<Context> {
  const token = await directusLogin(directusUserEmail(0), USER_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const me = await fetch(`${DIRECTUS_BASE}/users/me?fields=id`, { headers });
  const userId = ((await readJson(me)) as { data?: { id?: string } }).data?.id;
  if (!me.ok || typeof userId !== 'string') throw new Error(`Directus /users/me: ${me.status}`);
  const list = await fetch(`${DIRECTUS_BASE}/items/posts10k?limit=1&fields=id,title`, { headers });
  const first = ((await readJson(list)) as DirectusList).data?.[0];
  if (first?.title !== oursFirstTitle)
    throw new Error(`Directus's first post is ${JSON.stringify(first)}, ours "${oursFirstTitle}"`);
  return {
    base: DIRECTUS_BASE,
    authorization: headers.authorization,
    userId,
    postId: String(first.id),
  };
}

function request(side: Side, ctx: Context): { url: string; headers: Record<string, string> } {
  return {
    url: `${ctx.base}${side.path(ctx)}`,
    headers: side.auth ? { authorization: ctx.authorization } : {},
  };
}

/** One sample answer, checked before the load: a wrong answer would make the figure meaningless. */
async function sampleCheck(s: Scenario, server: Server, ctx: Context): Promise<void> {
  const side = s[server];
  const { url, headers } = request(side, ctx);
  const res = await fetch(url, { headers });
  const body = await readJson(res);
  if (!res.ok)
    throw new Error(`${server} ${s.id}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  const problem = side.check(body, ctx);
  if (problem) throw new Error(`${server} ${s.id}: ${problem} (${url})`);
}

async function measure(
  s: Scenario,
  server: Server,
  round: number,
  ctx: Context,
  pid: number | undefined,
  admin: pg.Client,
): Promise<Measurement> {
  await sampleCheck(s, server, ctx);
  const { url, headers } = request(s[server], ctx);
  const common = { url, headers, connections: s.connections, timeout: 30 };
  // One second of warm-up (JIT, plans, pool connections), not measured.
  await autocannon({ ...common, duration: 1, maxOverallRequests: Math.max(s.connections, 500) });

  const database = server === 'ours' ? PG_DATABASE : DIRECTUS_DATABASE;
  const latencies: number[] = [];
  const load = loadavg()[0];
  const cpu0 = pid ? processCpuMs(pid) : null;
  const pg0 = await backendsCpu(admin, database);
  // Timed from the start to the last answer (autocannon's own duration runs to its next tick).
  const started = performance.now();
  let lastAnswer = started;
  let bytes = 0;
  const r = await autocannon({
    ...common,
    duration: s.seconds,
    maxOverallRequests: s.maxRequests,
  }).on('response', (_client, _status, resBytes, ms) => {
    latencies.push(ms);
    bytes += resBytes;
    lastAnswer = performance.now();
  });
  const seconds = (lastAnswer - started) / 1000;
  const cpu1 = pid ? processCpuMs(pid) : null;
  const pg1 = await backendsCpu(admin, database);
  let pgMs = 0;
  for (const [backend, ms] of pg1) pgMs += ms - (pg0.get(backend) ?? 0);
  latencies.sort((a, b) => a - b);
  const ok = r['2xx'];
  const answered = Math.max(1, ok + r.non2xx);
  return {
    scenario: s.id,
    server,
    round,
    connections: s.connections,
    requests: ok,
    seconds,
    reqPerSec: seconds > 0 ? ok / seconds : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerAnswer: bytes / Math.max(1, latencies.length),
    serverCpuMsPerReq: cpu0 !== null && cpu1 !== null ? (cpu1 - cpu0) / answered : null,
    pgCpuMsPerReq: pgMs / answered,
    loadAvg1: load,
  };
}

// ---------------------------------------------------------------------------------------------

function argValue(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const rounds = Number(argValue('--rounds') ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number');
  const onlyArg = argValue('--only');
  const only = onlyArg ? new RegExp(onlyArg, 'i') : null;
  const skipSetup = hasFlag('--skip-setup');
  const keep = hasFlag('--keep');
  const log = (line: string) => console.log(line);
  const started = Date.now();

  ensureInstalled(log);
  await assertPortFree(OURS_BASE);
  await assertPortFree(DIRECTUS_BASE);

  let ours: ChildProcess | null = null;
  let directus: ChildProcess | null = null;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const measurements: Measurement[] = [];
  let scenarioIds: string[] = [];
  try {
    if (!skipSetup) {
      log('Setting up our database (bench/api/setup.ts)');
      await setupBench('postgres', log);
      log("Setting up Directus's database");
      await recreateDirectusDatabase();
      bootstrapDirectus(log);
    }
    directus = startDirectus();
    await waitUntilAnswering(directus, `${DIRECTUS_BASE}/server/ping`, 'Directus', 120_000);
    if (!skipSetup) {
      await setupDirectusData(log);
      // Measured from a fresh process, as ours: the setup's schema changes and 100 password
      // hashes are not part of what is measured.
      await stop(directus);
      directus = startDirectus();
      await waitUntilAnswering(directus, `${DIRECTUS_BASE}/server/ping`, 'Directus', 120_000);
    }
    ours = startOurs();
    await waitUntilAnswering(ours, `${OURS_BASE}/api/health`, 'our server');

    const oursSide = await oursContext();
    const contexts: Record<Server, Context> = {
      ours: oursSide.ctx,
      directus: await directusContext(oursSide.firstTitle),
    };
    const pids: Record<Server, number | undefined> = { ours: ours.pid, directus: directus.pid };
    const scenarios = buildScenarios().filter((s) => !only || only.test(s.id));
    scenarioIds = scenarios.map((s) => s.id);
    log(
      `\n${scenarios.length} scenarios × ${rounds} rounds on both servers (Directus ${DIRECTUS_VERSION} on Node ${node22Version()}, ours on ${process.version})`,
    );
    for (let round = 1; round <= rounds; round++) {
      const order: Server[] = round % 2 === 1 ? [...SERVERS] : [...SERVERS].reverse();
      log(`\nRound ${round}/${rounds} (${order.join(' first, then ')})`);
      for (const s of scenarios) {
        for (const server of order) {
          const m = await measure(s, server, round, contexts[server], pids[server], admin);
          measurements.push(m);
          const bad = invalid(m)
            ? `  INVALID: ${m.errors} errors, ${m.non2xx} non-2xx, ${m.requests} answered`
            : '';
          log(
            `${server.padEnd(8)} ${s.id.padEnd(42)} ${n0(m.reqPerSec).padStart(6)} req/s  p50 ${ms(m.p50Ms)} ms  p99 ${ms(m.p99Ms)} ms  ` +
              `n=${m.requests}  cpu/req ${cpu({ server: m.serverCpuMsPerReq, pg: m.pgCpuMsPerReq })} ms  ${n0(m.bytesPerAnswer)} B  load ${m.loadAvg1.toFixed(1)}${bad}`,
          );
          await sleep(1000);
        }
      }
    }
  } finally {
    await stop(ours);
    await stop(directus);
    await admin.end();
    if (!keep) {
      await dropPostgresDatabase();
      await dropDirectusDatabase();
    }
  }

  const summaries = scenarioIds.flatMap((id) =>
    SERVERS.map((server) => summarise(measurements, id, server)),
  );
  const loads = measurements.map((m) => m.loadAvg1);
  const out: SavedRun = {
    date: new Date().toISOString(),
    command: `npx tsx bench/directus/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
    rounds,
    machine: {
      nproc: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      oursNode: process.version,
      directusNode: node22Version(),
    },
    directusVersion: DIRECTUS_VERSION,
    loadAvg1: { min: Math.min(...loads), max: Math.max(...loads) },
    summaries,
    measurements,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  const dir = join(RESULTS_DIR, 'directus');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${out.date.replace(/[:.]/g, '-')}${only ? '-partial' : ''}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);

  log(
    `\nMedians of ${rounds} round(s); CPU per request from /proc (server process + its PostgreSQL backends).`,
  );
  log(markdownTable(summaries, scenarioIds));
  log(
    `\nLoad average (1 min) at the start of a measurement: ${out.loadAvg1.min.toFixed(1)}–${out.loadAvg1.max.toFixed(1)} on ${out.machine.nproc} cores. ` +
      `${measurements.length} measurements in ${out.totalSeconds} s; saved to ${file}`,
  );
  const bad = summaries.filter((x) => !x.valid);
  if (bad.length) {
    console.error(`INVALID: ${bad.map((x) => `${x.server} ${x.scenario}`).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
