/**
 * What a run of bench/directus/run.ts measured, and the table it prints: medians over the rounds
 * per scenario and server. report.ts prints the table again from a saved run.
 */

export type Server = 'ours' | 'directus';
export const SERVERS: readonly Server[] = ['ours', 'directus'];

/** One scenario on one server in one round. */
export type Measurement = {
  scenario: string;
  server: Server;
  round: number;
  connections: number;
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Response bytes (headers and body) per answer: both should send about the same. */
  bytesPerAnswer: number;
  /** CPU of the server process, and of the PostgreSQL backends of its database, per answer (ms). */
  serverCpuMsPerReq: number | null;
  pgCpuMsPerReq: number;
  loadAvg1: number;
};

export const invalid = (m: Measurement) => m.errors + m.non2xx > 0 || m.requests === 0;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const n0 = (v: number) => v.toFixed(0);
export const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
export const cpu = (m: { server: number | null; pg: number }) =>
  `${m.server === null ? '?' : m.server.toFixed(2)} + ${m.pg.toFixed(2)}`;

export type Summary = {
  scenario: string;
  server: Server;
  rounds: number;
  valid: boolean;
  reqPerSec: number;
  reqPerSecAll: number[];
  p50Ms: number;
  p99Ms: number;
  serverCpuMsPerReq: number | null;
  pgCpuMsPerReq: number;
  bytesPerAnswer: number;
};

export function summarise(all: Measurement[], scenario: string, server: Server): Summary {
  const rows = all.filter((m) => m.scenario === scenario && m.server === server);
  const serverCpu = rows.map((m) => m.serverCpuMsPerReq).filter((v): v is number => v !== null);
  return {
    scenario,
    server,
    rounds: rows.length,
    valid: rows.length > 0 && !rows.some(invalid),
    reqPerSec: median(rows.map((m) => m.reqPerSec)),
    reqPerSecAll: rows.map((m) => Math.round(m.reqPerSec)),
    p50Ms: median(rows.map((m) => m.p50Ms)),
    p99Ms: median(rows.map((m) => m.p99Ms)),
    serverCpuMsPerReq: serverCpu.length ? median(serverCpu) : null,
    pgCpuMsPerReq: median(rows.map((m) => m.pgCpuMsPerReq)),
    bytesPerAnswer: median(rows.map((m) => m.bytesPerAnswer)),
  };
}

export function markdownTable(summaries: Summary[], scenarios: string[]): string {
  const lines = [
    '| Scenario (conc) | Ours: req/s | Directus: req/s | Ours ÷ Directus | Ours: p50 / p99 ms | Directus: p50 / p99 ms | CPU ms/req, ours: server + PostgreSQL | Directus: server + PostgreSQL |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const id of scenarios) {
    const o = summaries.find((x) => x.scenario === id && x.server === 'ours')!;
    const d = summaries.find((x) => x.scenario === id && x.server === 'directus')!;
    const rate = (x: Summary) => (x.valid ? n0(x.reqPerSec) : `INVALID (${n0(x.reqPerSec)})`);
    const ratio =
      o.valid && d.valid && d.reqPerSec > 0 ? `${(o.reqPerSec / d.reqPerSec).toFixed(1)}×` : '–';
    lines.push(
      `| ${id} | ${rate(o)} | ${rate(d)} | ${ratio} | ${ms(o.p50Ms)} / ${ms(o.p99Ms)} | ${ms(d.p50Ms)} / ${ms(d.p99Ms)} | ` +
        `${cpu({ server: o.serverCpuMsPerReq, pg: o.pgCpuMsPerReq })} | ${cpu({ server: d.serverCpuMsPerReq, pg: d.pgCpuMsPerReq })} |`,
    );
  }
  return lines.join('\n');
}

/** The JSON file a run writes to bench/.data/results/directus/. */
export type SavedRun = {
  date: string;
  command: string;
  rounds: number;
  machine: { nproc: number; cpu: string; memoryGb: number; oursNode: string; directusNode: string };
  directusVersion: string;
  loadAvg1: { min: number; max: number };
  summaries: Summary[];
  measurements: Measurement[];
  totalSeconds: number;
};
