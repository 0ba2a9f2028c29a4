import type { ImportProgress, ImportReport } from '@app/schema';

export type { ImportProgress, ImportReport };

/** Collects a report while the import runs. */
export class ReportBuilder {
  readonly report: ImportReport;
  private readonly mappedIndex = new Map<string, ImportReport['mapped'][number]>();

  constructor(source: string, dryRun: boolean) {
    this.report = {
      source,
      dryRun,
      startedAt: new Date().toISOString(),
      finishedAt: '',
      collections: [],
      mapped: [],
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
    'Collections (read / to import / skipped as already imported / refused):',
  ];
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
