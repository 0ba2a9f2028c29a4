/**
 * Files on disk against files in an S3 bucket (issue 40): upload and download throughput of a
 * 10 MB and a 100 KB file through the records API, each against its limit measured in the same
 * run, and the server's memory (RSS) while 200 MB go through it.
 *
 * `npx tsx bench/files/run.ts [--large-runs 5] [--small-runs 40]`; figures in bench/README.md,
 * "Files: disk against an S3 bucket".
 *
 * On this machine: s3rver (the S3 server the tests use) on a free port, and two real servers
 * (src/server.ts, PGlite each, logging and rate limits off): one keeping files on its disk, one
 * in the bucket. The limits, measured the same way:
 * - disk: a bare Node http server (a process of its own) that writes the request's bytes to a
 *   file and sends a file back: HTTP plus the disk, nothing else;
 * - S3: the AWS SDK putting and getting the same bytes straight to s3rver from this process.
 * Memory: the server process's VmRSS, read from /proc every 20 ms, while 200 MB go through it:
 * one record with ten attachments of 20 MB (what website_resources allows), and a backup of
 * some 250 MB downloaded and uploaded again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const root = resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LARGE_RUNS = arg('large-runs', 5);
const SMALL_RUNS = arg('small-runs', 40);
const LARGE = 10 * 1000 * 1000;
const SMALL = 100 * 1000;
const ADMIN = { email: 'admin@bench-files.test', password: 'bench-files-password-1' };
const scratch = mkdtempSync(join(tmpdir(), 'bench-files-'));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Bytes that do not compress (as a photo or a PDF would not). */
const noise = (size: number) => randomBytes(size);

// ---------------------------------------------------------------------------------------------
// The processes

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${url} exited`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

async function startApiServer(
  extra: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(scratch, 'data-')),
    LOG: 'off',
    RATE_LIMIT: 'off',
    WORKERS: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    {
      env,
      cwd: join(root, 'apps/server'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  return { url, child };
}

/** The disk's limit: a bare http server writing each body to a file and sending one back. */
const FLOOR_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const dir = process.argv[1];
let n = 0;
http.createServer((req, res) => {
  if (req.url === '/api/health') return res.end('ok');
  if (req.method === 'POST') {
    const path = dir + '/' + (++n);
    req.pipe(fs.createWriteStream(path + '.tmp')).on('finish', () => {
      fs.renameSync(path + '.tmp', path);
      res.end(JSON.stringify({ id: String(n) }));
    });
    return;
  }
  const path = dir + '/' + req.url.slice(1);
  res.setHeader('content-length', fs.statSync(path).size);
  fs.createReadStream(path).pipe(res);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function startFloorServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dir = mkdtempSync(join(scratch, 'floor-'));
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER, dir], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  return { url, child };
}

// ---------------------------------------------------------------------------------------------
// Memory

/** Samples a process's VmRSS (MB) every 20 ms until stopped; returns the highest. */
function sampleRss(pid: number): { stop(): number; now(): number } {
  const read = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  };
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  return {
    now: read,
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/collections/employees/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: ADMIN.email, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

let made = 0;
/** A multipart body creating a website resource with `data` as its attachment. */
async function resourceBody(data: Buffer): Promise<{ body: Buffer; type: string }> {
  made += 1;
  const form = new FormData();
  form.append('title', `Bench file ${made}`);
  form.append('full_text', '<p>A resource whose attachment the benchmark measures.</p>');
  form.append('attachments', new Blob([data], { type: 'application/octet-stream' }), 'file.bin');
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type')!,
  };
}

type Timed = { ms: number; bytes: number };

async function timeIt(bytes: number, work: () => Promise<void>): Promise<Timed> {
  const started = performance.now();
  await work();
  return { ms: performance.now() - started, bytes };
}

/** Median throughput in MB/s (10^6 bytes). */
function mbps(runs: Timed[]): number {
  const rates = runs.map((r) => r.bytes / 1e6 / (r.ms / 1000)).sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)];
}

type Target = {
  name: string;
  upload(data: Buffer): Promise<string>;
  download(id: string, size: number): Promise<void>;
};

function apiTarget(name: string, url: string, token: string, fileToken: string): Target {
  return {
    name,
    async upload(data) {
      const { body, type } = await resourceBody(data);
      const res = await fetch(`${url}/api/collections/website_resources/records`, {
        method: 'POST',
        headers: { 'content-type': type, authorization: token },
        body,
      });
      if (res.status !== 200) throw new Error(`${name} upload: ${res.status} ${await res.text()}`);
      const record = (await res.json()) as { id: string; attachments: string[] };
      return `${record.id}/${record.attachments[0]}`;
    },
    async download(path, size) {
      const res = await fetch(`${url}/api/files/website_resources/${path}?token=${fileToken}`);
      const got = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200 || got !== size)
        throw new Error(`${name} download: ${res.status}, ${got} bytes`);
    },
  };
}

function floorTarget(url: string): Target {
  return {
    name: 'disk limit (bare http)',
    async upload(data) {
      // The same multipart body as the records API gets, so the same bytes cross HTTP.
      const { body, type } = await resourceBody(data);
      const res = await fetch(`${url}/upload`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      return ((await res.json()) as { id: string }).id;
    },
    async download(id) {
      const res = await fetch(`${url}/${id}`);
      await res.arrayBuffer();
    },
  };
}

function s3Target(client: S3Client): Target {
  let n = 0;
  return {
    name: 'S3 limit (SDK to s3rver)',
    async upload(data) {
      const key = `floor/${++n}`;
      await client.send(
        new PutObjectCommand({ Bucket: 'floor', Key: key, Body: data, ContentLength: data.length }),
      );
      return key;
    },
    async download(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: 'floor', Key: key }));
      await res.Body!.transformToByteArray();
    },
  };
}

async function measure(target: Target, size: number, runs: number) {
  const up: Timed[] = [];
  const down: Timed[] = [];
  const ids: string[] = [];
  // One unmeasured round first: connections, JIT.
  const warm = await target.upload(noise(size));
  await target.download(warm, size);
  for (let i = 0; i < runs; i++) {
    const data = noise(size);
    let id = '';
    up.push(await timeIt(size, async () => void (id = await target.upload(data))));
    ids.push(id);
  }
  for (const id of ids) down.push(await timeIt(size, () => target.download(id, size)));
  return { up: mbps(up), down: mbps(down) };
}

/** A multipart upload streamed from a file on disk (the body is never whole in this process). */
function uploadFileStreamed(url: string, path: string, token: string, field: string, name: string) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  return new Promise<number>((done, fail) => {
    const req = httpRequest(
      `${url}/api/backups/upload`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
          authorization: token,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.write(head);
    const file = createReadStream(path);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

/** Downloads a URL to a file, streamed; returns its size. */
async function downloadTo(url: string, path: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { authorization: token } });
  if (res.status !== 200) throw new Error(`download ${url}: ${res.status}`);
  const { createWriteStream } = await import('node:fs');
  const { Readable } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(path));
  return statSync(path).size;
}

// ---------------------------------------------------------------------------------------------

const load = () => execSync('uptime').toString().trim();
console.log(`node ${process.version}, ${load()}`);

const s3dir = mkdtempSync(join(scratch, 's3-'));
const s3port = await freePort();
const s3 = new S3rver({ port: s3port, address: '127.0.0.1', silent: true, directory: s3dir });
await s3.run();
const endpoint = `http://127.0.0.1:${s3port}`;
const client = new S3Client({
  endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
for (const Bucket of ['files', 'backups', 'floor'])
  await client.send(new CreateBucketCommand({ Bucket }));

const disk = await startApiServer({});
const bucket = await startApiServer({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: 'files',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  BACKUPS_S3_BUCKET: 'backups',
});
const floor = await startFloorServer();
const tokens = { disk: await signIn(disk.url), s3: await signIn(bucket.url) };
const fileTokenOf = async (url: string, token: string) =>
  (
    (await (
      await fetch(`${url}/api/files/token`, { method: 'POST', headers: { authorization: token } })
    ).json()) as { token: string }
  ).token;
const targets = {
  floorDisk: floorTarget(floor.url),
  apiDisk: apiTarget(
    'records API, disk',
    disk.url,
    tokens.disk,
    await fileTokenOf(disk.url, tokens.disk),
  ),
  floorS3: s3Target(client),
  apiS3: apiTarget(
    'records API, S3',
    bucket.url,
    tokens.s3,
    await fileTokenOf(bucket.url, tokens.s3),
  ),
};

try {
  const results: Record<string, Record<string, { up: number; down: number }>> = {};
  for (const [label, size, runs] of [
    ['10 MB', LARGE, LARGE_RUNS],
    ['100 KB', SMALL, SMALL_RUNS],
  ] as const) {
    results[label] = {};
    for (const [key, target] of Object.entries(targets))
      results[label][key] = await measure(target, size, runs);
  }
  console.log(
    `\nThroughput, median MB/s (10^6 bytes), ${LARGE_RUNS} runs of 10 MB, ${SMALL_RUNS} of 100 KB; ${load()}`,
  );
  const f = (n: number) => n.toFixed(1).padStart(7);
  const r = (a: number, b: number) => `${(a / b).toFixed(2)}`.padStart(6);
  console.log(
    '| size | way | disk limit | API disk | ratio | S3 limit | API S3 | ratio | API S3 / API disk |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, row] of Object.entries(results))
    for (const way of ['up', 'down'] as const)
      console.log(
        `| ${label} | ${way === 'up' ? 'upload' : 'download'} | ${f(row.floorDisk[way])} | ${f(row.apiDisk[way])} | ${r(row.apiDisk[way], row.floorDisk[way])} | ${f(row.floorS3[way])} | ${f(row.apiS3[way])} | ${r(row.apiS3[way], row.floorS3[way])} | ${r(row.apiS3[way], row.apiDisk[way])} |`,
      );

  // Memory: one 10 MB record upload.
  console.log(`\nServer RSS (MB), sampled every 20 ms; ${load()}`);
  for (const [name, server, target] of [
    ['disk', disk, targets.apiDisk],
    ['S3', bucket, targets.apiS3],
  ] as const) {
    const data = noise(LARGE);
    const sampler = sampleRss(server.child.pid!);
    const before = sampler.now();
    await target.upload(data);
    const peak = sampler.stop();
    console.log(
      `records API, ${name}: one 10 MB upload: ${before.toFixed(0)} before, peak ${peak.toFixed(0)} (+${(peak - before).toFixed(0)})`,
    );
  }

  // Memory: 200 MB through the server as a backup (20 records of 10 MB, backed up, downloaded,
  // deleted and uploaded again).
  for (const [name, server, target, token] of [
    ['disk', disk, targets.apiDisk, tokens.disk],
    ['S3', bucket, targets.apiS3, tokens.s3],
  ] as const) {
    for (let i = 0; i < 20; i++) await target.upload(noise(LARGE));
    const made = await fetch(`${server.url}/api/backups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ name: 'bench-200.zip' }),
    });
    if (made.status !== 204) throw new Error(`backup: ${made.status} ${await made.text()}`);
    const file = join(scratch, `${name}-200.zip`);
    const fileToken = await fileTokenOf(server.url, token);
    let sampler = sampleRss(server.child.pid!);
    let before = sampler.now();
    let started = performance.now();
    const size = await downloadTo(
      `${server.url}/api/backups/bench-200.zip?token=${fileToken}`,
      file,
      token,
    );
    let seconds = (performance.now() - started) / 1000;
    let peak = sampler.stop();
    console.log(
      `backup download, ${name}: ${(size / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s: ${before.toFixed(0)} before, peak ${peak.toFixed(0)} (+${(peak - before).toFixed(0)})`,
    );
    const removed = await fetch(`${server.url}/api/backups/bench-200.zip`, {
      method: 'DELETE',
      headers: { authorization: token },
    });
    if (removed.status !== 204) throw new Error(`delete: ${removed.status}`);
    sampler = sampleRss(server.child.pid!);
    before = sampler.now();
    started = performance.now();
    const status = await uploadFileStreamed(server.url, file, token, 'file', 'bench-200.zip');
    seconds = (performance.now() - started) / 1000;
    peak = sampler.stop();
    console.log(
      `backup upload, ${name}: ${(size / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s (answer ${status}): ${before.toFixed(0)} before, peak ${peak.toFixed(0)} (+${(peak - before).toFixed(0)})`,
    );
    rmSync(file, { force: true });
  }
  // Memory: 200 MB as one record (ten attachments of 20 MB, what website_resources allows).
  for (const [name, server, token] of [
    ['disk', disk, tokens.disk],
    ['S3', bucket, tokens.s3],
  ] as const) {
    const form = new FormData();
    form.append('title', 'Two hundred megabytes');
    form.append('full_text', '<p>A resource with ten attachments of twenty megabytes.</p>');
    for (let i = 0; i < 10; i++)
      form.append('attachments', new Blob([noise(20 * 1000 * 1000)]), `part-${i}.bin`);
    const request = new Request('http://local/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const sampler = sampleRss(server.child.pid!);
    const before = sampler.now();
    const started = performance.now();
    const res = await fetch(`${server.url}/api/collections/website_resources/records`, {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type')!, authorization: token },
      body,
    });
    const answer = `${res.status} ${res.status === 200 ? '' : (await res.text()).slice(0, 120)}`;
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    console.log(
      `records API, ${name}: one record of 10 x 20 MB (${(body.length / 1e6).toFixed(0)} MB body) in ${seconds.toFixed(1)} s (answer ${answer.trim()}): ${before.toFixed(0)} before, peak ${peak.toFixed(0)} (+${(peak - before).toFixed(0)})`,
    );
  }

  console.log(`\n${load()}`);
} finally {
  for (const p of [disk, bucket, floor]) p.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  client.destroy();
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
}
