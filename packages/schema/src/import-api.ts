/**
 * What the import of the old PocketBase system answers (`/api/imports/pocketbase`), shared by the
 * server that writes it and the screen that reads it.
 */

/** What an import did, or (dry run) would do: per collection, the mapped values and the problems. */
export type ImportReport = {
  source: string;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string;
  collections: Array<{
    name: string;
    target: string;
    read: number;
    toImport: number;
    skipped: number;
    refused: Array<{ id: string; reason: string }>;
  }>;
  mapped: Array<{ collection: string; field: string; from: string; to: string; count: number }>;
  money: Array<{ what: string; before: string; after: string }>;
  problems: Array<{ collection?: string; id?: string; message: string }>;
  unknownPermissionKeys: string[];
};

/** Where an import stands: a collection, rows done of its rows. */
export type ImportProgress = { group: string; collection: string; done: number; total: number };

/** A web import: checked by a dry run first, imported only when confirmed. */
export type ImportJob = {
  id: string;
  /** The uploaded file's name, as the person chose it. */
  name: string;
  state: 'checking' | 'checked' | 'importing' | 'done' | 'failed';
  progress: ImportProgress | null;
  /** The dry run's report (what the import would do). */
  check: ImportReport | null;
  /** The real run's report. */
  report: ImportReport | null;
  /** Why the job failed, in words for the person (never a stack). */
  error: string;
};
