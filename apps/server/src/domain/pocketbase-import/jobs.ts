import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../core/engine';
import { isDiskFull, MESSAGES } from '../../core/errors';
import type { PeerCalls } from '../../core/peer-calls';
import type { DatabaseLock } from '../../db/database';
import type { RequestInfo } from '../../core/request-info';
import { newRecordId } from '../../tools/security/random';
import { importPocketBase } from './index';
import type { ImportJob, ImportReport } from '@app/schema';
import { formatReport } from './report';
import { UnreadableBackup } from './source';

export type { ImportJob };
type ImportJobState = ImportJob['state'];

/** Writes a report as text and JSON into DATA_DIR/imports; returns the text file's path. */
export function saveReport(dataDir: string, report: ImportReport): string {
  const dir = join(dataDir, 'imports');
  mkdirSync(dir, { recursive: true });
  const name = `${report.startedAt.replace(/[:.]/g, '-')}-${report.dryRun ? 'dry-run' : 'report'}`;
  writeFileSync(join(dir, `${name}.txt`), formatReport(report));
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  return join(dir, `${name}.txt`);
}

/** Why an opened backup could not be read, without paths or internals. */
function reasonOf(error: unknown): string {
  if (error instanceof UnreadableBackup) return error.message;
  if (isDiskFull(error)) return MESSAGES[507];
  return 'The backup could not be read.';
}

/**
 * The one import slot: held by the process whose job is checking or importing, as a PostgreSQL
 * advisory lock (every process, and the other server machines, see it). Any fixed number; this one
 * spells "pbim".
 */
const IMPORT_LOCK = 0x7062696d;

/** What `confirm` answers for a job it cannot start because another import is running. */
export const IMPORT_BUSY = 'busy';

/**
 * The imports started from the web (Settings → Import). One at a time: an upload is dry-run at
 * once, and imported only when the person confirms. Uploaded files live in
 * DATA_DIR/imports/uploads and are deleted when the job ends.
 *
 * A job runs in the process that received the upload. With WORKERS, the next request may reach
 * another process: that one asks the others (core/peer-calls.ts) for the job.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob & { file: string; request: RequestInfo }>();
  private peers: PeerCalls | null = null;
  /** The slot, while a job of this process checks or imports; `taking` while it is being taken. */
  private slot: DatabaseLock | null = null;
  private taking = false;

  constructor(
    private readonly engine: Engine,
    private readonly dataDir: string,
  ) {}

  /** The folder uploads are written to. */
  uploadPath(): string {
    const dir = join(this.dataDir, 'imports', 'uploads');
    mkdirSync(dir, { recursive: true });
    return join(dir, `${newRecordId()}.zip`);
  }

  /** Answers the other processes' questions about the jobs of this one. */
  shareWith(peers: PeerCalls): void {
    this.peers = peers;
    peers.on('imports.busy', () => (this.busyHere() ? true : undefined));
    peers.on('imports.get', (id) => this.here(String(id)) ?? undefined);
    peers.on('imports.confirm', async (id) =>
      this.jobs.has(String(id)) ? { job: await this.confirmHere(String(id)) } : undefined,
    );
  }

  /** True while a job, in any process, is checking or importing. */
  async busy(): Promise<boolean> {
    if (this.busyHere()) return true;
    return (await this.peers?.ask<boolean>('imports.busy', null)) === true;
  }

  async get(id: string): Promise<ImportJob | null> {
    const here = this.here(id);
    if (here || !this.peers) return here;
    return (await this.peers.ask<ImportJob>('imports.get', id)) ?? null;
  }

  /**
   * Runs the real import of a checked job: null when it is not checked (or unknown), IMPORT_BUSY
   * when another import is running.
   */
  async confirm(id: string): Promise<ImportJob | typeof IMPORT_BUSY | null> {
    if (this.jobs.has(id) || !this.peers) return this.confirmHere(id);
    return (
      (await this.peers.ask<{ job: ImportJob | typeof IMPORT_BUSY | null }>('imports.confirm', id))
        ?.job ?? null
    );
  }

  /**
   * Takes the one import slot, or says false when it is taken, here or in another process. Checked
   * and taken in one step: two uploads that arrive together cannot both start.
   */
  private async takeSlot(): Promise<boolean> {
    if (this.slot || this.taking) return false;
    this.taking = true;
    try {
      this.slot = await this.engine.db.tryLock(IMPORT_LOCK);
      return this.slot !== null;
    } finally {
      this.taking = false;
    }
  }

  private async releaseSlot(): Promise<void> {
    const slot = this.slot;
    this.slot = null;
    await slot?.release();
  }

  private busyHere(): boolean {
    return [...this.jobs.values()].some((j) => j.state === 'checking' || j.state === 'importing');
  }

  private here(id: string): ImportJob | null {
    const job = this.jobs.get(id);
    if (!job) return null;
    const { file: _file, request: _request, ...shown } = job;
    return shown;
  }

  /**
   * Registers an uploaded backup and starts its dry run in the background; null when another
   * import is running (the caller refuses the upload).
   */
  async start(file: string, name: string, request: RequestInfo): Promise<ImportJob | null> {
    if (!(await this.takeSlot())) return null;
    // Older finished jobs are forgotten: one person imports once, not every day.
    for (const [id, job] of this.jobs)
      if (job.state !== 'checking' && job.state !== 'importing') {
        rmSync(job.file, { force: true });
        this.jobs.delete(id);
      }
    const job = {
      id: newRecordId(),
      name,
      state: 'checking' as ImportJobState,
      progress: null,
      check: null,
      report: null,
      error: '',
      file,
      request,
    };
    this.jobs.set(job.id, job);
    void this.execute(job, true);
    return this.here(job.id)!;
  }

  private async confirmHere(id: string): Promise<ImportJob | typeof IMPORT_BUSY | null> {
    const job = this.jobs.get(id);
    if (!job || job.state !== 'checked') return null;
    // Claimed at once, so a second confirmation of the same job finds it taken.
    job.state = 'importing';
    if (!(await this.takeSlot())) {
      job.state = 'checked';
      return IMPORT_BUSY;
    }
    job.progress = null;
    void this.execute(job, false);
    return this.here(id);
  }

  private async execute(
    job: ImportJob & { file: string; request: RequestInfo },
    dryRun: boolean,
  ): Promise<void> {
    try {
      const report = await importPocketBase(this.engine, job.file, {
        dryRun,
        request: job.request,
        onProgress: (progress) => {
          job.progress = progress;
        },
      });
      saveReport(this.dataDir, report);
      if (dryRun) {
        job.check = report;
        job.state = 'checked';
      } else {
        job.report = report;
        job.state = 'done';
        rmSync(job.file, { force: true });
      }
    } catch (error) {
      job.state = 'failed';
      job.error = reasonOf(error);
      rmSync(job.file, { force: true });
    } finally {
      await this.releaseSlot().catch(() => {});
    }
  }
}
