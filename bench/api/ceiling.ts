/**
 * The engine against the HTTP ceiling: our server beside a bare Node `http` server that runs the
 * same SQL on its own `pg` pool (20 connections, as ours) and answers the rows as JSON, with no
 * token check, rules, framework or hooks. Whatever ours spends beyond the ceiling is the engine's
 * own cost.
 *
 *   npx tsx bench/api/ceiling.ts [--skip-setup] [--rounds 3] [--seconds 5] [--only <regex>]
 *                                [--conc 1,20] [--profile] [--gc]
 *
 * Both servers are child processes with one process each (WORKERS=1), on the PostgreSQL database
 * of bench/api (setup.ts, plus 2,000 roles). Every scenario runs round after round, ours and the
 * ceiling in turn, at each concurrency; the figure is the median of the per-round ratios
 * ours ÷ ceiling, which carries from one day (and one machine load) to another better than req/s.
 * `--profile` starts ours with --cpu-prof (bench/.data/profiles) to see where its time goes.
 * `--gc` starts both with --trace-gc-nvp and adds, per request, the bytes each allocated and
 * promoted to the old generation, and the full collections, to each row.
 *
 * Internal: `--serve-ceiling --port <n>` is the ceiling server itself.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { processCpuMs } from './baseline';
import { readJson, waitUntilAnswering } from './client';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BENCH_DIR,
  DATA_ROOT,
  RESULTS_DIR,
  dataDir,
  hasFlag,
  pgBenchUrl,
} from './env';
import { setupBench } from './setup';

const OURS_PORT = Number(process.env.BENCH_PORT ?? 8097);
const CEILING_PORT = Number(process.env.BENCH_CEILING_PORT ?? 8099);
const ROLE_COUNT = 2_000;

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * One request shape: the path both servers answer, and the SQL the ceiling runs for it (the
 * statements ours sends for the same request, read off PostgreSQL's statement log).
 */
type Scenario = {
  id: string;
  path: (ctx: Context) => string;
  auth: boolean;
};

type Context = { roleId: string; token: string };

const SCENARIOS: Scenario[] = [
  // Not a list or a view: what a request costs before any record work (the framework, the
  // plugins, the headers), to tell the engine's share from the server's.
  { id: 'health (diagnostic)', path: () => '/api/health', auth: false },
  {
    id: 'roles list, skipTotal',
    path: () => '/api/collections/roles/records?perPage=20&skipTotal=1&sort=-created',
    auth: true,
  },
  {
    id: 'roles list, with total',
    path: () => '/api/collections/roles/records?perPage=20&sort=-created',
    auth: true,
  },
  { id: 'roles getOne', path: (ctx) => `/api/collections/roles/records/${ctx.roleId}`, auth: true },
  {
    id: 'posts10k filtered list',
    path: () =>
      `/api/collections/bench_posts10k/records?perPage=20&skipTotal=1&sort=-created&filter=${encodeURIComponent('public = true')}`,
    auth: true,
  },
  {
    id: 'posts10k list, expand author',
    path: () => '/api/collections/bench_posts10k/records?perPage=20&skipTotal=1&expand=author',
    auth: true,
  },
  {
    id: 'posts10k list, guest',
    path: () => '/api/collections/bench_posts10k/records?perPage=20&skipTotal=1',
    auth: false,
  },
];

// ---------------------------------------------------------------------------------------------
// The ceiling server

/** Fields an account's JSON never carries (ours hides them too). */
const ACCOUNT_SECRETS = ['password', 'tokenKey'];

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...row };
  for (const key of ACCOUNT_SECRETS) delete copy[key];
  delete copy._rowid;
  return copy;
}

function pageJson(rows: Array<Record<string, unknown>>, total: number | null): string {
  return JSON.stringify({
    items: rows.map(withoutSecrets),
    page: 1,
    perPage: 20,
    totalItems: total ?? -1,
    totalPages: total === null ? -1 : Math.ceil(total / 20),
  });
}

async function serveCeiling(port: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: pgBenchUrl(), max: 20 });
  type Row = Record<string, unknown>;
  const rows = async (sql: string, values: unknown[] = []): Promise<Row[]> =>
    (await pool.query<Row>(sql, values)).rows;
  const count = async (sql: string): Promise<number> =>
    Number((await pool.query<{ n: string }>(sql)).rows[0].n);

  const answer = async (url: URL): Promise<string | null> => {
    const path = url.pathname;
    const query = url.searchParams;
    const rolesList =
      'SELECT t.* FROM "roles" t ORDER BY t."created" DESC, t."_rowid" ASC LIMIT 20 OFFSET 0';
    if (path === '/api/collections/roles/records') {
      if (query.get('skipTotal') === '1') return pageJson(await rows(rolesList), null);
      const [page, total] = await Promise.all([
        rows(rolesList),
        count('SELECT count(*)::bigint AS n FROM "roles" t'),
      ]);
      return pageJson(page, total);
    }
    if (path.startsWith('/api/collections/roles/records/')) {
      const id = decodeURIComponent(path.slice('/api/collections/roles/records/'.length));
      const found = await rows('SELECT t.* FROM "roles" t WHERE t."id" = $1 LIMIT 1', [id]);
      return found[0] ? JSON.stringify(withoutSecrets(found[0])) : null;
    }
    if (path === '/api/collections/bench_posts10k/records') {
      if (query.get('filter')) {
        return pageJson(
          await rows(
            'SELECT t.* FROM "bench_posts10k" t WHERE t."public" = $1 ORDER BY t."created" DESC, t."_rowid" ASC LIMIT 20 OFFSET 0',
            [true],
          ),
          null,
        );
      }
      const page = await rows(
        'SELECT t.* FROM "bench_posts10k" t ORDER BY t."_rowid" ASC LIMIT 20 OFFSET 0',
      );
      if (query.get('expand') === 'author') {
        const ids = [...new Set(page.map((row) => row.author as string))];
        const authors = await rows('SELECT t.* FROM "employees" t WHERE t."id" = ANY($1)', [ids]);
        const byId = new Map(authors.map((author) => [author.id, withoutSecrets(author)]));
        for (const row of page) row.expand = { author: byId.get(row.author) };
      }
      return pageJson(page, null);
    }
    if (path === '/api/health') return '{"message":"API is healthy.","code":200,"data":{}}';
    return null;
  };

  createServer((request, response) => {
    answer(new URL(request.url ?? '/', 'http://ceiling'))
      .then((body) => {
        const bytes = Buffer.from(body ?? '{"status":404}');
        response.writeHead(body ? 200 : 404, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': bytes.length,
        });
        response.end(bytes);
      })
      .catch((err: unknown) => {
        console.error(err);
        response.writeHead(500).end();
      });
  }).listen(port, '127.0.0.1');
  // A normal exit, so --cpu-prof gets to write its profile.
  process.on('SIGTERM', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// The run

/** What a child's garbage collector reported so far (--gc): V8's --trace-gc-nvp lines summed. */
type GcTotals = { allocated: number; promoted: number; scavenges: number; full: number };
const gcTotals = new Map<ChildProcess, GcTotals>();

function countGc(child: ChildProcess): void {
  const totals: GcTotals = { allocated: 0, promoted: 0, scavenges: 0, full: 0 };
  gcTotals.set(child, totals);
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const kind = / gc=(\w+)/.exec(line)?.[1];
      if (!kind) {
        if (line) console.log(line);
        continue;
      }
      totals.allocated += Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
      totals.promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
      if (kind === 's') totals.scavenges++;
      else if (kind === 'mc') totals.full++;
    }
  });
}

function startChild(
  script: string[],
  env: NodeJS.ProcessEnv,
  options: { profile: boolean; gc: boolean },
): ChildProcess {
  const nodeArgs = ['--import', 'tsx'];
  if (options.profile) {
    const dir = join(DATA_ROOT, 'profiles');
    mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  if (options.gc) nodeArgs.push('--trace-gc-nvp');
  const child = spawn(process.execPath, [...nodeArgs, ...script], {
    cwd: join(BENCH_DIR, '..'),
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', options.gc ? 'pipe' : 'inherit', 'inherit'],
  });
  if (options.gc) countGc(child);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** 2,000 roles besides the bootstrap's, one a second, as the measurement had. */
async function seedRoles(): Promise<void> {
  const client = new pg.Client({ connectionString: pgBenchUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "roles" ("id","title","description","permissions","created","updated")
       SELECT substr(md5('role' || g::text), 1, 15), 'Bench role ' || g::text,
              'A role of the ceiling benchmark.', '["projects.read","employees.read"]'::jsonb, c.ts, c.ts
         FROM generate_series(1, $1::int) AS g,
              LATERAL (SELECT to_char(timestamp '2025-01-01 00:00:00' + g * interval '1 second',
                                      'YYYY-MM-DD HH24:MI:SS.MS"Z"') AS ts) AS c`,
      [ROLE_COUNT],
    );
    await client.query('VACUUM ANALYZE "roles"');
  } finally {
    await client.end();
  }
}

/** Requests a second, and the server process's CPU per request in ms (steadier under load). */
async function measure(
  server: ChildProcess,
  url: string,
  token: string | null,
  connections: number,
  seconds: number,
): Promise<Measured> {
  const cpuBefore = processCpuMs(server.pid ?? 0);
  const gcBefore = { ...(gcTotals.get(server) ?? NO_GC) };
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: token ? { authorization: token } : {},
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = Math.max(1, result.requests.total);
  const cpuMs = (processCpuMs(server.pid ?? 0) - cpuBefore) / requests;
  // The collector reports what was allocated since the collection before: what it says after
  // the run covers the run (give or take one collection's worth, small against thousands).
  const gcAfter = gcTotals.get(server) ?? NO_GC;
  return {
    rps: result.requests.average,
    cpuMs,
    allocatedKb: (gcAfter.allocated - gcBefore.allocated) / requests / 1024,
    promotedKb: (gcAfter.promoted - gcBefore.promoted) / requests / 1024,
    fullGcs: gcAfter.full - gcBefore.full,
  };
}

type Measured = {
  rps: number;
  cpuMs: number;
  allocatedKb: number;
  promotedKb: number;
  fullGcs: number;
};
const NO_GC: GcTotals = { allocated: 0, promoted: 0, scavenges: 0, full: 0 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  if (hasFlag('--serve-ceiling')) {
    await serveCeiling(Number(argValue('--port') ?? CEILING_PORT));
    return;
  }
  const rounds = Number(argValue('--rounds') ?? 3);
  const seconds = Number(argValue('--seconds') ?? 5);
  const concurrencies = (argValue('--conc') ?? '1,20').split(',').map(Number);
  const only = argValue('--only');
  const scenarios = SCENARIOS.filter((s) => !only || new RegExp(only).test(s.id));

  if (!hasFlag('--skip-setup')) {
    await setupBench('postgres');
    await seedRoles();
  }
  const ours = startChild(
    ['bench/api/server.ts'],
    {
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
    { profile: hasFlag('--profile'), gc: hasFlag('--gc') },
  );
  const ceiling = startChild(
    ['bench/api/ceiling.ts', '--serve-ceiling', '--port', String(CEILING_PORT)],
    {},
    { profile: hasFlag('--profile'), gc: hasFlag('--gc') },
  );
  try {
    const oursBase = `http://127.0.0.1:${OURS_PORT}`;
    const ceilingBase = `http://127.0.0.1:${CEILING_PORT}`;
    await waitUntilAnswering(ours, `${oursBase}/api/health`, 'our server');
    await waitUntilAnswering(ceiling, `${ceilingBase}/api/health`, 'the ceiling server');
    const signIn = await fetch(`${oursBase}/api/collections/employees/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const auth = (await readJson(signIn)) as { token?: string };
    if (!auth.token) throw new Error(`sign-in failed: ${signIn.status}`);
    const firstRole = (await readJson(
      await fetch(`${oursBase}/api/collections/roles/records?perPage=1&skipTotal=1&sort=-created`, {
        headers: { authorization: auth.token },
      }),
    )) as { items: Array<{ id: string }> };
    const ctx: Context = { token: auth.token, roleId: firstRole.items[0].id };

    const results: Array<Record<string, unknown>> = [];
    for (const scenario of scenarios) {
      const path = scenario.path(ctx);
      // Both answers must hold the same records, or the comparison means nothing.
      const [a, b] = await Promise.all(
        [oursBase, ceilingBase].map(async (base) =>
          readJson(
            await fetch(base + path, {
              headers: scenario.auth ? { authorization: ctx.token } : {},
            }),
          ),
        ),
      );
      const ids = (json: unknown) => {
        const list = json as { items?: Array<{ id: string }>; id?: string };
        return JSON.stringify(list.items ? list.items.map((item) => item.id) : list.id);
      };
      if (ids(a) !== ids(b) || JSON.stringify(a).length !== JSON.stringify(b).length)
        console.log(
          `${scenario.id}: answers of ${JSON.stringify(a).length} and ${JSON.stringify(b).length} characters`,
        );
      if (ids(a) !== ids(b)) throw new Error(`${scenario.id}: the answers differ`);
      for (const connections of concurrencies) {
        const token = scenario.auth ? ctx.token : null;
        await measure(ours, oursBase + path, token, connections, 1);
        await measure(ceiling, ceilingBase + path, token, connections, 1);
        const oursRuns: Measured[] = [];
        const ceilingRuns: Measured[] = [];
        for (let round = 0; round < rounds; round++) {
          oursRuns.push(await measure(ours, oursBase + path, token, connections, seconds));
          ceilingRuns.push(await measure(ceiling, ceilingBase + path, token, connections, seconds));
        }
        const ratio = median(oursRuns.map((run, i) => run.rps / ceilingRuns[i].rps));
        const row = {
          scenario: scenario.id,
          connections,
          ours: Math.round(median(oursRuns.map((run) => run.rps))),
          ceiling: Math.round(median(ceilingRuns.map((run) => run.rps))),
          ratio: Number(ratio.toFixed(2)),
          oursCpuMs: Number(median(oursRuns.map((run) => run.cpuMs)).toFixed(3)),
          ceilingCpuMs: Number(median(ceilingRuns.map((run) => run.cpuMs)).toFixed(3)),
          load: loadavg()[0].toFixed(1),
          ...(hasFlag('--gc') && {
            oursAllocatedKb: Number(median(oursRuns.map((r) => r.allocatedKb)).toFixed(1)),
            ceilingAllocatedKb: Number(median(ceilingRuns.map((r) => r.allocatedKb)).toFixed(1)),
            oursPromotedKb: Number(median(oursRuns.map((r) => r.promotedKb)).toFixed(2)),
            ceilingPromotedKb: Number(median(ceilingRuns.map((r) => r.promotedKb)).toFixed(2)),
            oursFullGcs: oursRuns.reduce((sum, r) => sum + r.fullGcs, 0),
            ceilingFullGcs: ceilingRuns.reduce((sum, r) => sum + r.fullGcs, 0),
          }),
        };
        results.push(row);
        console.log(
          `${scenario.id} (conc ${connections})`.padEnd(40) +
            `ours ${String(row.ours).padStart(6)}  ceiling ${String(row.ceiling).padStart(6)}  ` +
            `ratio ${row.ratio.toFixed(2)}  cpu/req ${row.oursCpuMs.toFixed(3)} vs ` +
            `${row.ceilingCpuMs.toFixed(3)} ms  load ${row.load}` +
            ('oursAllocatedKb' in row
              ? `  alloc ${row.oursAllocatedKb} vs ${row.ceilingAllocatedKb} KB/req, promoted ` +
                `${row.oursPromotedKb} vs ${row.ceilingPromotedKb} KB/req, full GCs ` +
                `${row.oursFullGcs} vs ${row.ceilingFullGcs}`
              : ''),
        );
      }
    }
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(
      RESULTS_DIR,
      `ceiling-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(`written ${file}`);
  } finally {
    await Promise.all([stopChild(ours), stopChild(ceiling)]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
