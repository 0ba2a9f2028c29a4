import type { ImportProgress, ImportReport } from '@app/schema';

export type { ImportProgress, ImportReport };

/** Collects a report while the import runs. */
export class ReportBuilder {
  readonly report: ImportReport;
  private readonly mappedIndex = new Map<string, ImportReport['mapped'][number]>();
  private readonly backupRows = new Map<string, number>();

  constructor(source: string, dryRun: boolean) {
    this.report = {
      source,
      dryRun,
      startedAt: new Date().toISOString(),
      finishedAt: '',
      collections: [],
      tables: [],
      mapped: [],
      adjusted: [],
      toReview: [],
      money: [],
      problems: [],
      unknownPermissionKeys: [],
    };
  }

  /** The entry of one old collection (one entry even when it is read in two passes). */
  collection(name: string, target: string) {
    const found = this.report.collections.find((c) => c.name === name && c.target === target);
    if (found) return found;
    const entry = { name, target, read: 0, toImport: 0, skipped: 0, refused: [] };
    this.report.collections.push(entry);
    return entry as ImportReport['collections'][number];
  }

  /** Counts one old value turned into a new one (a misspelling, a status renamed). */
  mapped(collection: string, field: string, from: string, to: string) {
    const key = `${collection}\u0000${field}\u0000${from}\u0000${to}`;
    const found = this.mappedIndex.get(key);
    if (found) found.count++;
    else {
      const entry = { collection, field, from, to, count: 1 };
      this.mappedIndex.set(key, entry);
      this.report.mapped.push(entry);
    }
  }

  /** How many rows an old table holds in the backup, to check that each was accounted for. */
  rowsInBackup(name: string, rows: number) {
    this.backupRows.set(name, rows);
  }

  /** A value filled in, or a rule for new records not applied, to keep an old record. */
  adjusted(collection: string, id: string, message: string) {
    this.report.adjusted.push({ collection, id, message });
  }

  /** A record imported so that nothing is lost, which a person should look at. */
  toReview(collection: string, id: string, target: string, message: string) {
    this.report.toReview.push({ collection, id, target, message });
  }

  problem(message: string, collection?: string, id?: string) {
    this.report.problems.push({ collection, id, message });
  }

  /** A money figure that arrives in another shape (a book value kept as opening depreciation). */
  money(what: string, before: string, after: string) {
    this.report.money.push({ what, before, after });
  }

  unknownPermission(key: string) {
    if (!this.report.unknownPermissionKeys.includes(key))
      this.report.unknownPermissionKeys.push(key);
  }

  finish(): ImportReport {
    // Per old table, over every collection it feeds: each row of the backup is read once and
    // ends imported, skipped or refused. A table that does not add up is said, not hidden.
    const tables = new Map<string, ImportReport['tables'][number]>();
    for (const c of this.report.collections) {
      const table = tables.get(c.name) ?? {
        name: c.name,
        rows: this.backupRows.get(c.name) ?? 0,
        read: 0,
        toImport: 0,
        skipped: 0,
        refused: 0,
      };
      table.read += c.read;
      table.toImport += c.toImport;
      table.skipped += c.skipped;
      table.refused += c.refused.length;
      tables.set(c.name, table);
    }
    this.report.tables = [...tables.values()];
    for (const t of this.report.tables)
      if (t.rows !== t.read || t.read !== t.toImport + t.skipped + t.refused)
        this.problem(
          `the figures do not add up: ${t.rows} rows in the backup, ${t.read} read, ${t.toImport} to import + ${t.skipped} skipped + ${t.refused} refused`,
          t.name,
        );
    this.report.finishedAt = new Date().toISOString();
    return this.report;
  }
}

/** The report as plain text, for the terminal and the report file. */
export function formatReport(report: ImportReport): string {
  const lines = [
    `PocketBase import ${report.dryRun ? '(dry run: nothing was written)' : ''}`.trim(),
    `Source: ${report.source}`,
    `Started ${report.startedAt}, finished ${report.finishedAt}`,
    '',
    'Old tables (rows in the backup = read = to import + skipped + refused):',
  ];
  for (const t of report.tables)
    lines.push(`  ${t.name}: ${t.rows} = ${t.read} = ${t.toImport} + ${t.skipped} + ${t.refused}`);
  lines.push('', 'Collections (read / to import / skipped as already imported / refused):');
  for (const c of report.collections) {
    lines.push(
      `  ${c.name} -> ${c.target}: ${c.read} / ${c.toImport} / ${c.skipped} / ${c.refused.length}`,
    );
    for (const r of c.refused) lines.push(`      refused ${r.id}: ${r.reason}`);
  }
  if (report.mapped.length) {
    lines.push('', 'Values mapped:');
    for (const m of report.mapped)
      lines.push(`  ${m.collection}.${m.field}: "${m.from}" -> "${m.to}" (${m.count})`);
  }
  if (report.adjusted.length) {
    lines.push('', 'Filled in or relaxed (kept as the old system held them):');
    for (const a of report.adjusted) lines.push(`  ${a.collection} ${a.id}: ${a.message}`);
  }
  if (report.toReview.length) {
    lines.push('', 'To review (imported so that nothing is lost):');
    for (const r of report.toReview)
      lines.push(`  ${r.collection} ${r.id} -> ${r.target}: ${r.message}`);
  }
  if (report.unknownPermissionKeys.length)
    lines.push(
      '',
      `Unknown permission keys (left out): ${report.unknownPermissionKeys.join(', ')}`,
    );
  if (report.money.length) {
    lines.push('', 'Money (before -> after):');
    for (const m of report.money) lines.push(`  ${m.what}: ${m.before} -> ${m.after}`);
  }
  if (report.problems.length) {
    lines.push('', 'Problems:');
    for (const p of report.problems)
      lines.push(
        `  ${[p.collection, p.id].filter(Boolean).join(' ')}${p.collection ? ': ' : ''}${p.message}`,
      );
  }
  return `${lines.join('\n')}\n`;
}
