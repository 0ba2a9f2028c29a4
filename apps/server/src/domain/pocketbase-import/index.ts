import type { Engine } from '../../core/engine';
import type { RequestInfo } from '../../core/request-info';
import { inOneTransaction } from '../../core/unit-of-work';
import { importAssets } from './assets';
import { RENAMED_COLLECTIONS, importAudit } from './audit';
import { importLedger } from './ledger';
import { importSalaries } from './payroll';
import { importPeople } from './people';
import { importProjectFinance } from './project-finance';
import { COMMITTEES, importProjects } from './projects';
import { ReportBuilder, formatReport, type ImportProgress, type ImportReport } from './report';
import { reasonOf, underSavepoint, type Context } from './rows';
import { MAX_VALUE_CHARS, openBackup } from './source';
import { importWebsite } from './website';

export { formatReport, type ImportProgress, type ImportReport };

class DryRunRollback extends Error {}

/** The collections this version imports, in the order their relations need. */
const GROUPS: Array<{ name: string; run: (ctx: Context, tx: Engine) => Promise<void> }> = [
  { name: 'people', run: importPeople },
  { name: 'projects', run: importProjects },
  { name: 'website', run: importWebsite },
  { name: 'finance', run: importAssets },
  { name: 'ledger', run: importLedger },
  { name: 'salaries', run: importSalaries },
  { name: 'project finance', run: importProjectFinance },
  { name: 'history', run: importAudit },
];
const IMPORTED = new Set([
  'roles',
  'employees',
  'members',
  'volunteers',
  'users',
  'employees_tasks',
  'user_activities',
  'allowance_options',
  'deduction_options',
  'blog_topics',
  'blog_articles',
  'website_resources',
  'assets',
  'finance',
  'employees_advances',
  'employees_advances_payments',
  'payroll',
  'project_budgitlines',
  'financial_requests',
  'financial_request_items',
  'financial_reqeuests_commity_comments',
  'purchases',
  'purchases_commity_comments',
  'bank_checks',
  'project_finance',
  'activities_finance',
  'projects',
  'projects_activities',
  'projects_timelines',
  'activities_timelines',
  'activities_staff',
  'projects_staff',
  ...COMMITTEES.map(([from]) => from),
]);

/** Tables the import writes itself, shortening some values on the way: only the cap applies. */
const OWN_WRITES = new Set(['user_activities', 'payroll']);

/**
 * How much of the backup is read (source.ts): a value is measured before it is read, and a row
 * holding one over what its field here may hold is refused unread, listed with its collection;
 * a stored file over the largest file field's size is left out.
 */
function readingLimits(engine: Engine, report: ReportBuilder) {
  const files = engine.registry.all.flatMap((c) => c.fields).filter((f) => f.type === 'file');
  return {
    maxFileBytes: Math.max(...files.map((f) => f.maxSize || 5 * 1024 * 1024)),
    limitOf: (table: string, column: string) => {
      const target = OWN_WRITES.has(table)
        ? undefined
        : engine.registry.get(RENAMED_COLLECTIONS[table] ?? table);
      const field = target?.fields.find((f) => f.name === column);
      if (field?.type === 'text') return field.max || 5000;
      if (field?.type === 'editor' && field.max) return field.max;
      if (field?.type === 'json' && field.maxSize) return field.maxSize;
      return MAX_VALUE_CHARS;
    },
    onRefused: (table: string, id: string, reason: string) => {
      const entry = report.report.collections.find((c) => c.name === table);
      if (!entry) return report.problem(reason, table, id);
      entry.read++;
      entry.refused.push({ id, reason });
    },
  };
}

/**
 * Imports a PocketBase backup (a zip or a pb_data folder). Each group of collections is one
 * transaction; a dry run runs the same writes and rolls them back (files included), so its report
 * is what a real run would do. Records already imported (same id) are skipped, so a second run
 * adds nothing.
 */
export async function importPocketBase(
  engine: Engine,
  source: string,
  options: { dryRun: boolean; request: RequestInfo; onProgress?: (p: ImportProgress) => void },
): Promise<ImportReport> {
  const report = new ReportBuilder(source, options.dryRun);
  const backup = await openBackup(source, readingLimits(engine, report));
  try {
    const tables = backup.tables();
    if (!tables.has('_collections'))
      report.problem('no _collections table: this is not a PocketBase data.db');
    const collections = tables.has('_collections') ? backup.collections() : [];
    const ctx: Context = {
      engine,
      request: options.request,
      source: backup,
      report,
      collectionIds: new Map(collections.map((c) => [c.name, c.id])),
      onProgress: options.onProgress,
    };
    for (const c of collections)
      if (!c.name.startsWith('_') && !IMPORTED.has(c.name))
        report.problem(
          `not imported by this version of the import (${tables.has(c.name) ? backup.count(c.name) : 0} rows left out)`,
          c.name,
        );
    if (options.dryRun) {
      // One transaction for every group, rolled back at the end: a later group sees what the
      // earlier ones would have written (an activity's staff needs its employees), so the report
      // is what a real run would do. A group that fails is undone to its savepoint, as a real
      // run's transaction would be.
      try {
        await inOneTransaction(
          engine,
          async (tx) => {
            for (const group of GROUPS) {
              try {
                await underSavepoint(tx, 'import_group', () => group.run(ctx, tx));
              } catch (error) {
                report.problem(`the ${group.name} group was rolled back: ${reasonOf(error)}`);
              }
            }
            throw new DryRunRollback();
          },
          { quiet: true },
        );
      } catch (error) {
        if (!(error instanceof DryRunRollback)) throw error;
      }
    } else {
      for (const group of GROUPS) {
        try {
          // No realtime event per imported record (see inOneTransaction).
          await inOneTransaction(engine, (tx) => group.run(ctx, tx), { quiet: true });
        } catch (error) {
          report.problem(`the ${group.name} group was rolled back: ${reasonOf(error)}`);
        }
      }
    }
    // Each old table's rows, against which the report checks that every row was accounted for.
    for (const name of IMPORTED)
      if (tables.has(name)) report.rowsInBackup(name, backup.count(name));
  } finally {
    backup.close();
  }
  return report.finish();
}
