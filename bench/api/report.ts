/**
 * Builds the README tables from the complete runs in bench/.data/results/: for every scenario
 * the best run (highest req/s) per database, with the range over all runs.
 *
 *   npx tsx bench/api/report.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BaselineResult } from './baseline';
import { RESULTS_DIR, type BenchDb } from './env';
import type { ScenarioResult } from './run';

type Run = {
  db: BenchDb;
  date: string;
  machine: { nproc: number; cpu: string; memoryGb: number; node: string };
  serverPeakRssMb: number | null;
  results: ScenarioResult[];
  baseline: BaselineResult[];
  totalSeconds: number;
};

function loadRuns(): Run[] {
  let files: string[] = [];
  try {
    files = readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json') && !f.includes('-partial'));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(join(RESULTS_DIR, f), 'utf8')) as Run);
}

const n0 = (v: number) => v.toFixed(0);
const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

/** Per scenario id: the best result and every req/s seen. */
function bestOf(runs: Run[]): Map<string, { best: ScenarioResult; all: number[] }> {
  const out = new Map<string, { best: ScenarioResult; all: number[] }>();
  for (const run of runs) {
    for (const r of run.results) {
      const entry = out.get(r.id);
      if (!entry) out.set(r.id, { best: r, all: [r.reqPerSec] });
      else {
        entry.all.push(r.reqPerSec);
        if (r.reqPerSec > entry.best.reqPerSec) entry.best = r;
      }
    }
  }
  return out;
}

function cell(entry: { best: ScenarioResult; all: number[] } | undefined): string {
  if (!entry) return '–';
  const { best, all } = entry;
  const range = all.length > 1 ? ` (${n0(Math.min(...all))}–${n0(Math.max(...all))})` : '';
  return `**${n0(best.reqPerSec)}**${range} · ${ms(best.p50Ms)} / ${ms(best.p99Ms)} ms`;
}

function main(): void {
  const runs = loadRuns();
  const pglite = runs.filter((r) => r.db === 'pglite');
  const postgres = runs.filter((r) => r.db === 'postgres');
  const lite = bestOf(pglite);
  const pgBest = bestOf(postgres);
  const ids = [...new Set(runs.flatMap((r) => r.results.map((x) => x.id)))];

  console.log(
    `Runs: ${pglite.length} on PGlite, ${postgres.length} on PostgreSQL (${runs.map((r) => r.date.slice(0, 16)).join(', ')}).\n`,
  );
  console.log(
    '| Scenario | Ours on PGlite: req/s (range) · p50 / p99 | Ours on PostgreSQL: req/s (range) · p50 / p99 | PocketBase CAX11 req/s (its conc) | Goal met (PostgreSQL ≥ CAX11)? |',
  );
  console.log('|---|---|---|---|---|');
  for (const id of ids) {
    const pb = (pgBest.get(id) ?? lite.get(id))?.best.pb ?? null;
    const ours = pgBest.get(id)?.best.reqPerSec;
    const met =
      pb && ours !== undefined
        ? ours >= pb.reqPerSec
          ? 'yes'
          : `**no** (${Math.round((100 * ours) / pb.reqPerSec)} %)`
        : '–';
    console.log(
      `| ${id} | ${cell(lite.get(id))} | ${cell(pgBest.get(id))} | ${pb ? `${pb.reqPerSec} (${pb.conc})` : '–'} | ${met} |`,
    );
  }

  console.log(
    '\nCPU per request (ms, from /proc; best run above): server process + PostgreSQL backends.\n',
  );
  console.log('| Scenario | PGlite: server (incl. database) | PostgreSQL: server + backends |');
  console.log('|---|---|---|');
  for (const id of ids) {
    const l = lite.get(id)?.best;
    const p = pgBest.get(id)?.best;
    const pgCell =
      p && p.serverCpuMsPerReq !== null
        ? `${p.serverCpuMsPerReq.toFixed(2)} + ${(p.pgCpuMsPerReq ?? 0).toFixed(2)}`
        : '–';
    console.log(`| ${id} | ${l?.serverCpuMsPerReq?.toFixed(2) ?? '–'} | ${pgCell} |`);
  }

  const baseline = new Map<string, BaselineResult>();
  for (const run of postgres) {
    for (const b of run.baseline) {
      const seen = baseline.get(b.id);
      if (!seen || b.reqPerSec > seen.reqPerSec) baseline.set(b.id, b);
    }
  }
  if (baseline.size === 0) return;
  console.log(
    '\n| List request (page 1, 20 rows) | conc | Raw SQL: req/s · mean | Ours on PostgreSQL: req/s · mean | Cost ratio by req/s | CPU ms/req raw → ours | CPU ratio | Within 2×? |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const b of baseline.values()) {
    const key = b.table.replace('bench_', '');
    const ids = [`${key} list${b.withCount ? '' : ' skipTotal'} (conc ${b.connections})`];
    // The guest variant shows the engine without the per-request account lookup.
    if (!b.withCount) ids.push(`${key} list skipTotal guest (conc ${b.connections})`);
    for (const id of ids) {
      const ours = pgBest.get(id)?.best;
      if (!ours) continue;
      const ratio = b.reqPerSec / ours.reqPerSec;
      const rawCpu = b.clientCpuMsPerReq + b.pgCpuMsPerReq;
      const ourCpu = (ours.serverCpuMsPerReq ?? 0) + (ours.pgCpuMsPerReq ?? 0);
      const label = `${key}${b.withCount ? ' + count' : ' skipTotal'}${id.includes('guest') ? ', guest' : ''}`;
      console.log(
        `| ${label} | ${b.connections} | ${n0(b.reqPerSec)} · ${ms(b.meanMs)} ms | ${n0(ours.reqPerSec)} · ${ms(ours.meanMs)} ms | ${ratio.toFixed(2)}× | ${rawCpu.toFixed(2)} → ${ourCpu.toFixed(2)} | ${(ourCpu / rawCpu).toFixed(2)}× | ${ratio <= 2 ? 'yes' : '**no**'} |`,
      );
    }
  }
}

main();
