/**
 * The HTTP floor: what a bare Fastify process (the framework our server is built on) answers a
 * second on this machine when all it does is send back the bytes of a list answer, with no token,
 * no database and no JSON work. Next to the raw-SQL baseline it bounds what any server built on
 * HTTP could reach here: a request costs at least its query and its HTTP exchange.
 *
 * run.ts calls runHttpFloor() after the baseline, with a real answer of the server. Alone:
 *
 *   npx tsx bench/api/http-floor.ts --serve <file with the body> --port 8098
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processCpuMs } from './baseline';
import { waitUntilAnswering } from './client';

export type HttpFloorResult = {
  connections: number;
  bytes: number;
  requests: number;
  reqPerSec: number;
  /** CPU of the bare server process per request, ms. */
  serverCpuMsPerReq: number;
};

const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8098);

/** Serves `body` as application/json on GET /floor until killed. */
async function serve(bodyFile: string, port: number): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const body = readFileSync(bodyFile, 'utf8');
  const app = Fastify({ logger: false });
  app.get('/floor', async (_request, reply) => reply.type('application/json').send(body));
  app.get('/api/health', async () => ({ code: 200 }));
  await app.listen({ host: '127.0.0.1', port });
}

/** Runs the bare server on `body` at each concurrency, 8 s each after a 1 s warm-up. */
export async function runHttpFloor(
  body: string,
  concurrencies: readonly number[] = [1, 100],
  log: (line: string) => void = console.log,
): Promise<HttpFloorResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'http-floor-'));
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, body);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
      bodyFile,
      '--port',
      String(FLOOR_PORT),
    ],
    { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const base = `http://127.0.0.1:${FLOOR_PORT}`;
  const results: HttpFloorResult[] = [];
  try {
    await waitUntilAnswering(child, `${base}/api/health`, 'the bare HTTP server');
    for (const connections of concurrencies) {
      const common = { url: `${base}/floor`, connections, timeout: 30 };
      await autocannon({ ...common, duration: 1 });
      const cpu0 = processCpuMs(child.pid ?? 0);
      const started = performance.now();
      let last = started;
      let answered = 0;
      await autocannon({ ...common, duration: 8 }).on('response', () => {
        answered += 1;
        last = performance.now();
      });
      const seconds = (last - started) / 1000;
      const result: HttpFloorResult = {
        connections,
        bytes: Buffer.byteLength(body),
        requests: answered,
        reqPerSec: seconds > 0 ? answered / seconds : 0,
        serverCpuMsPerReq: (processCpuMs(child.pid ?? 0) - cpu0) / Math.max(1, answered),
      };
      results.push(result);
      log(
        `http floor (${result.bytes} B answer, conc ${connections})`.padEnd(51) +
          `${result.reqPerSec.toFixed(0).padStart(6)} req/s  cpu/req ${result.serverCpuMsPerReq.toFixed(2)} ms`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const file = argv[argv.indexOf('--serve') + 1];
  const port = Number(argv[argv.indexOf('--port') + 1] ?? FLOOR_PORT);
  if (!argv.includes('--serve') || !file) {
    console.error('usage: npx tsx bench/api/http-floor.ts --serve <body file> [--port N]');
    process.exit(2);
  }
  serve(file, port).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
