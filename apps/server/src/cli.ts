/**
 * Admin commands: `tsx src/cli.ts seed-demo` loads a small demo organisation, each area its part;
 * `backup [name]` makes a backup of the configured database into DATA_DIR/backups; `restore
 * <archive>` checks an archive and restores it into the configured database and data directory;
 * `import-pocketbase <backup> [--dry-run]` imports the current system's PocketBase data.
 */
import { basename, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { buildApp, openDatabase, openFileStorage, type BuiltApp } from './app';
import { readConfig, type AppConfig } from './config';
import { createRegistry } from './core/collection-model';
import { createHoldableStorage } from './core/backup/hold';
import { createS3BackupStore } from './core/backup/store';
import { copyStorage } from './tools/filesystem/move';
import { createS3Storage } from './tools/filesystem/s3-storage';
import { createLocalStorage } from './tools/filesystem/storage';
import { createBackupService, isBackupKey } from './core/backup/service';
import { ApiError } from './core/errors';
import { runMigrations } from './db/migrate';
import { buildAuthState } from './core/auth';
import { DirectoryLockedError } from './db/directory-lock';
import type { Row } from './core/record-export';
import type { RequestInfo } from './core/request-info';
import { runDemoSeed, type DemoAccount } from './domain/demo-seed';
import { formatReport, importPocketBase } from './domain/pocketbase-import';
import { saveReport } from './domain/pocketbase-import/jobs';
import { AREAS } from './domain/index';
import { framed, FRAMED_ROOM, wrapLine } from './tools/console/framed';

async function adminRequest(built: BuiltApp, email: string): Promise<RequestInfo> {
  const employees = built.engine.registry.get('employees')!;
  const { rows } = await built.db.query<Row>(
    `SELECT * FROM "employees" WHERE lower("email") = lower($1)`,
    [email],
  );
  if (!rows[0]) throw new Error(`no administrator ${email}: start the server once first`);
  return {
    auth: await buildAuthState(built.db, employees, rows[0]),
    method: 'POST',
    context: 'default',
    query: {},
    headers: {},
    body: {},
  };
}

/** Loads every area's demo data; `admin` is the administrator line to list with the accounts. */
async function seedDemo(built: BuiltApp, adminEmail: string, admin: DemoAccount): Promise<void> {
  const request = await adminRequest(built, adminEmail);
  const { rows: marker } = await built.db.query(
    `SELECT 1 FROM "roles" WHERE "title" = 'HR officer'`,
  );
  if (marker.length) {
    console.log('The demo organisation is already loaded.');
    return;
  }
  const { accounts, counts } = await runDemoSeed(built.engine, request, AREAS);
  const all = [admin, ...accounts];
  const emailWidth = Math.max(...all.map((a) => a.email.length));
  const passwordWidth = Math.max(...all.map((a) => a.password.length));
  // A note too long for the line goes on under itself (tools/console/framed.ts).
  const noteColumn = 2 + emailWidth + 2 + passwordWidth + 2;
  console.log(
    framed([
      `Loaded the demo organisation: ${counts.join(', ')}.`,
      '',
      'Accounts you can sign in with (email, password, who):',
      ...all.flatMap((a) =>
        wrapLine(
          `  ${a.email.padEnd(emailWidth)}  ${a.password.padEnd(passwordWidth)}  ${a.note}`,
          FRAMED_ROOM,
          noteColumn,
        ),
      ),
    ]),
  );
}

/**
 * PGlite lets one process open its data directory: while the server runs on it, the command
 * line must not open it too. A server answering on HOST:PORT is taken as that server.
 */
async function refuseWhileServerRuns(config: AppConfig, what: string): Promise<void> {
  if (config.databaseUrl) return;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const running = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
    .then((r) => r.ok)
    .catch(() => false);
  if (running)
    throw new Error(
      `The server is running at ${url} on the embedded database in ${config.dataDir}, which only one process may open. ${what} from the web app (Settings → Backups) or through its API (/api/backups), or stop the server first.`,
    );
}

async function withBackups<T>(
  config: AppConfig,
  job: (service: ReturnType<typeof createBackupService>) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(config);
  try {
    // A fresh data directory gets the schema first, as the server would create it.
    await runMigrations(db);
    const storage = createHoldableStorage(openFileStorage(config));
    const service = createBackupService({
      db,
      registry: createRegistry(),
      dataDir: config.dataDir,
      storage,
      storageDir: config.s3 ? null : join(config.dataDir, 'storage'),
      store: config.backupsS3 ? createS3BackupStore(config.backupsS3) : undefined,
    });
    try {
      return await job(service);
    } finally {
      storage.close?.();
      service.store.close();
    }
  } finally {
    await db.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backupCommand(config: AppConfig, name: string | undefined): Promise<void> {
  await refuseWhileServerRuns(config, 'Make the backup');
  await withBackups(config, async (backups) => {
    const { key, manifest } = await backups.create(name, 'cli');
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const { size } = (await backups.list()).find((b) => b.key === key)!;
    console.log(
      `Made ${backups.pathOf(key)} (${megabytes(size)}): ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files.`,
    );
  });
}

async function restoreCommand(config: AppConfig, archive: string | undefined): Promise<void> {
  if (!archive)
    throw new Error('Usage: npm run restore -- <archive.zip | name in DATA_DIR/backups>');
  await refuseWhileServerRuns(config, 'Restore');
  await withBackups(config, async (backups) => {
    // A name among the kept backups (DATA_DIR/backups, or the backups' bucket), else a path.
    const kept = isBackupKey(archive) && (await backups.exists(archive));
    const path = resolve(archive);
    if (!kept && !existsSync(path)) throw new Error(`No such archive: ${archive}`);
    const report = kept
      ? await backups.restore(archive, 'cli')
      : await backups.restoreFile(path, basename(path), 'cli');
    console.log(
      `Restored ${kept ? backups.pathOf(archive) : path} (made ${report.created}): ${report.rows} rows, ${report.files} files into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}${config.s3 ? ` and the bucket ${config.s3.bucket}` : ''}. Everyone signs in again.`,
    );
  });
}

/** Imports a PocketBase backup (zip or pb_data folder); `--dry-run` writes nothing. */
async function importCommand(config: AppConfig, args: string[]): Promise<void> {
  const dryRun = args.includes('--dry-run');
  const source = args.find((a) => !a.startsWith('--'));
  if (!source)
    throw new Error(
      'Usage: npm run import:pocketbase -- <backup.zip | pb_data folder> [--dry-run]',
    );
  await refuseWhileServerRuns(config, 'Import');
  const built = await buildApp(config);
  try {
    const request = await adminRequest(built, config.adminEmail);
    const report = await importPocketBase(built.engine, resolve(source), {
      dryRun,
      request,
      onProgress: (p) =>
        process.stdout.write(`\r${p.group}: ${p.collection} ${p.done}/${p.total}        `),
    });
    const path = saveReport(config.dataDir, report);
    console.log(`\n${formatReport(report)}\nThe report is in ${path} (and .json).`);
  } finally {
    await built.close();
  }
}

/**
 * Copies every stored file between DATA_DIR/storage and the S3_* bucket (`--to s3` or
 * `--to local`), each checked by size and checksum; files already copied are skipped, so it can
 * be run again. The server can keep running on the old place meanwhile; switch S3_BUCKET on or
 * off and run it once more after stopping the server, for what was uploaded during the copy.
 */
async function storageMoveCommand(
  config: AppConfig,
  args: Array<string | undefined>,
): Promise<void> {
  const at = args.indexOf('--to');
  const to = at >= 0 ? args[at + 1] : args.find((a) => a?.startsWith('--to='))?.slice(5);
  if (to !== 's3' && to !== 'local')
    throw new Error('Usage: npm run storage:move -- --to s3|local');
  if (!config.s3)
    throw new Error('Set S3_BUCKET (and the other S3_ settings) to the bucket to copy to or from.');
  const local = createLocalStorage(join(config.dataDir, 'storage'));
  const bucket = createS3Storage(config.s3);
  const [from, into] = to === 's3' ? [local, bucket] : [bucket, local];
  const names = { s3: `the bucket ${config.s3.bucket}`, local: join(config.dataDir, 'storage') };
  console.log(`Copying every file from ${to === 's3' ? names.local : names.s3} to ${names[to]}…`);
  try {
    const result = await copyStorage(from, into, (p, key) => {
      process.stdout.write(
        `\r${p.done} files (${p.copied} copied, ${p.skipped} already there, ${megabytes(p.bytes)}), last ${key}    `,
      );
    });
    console.log(
      `\nDone: ${result.done} files, ${result.copied} copied (${megabytes(result.bytes)}), ${result.skipped} already there; every copy checked by size and SHA-256. Nothing was deleted from the old place.`,
    );
  } catch (err) {
    console.log('\nStopped; run the same command again to go on from where it stopped.');
    throw err;
  } finally {
    bucket.close?.();
  }
}

async function main(): Promise<void> {
  const [command, argument, ...rest] = process.argv.slice(2);
  const config = { ...readConfig(), logger: false };
  if (command === 'backup') return backupCommand(config, argument);
  if (command === 'restore') return restoreCommand(config, argument);
  if (command === 'storage-move') return storageMoveCommand(config, [argument, ...rest]);
  if (command === 'import-pocketbase')
    return importCommand(
      config,
      [argument, ...rest].filter((a): a is string => Boolean(a)),
    );
  if (command !== 'seed-demo') {
    console.error(
      'Usage: tsx src/cli.ts seed-demo | backup [name.zip] | restore <archive> | import-pocketbase <backup> [--dry-run] | storage-move --to s3|local',
    );
    process.exit(2);
  }
  // Until told otherwise the administrator existed already, with a password set back then.
  let admin: DemoAccount = {
    email: config.adminEmail,
    password: '(unchanged)',
    note: 'administrator, every permission',
  };
  const built = await buildApp(config, {
    onAdminCreated: (email, generated) => {
      admin = {
        email,
        password: generated ?? '(ADMIN_PASSWORD)',
        note: generated
          ? 'administrator, every permission; password shown only this once'
          : 'administrator, every permission',
      };
    },
  });
  try {
    await seedDemo(built, config.adminEmail, admin);
  } catch (err) {
    // A password generated just now must not be lost with a failed seed.
    console.log(framed([`${admin.email}  ${admin.password}  ${admin.note}`]));
    throw err;
  } finally {
    await built.close();
  }
}

main().catch((err) => {
  if (err instanceof DirectoryLockedError) {
    // The command writes straight into DATA_DIR's database, which the running server holds.
    console.error(
      `${err.message}\nIs the server running on this DATA_DIR? Stop the server first, run the command, then start it again.`,
    );
    process.exit(1);
  }
  // An ApiError's data names the field that is wrong (a backup name, say).
  const detail =
    err instanceof ApiError
      ? Object.values(err.data)
          .map((e) => (e as { message?: string }).message)
          .filter(Boolean)
          .join(' ')
      : '';
  console.error(
    [err instanceof Error ? err.message : String(err), detail].filter(Boolean).join(' '),
  );
  process.exit(1);
});
