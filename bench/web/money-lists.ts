/**
 * Time to the first rows of the money lists (bench/README.md, "Money lists paged on the server"):
 *
 *   npx tsx bench/web/money-lists.ts --dist before=<dir> --dist after=<dir> [--runs 7] [--rows 10000]
 *
 * Each `--dist` is a build of the web app (`vite build --outDir <dir>`); each is served by its own
 * server process of this tree, both on one PostgreSQL database (DATABASE_URL's server, as
 * bench/lib/database.ts), so both builds read the same rows through the same API. The database
 * gets `--rows` expenses and as many donations through the API. Then, signed in as the
 * administrator in headless Chromium (1440×900, service worker blocked, HTTP cache warm), each run
 * opens /finance/expenses and /finance/grants and times `page.goto` → the list's first row on
 * screen, the builds taking turns (the first visit, with the code not yet cached, apart). In the same run, the limit: the bare API request of the first
 * page the new list asks for (fetch from Node, the answer read whole), and a bare Node HTTP server
 * answering the same bytes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../apps/web/e2e/harness/chromium';
import { benchDatabase, signInAdmin, summary } from '../lib/database';
import { startServer } from '../lib/server';
import { distOptions, numberOption } from './build';

const RUNS = numberOption('--runs', 7);
const ROWS = numberOption('--rows', 10_000);
const admin = { email: 'bench-admin@example.org', password: 'bench-password-1' };

const SCREENS = [
  { name: 'expenses', path: '/finance/expenses', table: 'All expenses' },
  { name: 'donations', path: '/finance/grants', table: 'Donations' },
] as const;

/** The request the paged expenses list sends for its first page. */
const FIRST_PAGE =
  '/api/collections/expenses/records?page=1&perPage=30&sort=-date%2C-created&expand=vault%2Cproject%2Cgrant';

async function seed(base: string, token: string): Promise<number> {
  const started = Date.now();
  const post = async (collection: string, body: object) => {
    const res = await fetch(`${base}/api/collections/${collection}/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${collection}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const vault = await post('vaults', { title: 'Bench vault', kind: 'main', active: true });
  const day = (n: number) =>
    new Date(Date.UTC(2020, 0, 1) + (n % 2000) * 86_400_000).toISOString().slice(0, 10);
  // 50 creations per batch request (the server's most), one transaction each.
  const batch = async (requests: { collection: string; body: object }[]) => {
    const res = await fetch(`${base}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        requests: requests.map((r) => ({
          method: 'POST',
          url: `/api/collections/${r.collection}/records`,
          body: r.body,
        })),
      }),
    });
    if (!res.ok) throw new Error(`batch: ${res.status} ${await res.text()}`);
  };
  let next = 0;
  const worker = async () => {
    while (next < ROWS) {
      const requests: { collection: string; body: object }[] = [];
      for (let i = 0; i < 25 && next < ROWS; i++, next++) {
        const n = next;
        requests.push({
          collection: 'expenses',
          body: {
            beneficiary: `Supplier ${n}`,
            amount: (n % 500) + 0.5,
            date: day(n),
            vault: vault.id,
            category: `Category ${n % 12}`,
            statement: `Bench expense number ${n}`,
          },
        });
        requests.push({
          collection: 'donations',
          body: {
            donor: `Donor ${n}`,
            amount: (n % 900) + 1,
            transaction_fees: 0.25,
            received_on: day(n),
            vault: vault.id,
            statement: `Bench donation number ${n}`,
          },
        });
      }
      await batch(requests);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return Date.now() - started;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await page.locator('input[autocomplete="username"]').fill(admin.email);
  await page.locator('#login-password').fill(admin.password);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
}

/** `page.goto` → the first row of the screen's list on screen, in ms. */
async function firstRows(page: Page, screen: (typeof SCREENS)[number]): Promise<number> {
  const start = Date.now();
  await page.goto(screen.path, { waitUntil: 'commit' });
  await page
    .getByRole('table', { name: screen.table, exact: true })
    .locator('tbody tr')
    .first()
    .waitFor({ timeout: 900_000 });
  return Date.now() - start;
}

/** Times `fetch(url)` with the answer read whole; returns the times and the last body. */
async function timeFetch(url: string, headers: Record<string, string>, runs: number) {
  const times: number[] = [];
  let body = Buffer.alloc(0);
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    body = Buffer.from(await res.arrayBuffer());
    if (i >= 2) times.push(performance.now() - start);
  }
  return { times, body };
}

const dists = distOptions();
if (dists.length === 0)
  throw new Error('give the builds to compare: --dist before=<dir> --dist after=<dir>');
const database = benchDatabase('bench_money_lists');
await database.create();
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
try {
  const bases: string[] = [];
  for (const [i, dist] of dists.entries()) {
    const port = 8190 + i;
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-money-lists-'));
    dataDirs.push(dataDir);
    process.env.WEB_DIST = dist.dir;
    servers.push(
      await startServer({ port, dataDir, databaseUrl: database.url, admin, attempts: 1200 }),
    );
    bases.push(`http://127.0.0.1:${port}`);
  }
  const { token } = await signInAdmin(bases[0], admin);
  const seedMs = await seed(bases[0], token);
  console.log(`seeded ${ROWS} expenses and ${ROWS} donations through the API in ${seedMs} ms`);

  const browser = await launchChromium();
  const pages: Page[] = [];
  for (const base of bases) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1440, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signIn(page);
    pages.push(page);
  }
  const times = new Map<string, number[]>();
  // A first visit of each screen fills the HTTP cache with its code; its time is printed apart.
  for (const [i, dist] of dists.entries())
    for (const screen of SCREENS)
      times.set(`${dist.name} ${screen.name} (first visit)`, [await firstRows(pages[i], screen)]);
  for (let run = 0; run < RUNS; run++)
    for (const screen of SCREENS)
      for (const [i, dist] of dists.entries()) {
        const key = `${dist.name} ${screen.name}`;
        times.set(key, [...(times.get(key) ?? []), await firstRows(pages[i], screen)]);
      }
  await browser.close();

  // The limit: the first page's request alone, and the same bytes from a bare HTTP server.
  const api = await timeFetch(`${bases[0]}${FIRST_PAGE}`, { authorization: token }, 20);
  const bare = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(api.body);
  });
  await new Promise<void>((ready) => bare.listen(0, '127.0.0.1', ready));
  const floor = await timeFetch(
    `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`,
    {},
    20,
  );
  bare.close();

  console.log(
    `\n${cpus().length} × ${cpus()[0]?.model}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${RUNS} runs\n`,
  );
  console.log('| Measure (ms) | Median | p95 | Runs |');
  console.log('|---|---:|---:|---|');
  for (const [key, values] of times) {
    const s = summary(values);
    console.log(`| ${key}: goto → first row | ${s.p50} | ${s.p95} | ${values.join(', ')} |`);
  }
  const row = (name: string, values: number[]) => {
    const s = summary(values.map((v) => Math.round(v * 10) / 10));
    console.log(`| ${name} | ${s.p50} | ${s.p95} | ${values.length} runs |`);
  };
  row(`API: first page of expenses (${api.body.length} bytes)`, api.times);
  row('Bare Node HTTP server, same bytes', floor.times);
} finally {
  for (const server of servers) server.kill();
  await new Promise((r) => setTimeout(r, 1000));
  await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
