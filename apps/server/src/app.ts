import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import { loadSecrets, type Secrets } from './core/auth';
import { createRegistry, type CollectionRegistry } from './core/collection-model';
import type { Engine, RecordEvent } from './core/engine';
import { ApiError, isDiskFull, MESSAGES } from './core/errors';
import { AccountCache } from './core/account-cache';
import { PeerCalls } from './core/peer-calls';
import { scheduleVacuum } from './db/maintenance';
import { createRealtimeHub, type RealtimeHub } from './core/realtime';
import { isConnectionLoss, openPglite, openPostgres, type Database } from './db/database';
import { runMigrations } from './db/migrate';
import { bootstrap } from './domain/bootstrap';
import { createDomainHooks } from './domain/index';
import { onAuditCommitted } from './core/audit';
import { bodyPlugin, MAX_BODY_BYTES } from './plugins/body';
import { apiCompressionPlugin } from './plugins/compression';
import { registerRateLimits } from './plugins/rate-limit';
import { requestContextPlugin } from './plugins/request-context';
import { API_POLICY, REFERRER_POLICY } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { accountRoutes } from './routes/api/accounts';
import { authRoutes } from './routes/api/auth';
import { twoFactorRoutes } from './routes/api/two-factor';
import { createTwoFactor } from './domain/two-factor';
import { batchRoutes } from './routes/api/batch';
import { fileRoutes } from './routes/api/files';
import { healthRoutes } from './routes/api/health';
import { realtimeRoutes } from './routes/api/realtime';
import { financeRoutes } from './routes/api/finance';
import { dashboardRoutes } from './routes/api/dashboard';
import { monitorRoutes } from './routes/api/monitor';
import { hrRoutes } from './routes/api/hr';
import { projectFinanceRoutes } from './routes/api/project-finance';
import { projectRoutes } from './routes/api/projects';
import { payrollRoutes } from './routes/api/payroll';
import { PdfPrinter } from './domain/pdf-printer';
import { hrImportRoutes } from './routes/api/hr-import';
import { recordRoutes } from './routes/api/records';
import { uploadRoutes } from './routes/api/uploads';
import { createLocalStorage, type FileStorage } from './tools/filesystem/storage';
import { createS3Storage, isStorageUnavailable } from './tools/filesystem/s3-storage';
import { createHoldableStorage } from './core/backup/hold';
import { createBackupService, type BackupService } from './core/backup/service';
import { createS3BackupStore } from './core/backup/store';
import { backupRoutes } from './routes/api/backups';
import { pocketbaseImportRoutes } from './routes/api/pocketbase-import';
import { ImportJobs } from './domain/pocketbase-import/jobs';
import { sentenize } from './tools/inflector/sentenize';
import { languageOf, localiseError } from './core/refusals';
import { createMailer, type Mailer } from './tools/mail/mailer';
import { setNoticeMailer } from './domain/notifications';

export type BuiltApp = {
  app: FastifyInstance;
  engine: Engine;
  secrets: Secrets;
  db: Database;
  /**
   * Every record change made through the engine that committed, for tests and realtime (the
   * audit rows written beside them go to realtime only).
   */
  onRecordEvent(listener: (event: RecordEvent) => void): () => void;
  /** The realtime (SSE) clients of this process. */
  realtime: RealtimeHub;
  /** The signed-in accounts this process keeps (PostgreSQL), or null. */
  accounts: AccountCache | null;
  /** Questions to the other server processes (PostgreSQL), or null. */
  peers: PeerCalls | null;
  backups: BackupService;
  close(): Promise<void>;
};

export type BuildOptions = {
  /** An already open database (tests); otherwise opened from the config. */
  db?: Database;
  registry?: CollectionRegistry;
  /** Called with the generated admin password on first start. */
  onAdminCreated?: (email: string, generatedPassword?: string) => void;
  /** Where uploaded files go (tests); otherwise from the config. */
  storage?: FileStorage;
  /** The clock of second-factor codes and sessions (tests move it); otherwise Date.now. */
  clock?: () => number;
};

/** Where uploaded files are kept: the bucket the S3_* settings name, else DATA_DIR/storage. */
export function openFileStorage(config: AppConfig): FileStorage {
  if (config.s3) return createS3Storage(config.s3);
  const storageDir = join(config.dataDir, 'storage');
  mkdirSync(storageDir, { recursive: true });
  return createLocalStorage(storageDir);
}

/**
 * Removes upload scratch files a stopped server left behind. Only those a day old: another
 * process on the same DATA_DIR (WORKERS) may be receiving an upload into this folder right now.
 */
function removeStaleScratch(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by the process that made it.
    }
  }
}

/** Opens the database the config names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  // In its own thread, so that the server's HTTP work and the queries use two cores.
  return openPglite(join(config.dataDir, 'db'), { thread: config.pgliteThread });
}

/** Builds the whole server (tests inject requests into it; server.ts makes it listen). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const db = options.db ?? (await openDatabase(config));
  await runMigrations(db);
  const registry = options.registry ?? createRegistry();
  const secrets = await loadSecrets(db, registry);
  const boot = await bootstrap(db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  if (boot.createdAdmin) options.onAdminCreated?.(config.adminEmail, boot.generatedPassword);

  const listeners = new Set<(event: RecordEvent) => void>();
  const storage = createHoldableStorage(options.storage ?? openFileStorage(config));
  const engine: Engine = {
    db,
    registry,
    storage,
    config: { defaultPassword: config.defaultPassword, appUrl: config.appUrl },
    hooks: createDomainHooks(registry),
    publish: (event) => {
      for (const listener of listeners) listener(event);
    },
  };

  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: MAX_BODY_BYTES,
    // Requests that hang are cut off instead of holding a connection forever.
    requestTimeout: 120_000,
    connectionTimeout: 0,
    // On shutdown, idle keep-alive sockets (e.g. left by cancelled requests) must not hold the close.
    forceCloseConnections: true,
    trustProxy: false,
    // A malformed escape or an over-long path segment names nothing: the API's 404, not Fastify's JSON.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(404).send({ data: {}, message: MESSAGES[404], status: 404 });
    },
    routerOptions: {
      ignoreTrailingSlash: false,
      maxParamLength: 500,
      // Like PocketBase (Go's url.Values.Get), a repeated query parameter counts with its first value.
      querystringParser: (text: string) => {
        const values = new Map<string, string>();
        for (const [key, value] of new URLSearchParams(text))
          if (!values.has(key)) values.set(key, value);
        return Object.fromEntries(values);
      },
    },
  });
  const mailer: Mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: (line) => app.log.info(line),
  });
  // Notifications are mailed too when SMTP is configured (domain/notifications.ts).
  setNoticeMailer(
    config.smtpUrl
      ? (to, notice) =>
          mailer.send({
            to,
            subject: notice.title,
            text: `${notice.title}\n\n${notice.body ?? ''}\n\n${notice.link ? config.appUrl + notice.link : ''}\n`,
          })
      : null,
  );
  const realtime = createRealtimeHub(engine, {
    log: (message, err) => app.log.error({ err }, message),
  });
  listeners.add((event) => realtime.publish(event));
  // Audit rows are written by the server in SQL; announce them too, so the monitor is live.
  onAuditCommitted(db, (row) =>
    realtime.publish({ action: 'create', collection: 'user_activities', row }),
  );
  await realtime.start();
  // PGlite has no autovacuum: the server runs it (db/maintenance.ts).
  const vacuum = scheduleVacuum(db, (message, err) =>
    err ? app.log.error({ err }, message) : app.log.info(message),
  );
  app.addHook('onClose', async () => vacuum?.stop());
  // The signed-in accounts, kept per process (PostgreSQL); see core/account-cache.ts.
  const accounts = await AccountCache.start(db);
  app.addHook('onClose', async () => accounts?.close());
  // What only another server process holds (WORKERS): see core/peer-calls.ts.
  const peers = await PeerCalls.start(db, accounts);
  if (peers) realtime.shareWith(peers);
  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => realtime.close());

  // A callback hook (every request passes it; an async one costs a promise each time).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-XSS-Protection', '1; mode=block');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', REFERRER_POLICY);
    if (request.url.startsWith('/api/')) {
      // Files set their own policy (they may show media and inline styles, sandboxed).
      reply.header('Content-Security-Policy', API_POLICY);
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Vary', 'Origin');
      if (request.method === 'OPTIONS') {
        reply.header('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
        const asked = request.headers['access-control-request-headers'];
        if (asked) reply.header('Access-Control-Allow-Headers', asked);
        // Answered here: the route is not reached, and `done` is not called.
        reply.code(204).send();
        return;
      }
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      const { message, data } = localiseError(
        error,
        languageOf(request.headers['accept-language']),
      );
      return reply
        .code(error.status)
        .send({ data, message: sentenize(message), status: error.status });
    }
    if (isConnectionLoss(error)) {
      // A database restart or failover: the request may be sent again once it is back.
      request.log.warn({ err: error }, 'the database cannot be reached');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ data: {}, message: MESSAGES[503], status: 503 });
    }
    if (isDiskFull(error)) {
      // Nothing a person can do but the administrator: logged as an error, and said in words.
      request.log.error({ err: error }, "the server's disk is full");
      return reply.code(507).send({ data: {}, message: MESSAGES[507], status: 507 });
    }
    if (isStorageUnavailable(error)) {
      // The bucket's own words go to the log; the person is told what happened, not how.
      request.log.error({ err: error }, 'the file storage cannot be reached');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ data: {}, message: MESSAGES.storage, status: 503 });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ data: {}, message: MESSAGES[413], status: 413 });
    if (status >= 400 && status < 500) {
      return reply.code(400).send({ data: {}, message: MESSAGES[400], status: 400 });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ data: {}, message: MESSAGES[500], status: 500 });
  });

  const limits = config.rateLimit ? await registerRateLimits(app, db) : null;
  if (limits) engine.oldPasswordAttempts = limits.oldPassword;
  const uploadScratch = join(config.dataDir, 'tmp', 'uploads');
  removeStaleScratch(uploadScratch);
  await app.register(bodyPlugin, { uploadScratch });
  await app.register(apiCompressionPlugin);
  await app.register(requestContextPlugin, { db, registry, secrets, accounts });
  await app.register(healthRoutes);
  await app.register(recordRoutes, { engine });
  await app.register(uploadRoutes, { engine });
  const twoFactor = await createTwoFactor({
    db,
    enabled: config.mfa,
    mailEnabled: !!config.smtpUrl,
    keys: config.mfaKeys,
    clock: options.clock,
  });
  await app.register(authRoutes, {
    engine,
    secrets,
    mailer,
    limits,
    twoFactor,
  });
  await app.register(twoFactorRoutes, { engine, twoFactor, mailer, limits });
  await app.register(accountRoutes, { engine });
  await app.register(fileRoutes, { engine, secrets });
  await app.register(batchRoutes, { engine });
  await app.register(hrRoutes, { engine });
  // One Chromium prints every PDF (project reports, payslips); closed with the server.
  const printer = new PdfPrinter(config.chromiumPath);
  app.addHook('onClose', async () => printer.close());
  await app.register(dashboardRoutes, { engine });
  await app.register(monitorRoutes, { engine });
  await app.register(projectRoutes, { engine, chromiumPath: config.chromiumPath, printer });
  await app.register(hrImportRoutes, { engine });
  await app.register(financeRoutes, { engine });
  await app.register(payrollRoutes, { engine, printer });
  await app.register(projectFinanceRoutes, { engine, printer });
  await app.register(realtimeRoutes, { hub: realtime });
  const backups = createBackupService({
    db,
    registry,
    dataDir: config.dataDir,
    storage,
    storageDir: config.s3 || options.storage ? null : join(config.dataDir, 'storage'),
    store: config.backupsS3 ? createS3BackupStore(config.backupsS3) : undefined,
  });
  if (peers) backups.shareWith(peers);
  await app.register(backupRoutes, { engine, secrets, backups });
  const imports = new ImportJobs(engine, config.dataDir);
  if (peers) imports.shareWith(peers);
  await app.register(pocketbaseImportRoutes, { imports });
  await app.register(webPlugin, { distDir: config.webDist });

  return {
    app,
    engine,
    secrets,
    db,
    realtime,
    backups,
    accounts,
    peers,
    onRecordEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      await app.close();
      mailer.close();
      storage.close?.();
      backups.store.close();
      if (!options.db) await db.close();
    },
  };
}
