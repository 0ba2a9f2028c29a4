/**
 * The HTTP floor: what a bare Fastify process (the framework our server is built on) answers a
 * second on this machine when all it does is send back the bytes of a list answer, with no token,
 * no database and no JSON work. Next to the raw-SQL baseline it bounds what any server built on
 * HTTP could reach here: a request costs at least its query and its HTTP exchange.
 *
 * run.ts calls runHttpFloor() after the baseline, with a real answer of the server. Alone:
 *
 *   npx tsx bench/api/http-floor.ts --serve <file with the body> --port 8098 [--node]
 *   npx tsx bench/api/http-floor.ts --compare <file with the body> [--rounds 3]
 *
 * `--node` serves with Node's own `http` module instead of Fastify: the least any Node server
 * does per request. `--compare` runs the two floors in turn, round after round, to tell how much
 * of Fastify's floor is Fastify's.
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

/** Which bare server answers: the framework ours is built on, or Node's `http` module alone. */
export type FloorServer = 'fastify' | 'node';

/** Serves `body` as application/json on GET /floor until killed. */
async function serve(bodyFile: string, port: number, server: FloorServer): Promise<void> {
  const body = readFileSync(bodyFile, 'utf8');
  if (server === 'node') {
    const { createServer } = await import('node:http');
    const bytes = Buffer.from(body);
    const health = Buffer.from('{"code":200}');
    createServer((request, response) => {
      const answer = request.url === '/floor' ? bytes : health;
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': answer.length,
      });
      response.end(answer);
    }).listen(port, '127.0.0.1');
    return;
  }
  const { default: Fastify } = await import('fastify');
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
  server: FloorServer = 'fastify',
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
      ...(server === 'node' ? ['--node'] : []),
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
        `http floor, ${server} (${result.bytes} B answer, conc ${connections})`.padEnd(60) +
          `${result.reqPerSec.toFixed(0).padStart(6)} req/s  cpu/req ${result.serverCpuMsPerReq.toFixed(2)} ms`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Both floors in turn, `rounds` times, on the same body: req/s at conc 1 and 100 of each. */
async function compare(bodyFile: string, rounds: number): Promise<void> {
  const body = readFileSync(bodyFile, 'utf8');
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}`);
    // Alternate which goes first, so neither always meets a warmer or busier machine.
    const order: FloorServer[] = round % 2 === 1 ? ['fastify', 'node'] : ['node', 'fastify'];
    for (const server of order) await runHttpFloor(body, [1, 100], console.log, server);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const compared = option('--compare');
  const file = option('--serve');
  const port = Number(option('--port') ?? FLOOR_PORT);
  const run = compared
    ? compare(compared, Number(option('--rounds') ?? 3))
    : file
      ? serve(file, port, argv.includes('--node') ? 'node' : 'fastify')
      : undefined;
  if (!run) {
    console.error(
      'usage: npx tsx bench/api/http-floor.ts --serve <body file> [--port N] [--node]\n' +
        '       npx tsx bench/api/http-floor.ts --compare <body file> [--rounds N]',
    );
    process.exit(2);
  }
  run.catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
