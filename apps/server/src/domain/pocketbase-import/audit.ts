import { AUDIT_CATEGORIES } from '@app/schema';
import { auditHeldBy, auditTemplateTitle } from '../../core/audit';
import type { Engine } from '../../core/engine';
import { PB_DATE, existing, list, objectOf, stableId, text, validId, type Context } from './rows';

/**
 * Old collections this system names differently, so their history is filed under the new name
 * (labelled, filtered and linked like this system's own). The old finance tables, split here
 * into donations and expenses, keep their old name.
 */
export const RENAMED_COLLECTIONS: Record<string, string> = {
  employees_tasks: 'employee_tasks',
  employees_advances: 'employee_advances',
  employees_advances_payments: 'advance_repayments',
  payroll: 'payslips',
  project_financial_commities: 'project_financial_committees',
  project_purchases_commities: 'project_purchases_committees',
  project_budgitlines: 'project_budget_lines',
  financial_reqeuests_commity_comments: 'financial_request_comments',
  purchases_commity_comments: 'purchase_comments',
};

/**
 * The old money tables held donations and expenses side by side (`type`); each row became one
 * or the other here, with its id (step 5), and so does its history in the monitor. A row of
 * no known type became a pending expense.
 */
const MONEY_TABLES = new Set(['finance', 'project_finance', 'activities_finance']);
const moneyKind = (type: string) => (type === 'donation' ? 'donations' : 'expenses');

/**
 * The old audit trail, kept as history: written as it was (the server writes the trail itself,
 * so nothing goes through the engine), with its old dates, its categories where they are ours,
 * and a comment that marks it imported. The author's name and email are filled in when the
 * employee is here.
 */
export async function importAudit(ctx: Context, tx: Engine): Promise<void> {
  const from = 'user_activities';
  const entry = ctx.report.collection(from, 'user_activities');
  if (!ctx.source.tables().has(from)) return;
  const categories = new Set<string>(AUDIT_CATEGORIES);
  const total = ctx.source.count(from);
  for (const row of ctx.source.rows(from)) {
    entry.read++;
    const oldId = text(row.id);
    const id = validId(oldId) ? oldId : stableId(oldId);
    const { rows: here } = await tx.db.query(`SELECT 1 FROM "user_activities" WHERE "id" = $1`, [
      id,
    ]);
    if (here.length) {
      entry.skipped++;
      continue;
    }
    const action = text(row.action);
    if (!['CREATE', 'UPDATE', 'DELETE'].includes(action)) {
      entry.refused.push({
        id: oldId,
        reason: `action "${action}" is not CREATE, UPDATE or DELETE`,
      });
      continue;
    }
    const kept = list(row.categories);
    const before = objectOf(row.obj_before);
    const after = objectOf(row.obj_after);
    const subject = after ?? before ?? {};
    const actor = await existing(tx, 'employees', text(row.employee));
    const { rows: people } = await tx.db.query<{ name: string; email: string }>(
      `SELECT "name", "email" FROM "employees" WHERE "id" = $1`,
      [actor],
    );
    const oldCollection = text(subject.collectionName).slice(0, 100);
    const money = MONEY_TABLES.has(oldCollection) ? moneyKind(text(subject.type)) : undefined;
    const collection = money ?? RENAMED_COLLECTIONS[oldCollection] ?? oldCollection;
    const model = tx.registry.get(collection);
    // Named as this system names its own entries: a title or name, else the collection's
    // auditTitle read from the snapshot ('' when the old fields differ); an old money row by
    // its donor or payee, as its donation or expense is here.
    const title =
      text(subject.title ?? subject.name).slice(0, 300) ||
      (money ? text(subject.fund_facility).slice(0, 300) : '') ||
      (model ? await auditTemplateTitle(tx.db, model, { before, after }) : '');
    const created = PB_DATE.test(text(row.created))
      ? text(row.created)
      : new Date().toISOString().replace('T', ' ');
    const comment = text(row.comment)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    await tx.db.query(
      `INSERT INTO "user_activities" ("id","actor","actor_collection","actor_name","actor_email","action","collection","record","categories","before","after","ip","comment","created","updated","record_title","held_by")
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10::jsonb,$11::jsonb,'',$12,$13,$13,$14,$15)`,
      [
        id,
        actor,
        actor ? 'employees' : '',
        people[0]?.name ?? '',
        people[0]?.email ?? '',
        action,
        collection,
        text(subject.id).slice(0, 15),
        JSON.stringify('error' in kept ? [] : kept.filter((c) => categories.has(c))),
        JSON.stringify(before),
        JSON.stringify(after),
        `Imported from the old system${comment ? `: ${comment}` : ''}`.slice(0, 2000),
        created,
        title,
        // The record it belongs to, so that record's history takes it in.
        auditHeldBy(model, { before, after }),
      ],
    );
    entry.toImport++;
    if (entry.read % 500 === 0)
      ctx.onProgress?.({ group: 'history', collection: from, done: entry.read, total });
  }
  ctx.onProgress?.({ group: 'history', collection: from, done: entry.read, total });
}
