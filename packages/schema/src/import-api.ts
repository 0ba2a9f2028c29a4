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
  /**
   * Per old table: its rows in the backup and what became of them, summed over the collections
   * it feeds (the old `finance` feeds donations and expenses). Every row is accounted for:
   * rows = read = toImport + skipped + refused.
   */
  tables: Array<{
    name: string;
    rows: number;
    read: number;
    toImport: number;
    skipped: number;
    refused: number;
  }>;
  mapped: Array<{ collection: string; field: string; from: string; to: string; count: number }>;
  /**
   * What the import filled in, or which rule made for new records it did not apply, to keep a
   * record the old system held validly (a purchase's title made from its date and price).
   */
  adjusted: Array<{ collection: string; id: string; message: string }>;
  /**
   * Records imported so that nothing is lost, for a person to look at (an old money row whose
   * kind the old data does not say, kept as a pending expense).
   */
  toReview: Array<{ collection: string; id: string; target: string; message: string }>;
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
