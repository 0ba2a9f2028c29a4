/**
 * Prints the table of a saved Directus comparison again (the latest complete run, or the file
 * given), with the req/s of every round.
 *
 *   npx tsx bench/directus/report.ts [bench/.data/results/directus/<time>.json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from '../api/env';
import { markdownTable, type SavedRun } from './summary';

const dir = join(RESULTS_DIR, 'directus');
const latest = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.includes('-partial'))
  .sort()
  .at(-1);
const file = process.argv[2] ?? (latest ? join(dir, latest) : null);
if (!file) throw new Error(`no complete run in ${dir}`);
const run = JSON.parse(readFileSync(file, 'utf8')) as SavedRun;
const scenarios = [...new Set(run.summaries.map((s) => s.scenario))];

console.log(`${file}\n${run.command}, ${run.date}, ${run.rounds} round(s), ${run.totalSeconds} s`);
console.log(
  `${run.machine.nproc} × ${run.machine.cpu}, ${run.machine.memoryGb} GiB; ours on Node ${run.machine.oursNode}, ` +
    `Directus ${run.directusVersion} on Node ${run.machine.directusNode}; load average ${run.loadAvg1.min.toFixed(1)}–${run.loadAvg1.max.toFixed(1)}\n`,
);
console.log(markdownTable(run.summaries, scenarios));
console.log('\nreq/s per round (ours | Directus):\n');
for (const id of scenarios) {
  const rounds = (server: string) =>
    run.summaries.find((s) => s.scenario === id && s.server === server)?.reqPerSecAll.join(', ');
  console.log(`- ${id}: ${rounds('ours')} | ${rounds('directus')}`);
}
