/**
 * Import benchmark: a PocketBase backup of 100,000 records and 1 GiB of files, imported into an
 * empty database, with the time and the memory it takes.
 *
 *   npx tsx bench/import/run.ts [--db pglite|postgres] [--records 100000] [--file-mib 1024]
 *
 * The backup is a `pb_data` folder made under bench/.data/import (kept between runs): 1% of the
 * records are employees (with the old bcrypt hash, kept as it is), 78% members, 20% volunteers
 * and 1% website resources, each resource with one attachment of the
 * size that makes the files add up to `--file-mib`. The import runs in this process, as the
 * command line runs it, and the resident memory is sampled every 250 ms: it must stay flat
 * (rows are read 500 at a time, files one at a time).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hash } from '@node-rs/bcrypt';
import sqlite3 from 'node-sqlite3-wasm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { readConfig } from '../../apps/server/src/config';
import { buildAuthState } from '../../apps/server/src/core/auth';
import type { Row } from '../../apps/server/src/core/record-export';
import { formatReport, importPocketBase } from '../../apps/server/src/domain/pocketbase-import';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1]]));
const dbKind = args.get('--db') === 'postgres' ? 'postgres' : 'pglite';
const records = Number(args.get('--records') ?? 100_000);
const fileMib = Number(args.get('--file-mib') ?? 1024);
const root = resolve(import.meta.dirname, '../..');
const work = join(root, 'bench/.data/import');
const source = join(work, `pb_data-${records}-${fileMib}`);
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Writes the backup once; a later run with the same sizes reuses it. */
async function makeBackup(): Promise<void> {
  if (existsSync(join(source, 'data.db'))) return;
  const started = Date.now();
  mkdirSync(source, { recursive: true });
  const db = new sqlite3.Database(join(source, 'data.db'));
  const ids = {
    employees: 'pbc_employees1',
    members: 'pbc_members001',
    volunteers: 'pbc_volunteer1',
    website_resources: 'pbc_resource01',
  };
  db.exec(
    `CREATE TABLE "_collections" ("id" TEXT PRIMARY KEY, "name" TEXT, "type" TEXT, "fields" JSON)`,
  );
  for (const [name, id] of Object.entries(ids))
    db.run(`INSERT INTO "_collections" VALUES (?, ?, ?, '[]')`, [
      id,
      name,
      name === 'website_resources' ? 'base' : 'auth',
    ]);
  const person =
    '"id" TEXT PRIMARY KEY, "name" TEXT, "email" TEXT, "password" TEXT, "sex" TEXT, "phone_numbers" TEXT, "starting_date" TEXT, "created" TEXT, "updated" TEXT';
  db.exec(
    `CREATE TABLE "employees" (${person}, "employment_status" TEXT, "basic_salary" TEXT, "roles" TEXT)`,
  );
  db.exec(`CREATE TABLE "members" (${person}, "membership_status" TEXT)`);
  db.exec(`CREATE TABLE "volunteers" (${person}, "membership_status" TEXT)`);
  db.exec(
    `CREATE TABLE "website_resources" ("id" TEXT PRIMARY KEY, "title" TEXT, "full_text" TEXT, "tags" TEXT, "attachments" TEXT, "created" TEXT, "updated" TEXT)`,
  );

  const password = (await hash('old-secret-1', { cost: 4 })).replace(/^\$2b\$/, '$2a$');
  const id = (prefix: string, n: number) =>
    `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;
  const when = '2023-05-01 10:00:00.000Z';
  const counts = {
    employees: Math.round(records * 0.01),
    members: Math.round(records * 0.78),
    volunteers: Math.round(records * 0.2),
    resources: 0,
  };
  counts.resources = records - counts.employees - counts.members - counts.volunteers;
  db.exec('BEGIN');
  for (let n = 0; n < counts.employees; n++)
    db.run(
      `INSERT INTO "employees" VALUES (?, ?, ?, ?, 'Female', '["+249 912 000 111"]', ?, ?, ?, 'Active', '500', '[]')`,
      [id('emp', n), `Employee ${n}`, `employee${n}@old.org`, password, when, when, when],
    );
  for (const [table, prefix, count] of [
    ['members', 'mem', counts.members],
    ['volunteers', 'vol', counts.volunteers],
  ] as const)
    for (let n = 0; n < count; n++)
      db.run(
        `INSERT INTO "${table}" VALUES (?, ?, ?, '', 'Male', '["+249 900 ${n}"]', ?, ?, ?, 'Active')`,
        [id(prefix, n), `Person ${prefix} ${n}`, `${prefix}${n}@old.org`, when, when, when],
      );
  const fileBytes = Math.floor((fileMib * 1024 * 1024) / Math.max(counts.resources, 1));
  const body = randomBytes(fileBytes);
  for (let n = 0; n < counts.resources; n++) {
    const name = `handbook_${String(n).padStart(6, '0')}.bin`;
    db.run(`INSERT INTO "website_resources" VALUES (?, ?, ?, '["books"]', ?, ?, ?)`, [
      id('res', n),
      `Handbook number ${n}`,
      '<p>A handbook for the water committees of the villages.</p>',
      JSON.stringify([name]),
      when,
      when,
    ]);
    const folder = join(source, 'storage', ids.website_resources, id('res', n));
    mkdirSync(folder, { recursive: true });
    body.writeUInt32BE(n, 0); // each file its own content
    writeFileSync(join(folder, name), body);
  }
  db.exec('COMMIT');
  db.close();
  console.log(
    `backup made in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.employees} employees, ${counts.members} members, ${counts.volunteers} volunteers, ${counts.resources} resources with ${mib(fileBytes * counts.resources)} MiB of files`,
  );
}

async function main(): Promise<void> {
  await makeBackup();
  const dataDir = join(work, `target-${dbKind}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  if (dbKind === 'postgres') {
    const admin = new pg.Client({
      connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS bench_import');
    await admin.query('CREATE DATABASE bench_import');
    await admin.end();
    databaseUrl = 'postgres://postgres@127.0.0.1:5432/bench_import';
  }
  const config = {
    ...readConfig({}),
    dataDir,
    databaseUrl,
    logger: false,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
  };
  const built = await buildApp(config);
  const employees = built.engine.registry.get('employees')!;
  const { rows } = await built.db.query<Row>(`SELECT * FROM "employees" WHERE "email" = $1`, [
    ADMIN.email,
  ]);
  const request = {
    auth: await buildAuthState(built.db, employees, rows[0]),
    method: 'POST',
    context: 'default' as const,
    query: {},
    headers: {},
    body: {},
  };

  const samples: number[] = [];
  const sample = () => samples.push(process.memoryUsage().rss);
  sample();
  const timer = setInterval(sample, 250);
  const started = Date.now();
  let last = '';
  const report = await importPocketBase(built.engine, source, {
    dryRun: false,
    request,
    onProgress: (p) => {
      const line = `${p.collection} ${p.done}/${p.total}`;
      if (p.done === p.total && line !== last) {
        last = line;
        console.log(
          `  ${((Date.now() - started) / 1000).toFixed(1)} s  ${line}  rss ${mib(process.memoryUsage().rss)} MiB`,
        );
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  clearInterval(timer);
  sample();
  await built.close();

  const imported = report.collections.reduce((sum, c) => sum + c.toImport, 0);
  const refused = report.collections.reduce((sum, c) => sum + c.refused.length, 0);
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(formatReport(report).split('\n').slice(0, 12).join('\n'));
  console.log(
    JSON.stringify(
      {
        db: dbKind,
        records,
        fileMib,
        imported,
        refused,
        seconds: Number(seconds.toFixed(1)),
        recordsPerSecond: Math.round(imported / seconds),
        rssStartMib: Number(mib(samples[0])),
        rssMedianMib: Number(mib(sorted[Math.floor(sorted.length / 2)])),
        rssPeakMib: Number(mib(sorted[sorted.length - 1])),
        rssEndMib: Number(mib(samples[samples.length - 1])),
      },
      null,
      2,
    ),
  );
}

await main();
