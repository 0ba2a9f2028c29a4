import type { Engine } from '../../core/engine';
import type { Row } from '../../core/record-export';
import { updateRecord } from '../../core/records';
import { formatDate } from '../../core/values';
import { newRecordId } from '../../tools/security/random';
import { auditSideChange } from '../finance';
import { centsText, type Cents } from '../finance-ledger';
import { recomputeTotals } from '../payroll';
import type { SqliteRow } from './source';
import { mainVault } from './ledger';
import {
  PB_DATE,
  centsOf,
  existing,
  importRows,
  objectOf,
  stableId,
  text,
  validId,
  type Context,
} from './rows';

/** An old salary's lines: `[{ amount, statement }]` from its `salary_details`. */
function salaryLines(details: Record<string, unknown>, field: string) {
  const lines = Array.isArray(details[field]) ? (details[field] as unknown[]) : [];
  return lines.map((line) => {
    const { amount, statement } = (line ?? {}) as Record<string, unknown>;
    return { cents: Math.round(Number(amount ?? 0) * 100), statement: text(statement) };
  });
}

/** The old payroll wrote an advance's instalment as a deduction with this statement. */
const ADVANCE_INSTALMENT = /^Advance Payment\s*--\s*id:\s*(\S+)/i;
/** ... and the advance's payment it made at the same time with this one. */
const PAYROLL_REPAYMENT = /^Payroll Deduction\s+(\d{4})\/(\d{1,2})/i;

/**
 * Advances, their payments and the payroll history. The old system's vaults never carried
 * salaries or advances (its main vault was donations minus expenses), so they are written as paid
 * outside the vaults: no ledger entry, and each vault keeps its old total. What an employee still
 * owes is kept, so the next payroll run withholds the instalment. Old salaries become paid runs,
 * one per month, each salary a payslip whose lines are the old ones; an advance instalment is
 * linked to its advance and to the payment the old payroll made with it.
 */
export async function importSalaries(base: Context, tx: Engine): Promise<void> {
  const ctx: Context = { ...base, request: { ...base.request, context: 'import' } };
  const main = await mainVault(ctx, tx);
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const when = (row: SqliteRow) => (PB_DATE.test(text(row.created)) ? text(row.created) : '');

  // ---- Advances, paid (outside the vaults) as they were. ----
  const advances = tx.registry.get('employee_advances')!;
  const oldRepaid = new Map<string, Cents>();
  const advanceTotals = { amount: 0, repaid: 0 };
  await importRows(ctx, tx, 'salaries', 'employees_advances', 'employee_advances', async (row) => {
    const employee = await existing(tx, 'employees', text(row.employee));
    if (!employee) return { refuse: `employee ${text(row.employee) || '(none)'} does not exist` };
    const amount = centsOf(ctx, 'employees_advances', row, 'amount');
    let deduction = centsOf(ctx, 'employees_advances', row, 'deduction');
    if (deduction > amount) {
      ctx.report.problem(
        `the monthly deduction ${centsText(deduction)} was more than the advance: set to ${centsText(amount)}`,
        'employees_advances',
        text(row.id),
      );
      deduction = amount;
    }
    return {
      data: {
        employee,
        amount: amount / 100,
        monthly_deduction: deduction / 100,
        purpose: text(row.statement),
        date: when(row),
        vault: main,
      },
      after: async (id: string) => {
        for (const status of ['approved', 'paid'])
          await updateRecord(
            tx,
            advances,
            id,
            { data: { status }, files: {} },
            ctx.request,
            '127.0.0.1',
          );
        oldRepaid.set(id, cents(row.payed));
        advanceTotals.amount += amount;
        advanceTotals.repaid += cents(row.payed);
      },
    };
  });

  // ---- Salaries: a paid run per month, a payslip per old salary. ----
  await importPayrollHistory(ctx, tx, main);

  // ---- The advances' payments: cash, or withheld by a payroll (linked to its payslip). ----
  await importRows(
    ctx,
    tx,
    'salaries',
    'employees_advances_payments',
    'advance_repayments',
    async (row) => {
      const advance = await existing(tx, 'employee_advances', text(row.advance));
      if (!advance) return { refuse: `advance ${text(row.advance) || '(none)'} does not exist` };
      let statement = text(row.statement);
      const payroll = PAYROLL_REPAYMENT.exec(statement);
      // The old screen took a payment above what remained. What remains is repaid here (the
      // advance is then settled), and what was paid over is said, on the record and for review.
      const paid = centsOf(ctx, 'employees_advances_payments', row, 'amount');
      const { rows: owed } = await tx.db.query<{ remaining: string }>(
        `SELECT "remaining"::text AS remaining FROM "employee_advances" WHERE "id" = $1`,
        [advance],
      );
      const remains = cents(owed[0]?.remaining);
      const over = remains > 0 && paid > remains ? paid - remains : 0;
      if (over)
        statement = `${statement ? `${statement} ` : ''}(${centsText(paid)} paid in the old system, ${centsText(over)} more than remained)`;
      return {
        data: {
          advance,
          amount: (paid - over) / 100,
          date: when(row),
          source: payroll ? 'payroll' : 'manual',
          statement: statement.slice(0, 2000),
        },
        after: async (id: string) => {
          if (over)
            ctx.report.toReview(
              'employees_advances_payments',
              text(row.id),
              'advance_repayments',
              `paid ${centsText(paid)} where ${centsText(remains)} remained of the advance: imported as ${centsText(remains)}, which settles it; the ${centsText(over)} paid over is to review (give it back, or record it where it belongs)`,
            );
          if (!payroll) return;
          const { rows } = await tx.db.query<{ id: string }>(
            `SELECT p."id" FROM "payslips" p
               JOIN "employee_advances" a ON a."employee" = p."employee"
               JOIN "payroll_runs" r ON r."id" = p."run" AND r."status" = 'paid'
              WHERE a."id" = $1 AND p."year" = $2 AND p."month" = $3 LIMIT 1`,
            [advance, Number(payroll[1]), Number(payroll[2])],
          );
          if (rows[0])
            await tx.db.query(`UPDATE "advance_repayments" SET "payslip" = $1 WHERE "id" = $2`, [
              rows[0].id,
              id,
            ]);
          else
            ctx.report.problem(
              `no salary of ${payroll[1]}/${payroll[2]} was imported for this advance's employee: kept as a payroll repayment without its payslip`,
              'employees_advances_payments',
              text(row.id),
            );
        },
      };
    },
  );

  // What each advance counted as repaid, against its payments here.
  let repaidHere = 0;
  let remaining = 0;
  for (const [id, old] of oldRepaid) {
    const { rows } = await tx.db.query<{ repaid: string; remaining: string }>(
      `SELECT "repaid"::text AS repaid, "remaining"::text AS remaining FROM "employee_advances" WHERE "id" = $1`,
      [id],
    );
    const now = Math.round(Number(rows[0]?.repaid ?? 0) * 100);
    repaidHere += now;
    remaining += Math.round(Number(rows[0]?.remaining ?? 0) * 100);
    if (now !== old)
      ctx.report.problem(
        `the old system counted ${centsText(old)} repaid, its payments add up to ${centsText(now)}: what remains follows the payments (record a repayment if more was paid back)`,
        'employees_advances',
        id,
      );
  }
  if (oldRepaid.size)
    ctx.report.money(
      'advances',
      `${oldRepaid.size} advances of ${centsText(advanceTotals.amount)}, ${centsText(advanceTotals.repaid)} repaid`,
      `${centsText(advanceTotals.amount)} paid outside the vaults, ${centsText(repaidHere)} repaid, ${centsText(remaining)} still owed`,
    );
}

/** The old `payroll` table as paid runs (see importSalaries). */
async function importPayrollHistory(ctx: Context, tx: Engine, vault: string): Promise<void> {
  const from = 'payroll';
  const entry = ctx.report.collection(from, 'payslips');
  if (!ctx.source.tables().has(from)) {
    ctx.report.problem('the table is missing from the backup; nothing imported from it', from);
    return;
  }
  const registry = tx.registry;
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  type MonthRun = {
    run: string;
    payslips: string[];
    /** The old salaries of the month (a second one of an employee shares a payslip). */
    salaries: number;
    oldTotal: Cents;
    oldPaid: Cents;
    refusal?: string;
  };
  const months = new Map<string, MonthRun>();
  /** The run of the month, made (paid, outside the vaults) the first time it is needed. */
  const runOf = async (year: number, month: number, row: SqliteRow): Promise<MonthRun> => {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const known = months.get(label);
    if (known) return known;
    const id = stableId(`payroll_runs:${label}`);
    const made: MonthRun = { run: id, payslips: [], salaries: 0, oldTotal: 0, oldPaid: 0 };
    months.set(label, made);
    const { rows } = await tx.db.query<{ id: string; status: string }>(
      `SELECT "id", "status" FROM "payroll_runs"
        WHERE ("year" = $1 AND "month" = $2 AND "status" <> 'reversed') OR "id" = $3`,
      [year, month, id],
    );
    if (rows.some((r) => r.id !== id)) made.refusal = `the payroll of ${label} already exists here`;
    else if (rows[0]?.status === 'reversed')
      made.refusal = `the imported payroll of ${label} was reversed here`;
    else if (!rows.length) {
      const created = when(row) || formatDate(new Date());
      await tx.db.query(
        `INSERT INTO "payroll_runs" ("id","year","month","vault","status","pay_date","notes","created","updated")
         VALUES ($1,$2,$3,$4,'paid',$5,$6,$5,$5)`,
        [id, year, month, vault, created, 'Imported from the old system: paid outside the vaults'],
      );
    }
    return made;
  };
  const when = (row: SqliteRow) => (PB_DATE.test(text(row.created)) ? text(row.created) : '');
  const optionOf = async (table: string, title: string) => {
    const { rows } = await tx.db.query<{ id: string }>(
      `SELECT "id" FROM "${table}" WHERE lower("title") = lower($1) ORDER BY "_rowid" LIMIT 1`,
      [title],
    );
    return rows[0]?.id ?? '';
  };

  const total = ctx.source.count(from);
  for (const row of ctx.source.rows(from)) {
    entry.read++;
    const oldId = text(row.id);
    const id = validId(oldId) ? oldId : stableId(oldId);
    if (id !== oldId)
      ctx.report.problem(`id "${oldId}" is not valid here; imported as ${id}`, from, oldId);
    const refuse = (reason: string) => entry.refused.push({ id: oldId, reason });
    // A second salary of a month was written as lines of the month's payslip, the first with
    // the old id (see `marker` below).
    const { rows: here } = await tx.db.query(
      `SELECT 1 FROM "payslips" WHERE "id" = $1 UNION ALL SELECT 1 FROM "payslip_lines" WHERE "id" = $1`,
      [id],
    );
    if (here.length) {
      entry.skipped++;
      continue;
    }
    const year = Number(text(row.year));
    const month = Number(text(row.month));
    if (!Number.isInteger(year) || year < 2000 || year > 2100) {
      refuse(`year "${text(row.year)}" is not a year from 2000 to 2100`);
      continue;
    }
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      refuse(`month "${text(row.month)}" is not 1 to 12`);
      continue;
    }
    const employee = await existing(tx, 'employees', text(row.employee));
    if (!employee) {
      refuse(`employee ${text(row.employee) || '(none)'} does not exist`);
      continue;
    }
    const details = objectOf(row.salary_details);
    if (!details) {
      refuse(`salary_details is not a JSON object: ${text(row.salary_details).slice(0, 40)}`);
      continue;
    }
    const run = await runOf(year, month, row);
    if (run.refusal) {
      refuse(run.refusal);
      continue;
    }
    // The old screen let a month be paid twice to one employee; here a month has one payslip
    // per employee. The second salary is not dropped: its basic salary and lines are added to
    // the month's payslip, so the month's net pay holds both, and it is listed for review.
    const { rows: first } = await tx.db.query<{ id: string }>(
      `SELECT "id" FROM "payslips" WHERE "run" = $1 AND "employee" = $2`,
      [run.run, employee],
    );
    const payslip = first[0]?.id ?? id;
    const basic = centsOf(ctx, from, row, 'basic_salary', details.basic_salary);
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const created = when(row) || formatDate(new Date());
    const updated = PB_DATE.test(text(row.updated)) ? text(row.updated) : created;
    if (!first[0])
      await tx.db.query(
        `INSERT INTO "payslips" ("id","run","employee","year","month","basic_salary","created","updated")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [id, run.run, employee, year, month, centsText(basic), created, updated],
      );
    type Links = { allowance_option?: string; deduction_option?: string; advance?: string };
    // A second salary's first line written carries its old id, so a second run skips it.
    let marker = first[0] ? id : '';
    const line = async (kind: string, title: string, amount: Cents, links: Links) => {
      if (amount <= 0) {
        ctx.report.problem(`a ${kind} line of ${centsText(amount)} was left out`, from, oldId);
        return;
      }
      const lineId = marker || newRecordId();
      marker = '';
      const fallback = { allowance: 'Allowance', deduction: 'Deduction', advance: 'Advance' }[kind];
      const source = links.advance
        ? 'advance'
        : links.allowance_option || links.deduction_option
          ? 'option'
          : 'adhoc';
      await tx.db.query(
        `INSERT INTO "payslip_lines" ("id","payslip","employee","kind","source","title","amount",
           "allowance_option","deduction_option","advance","created","updated")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        [
          lineId,
          payslip,
          employee,
          kind,
          source,
          (title.length >= 2 ? title : fallback!).slice(0, 200),
          centsText(amount),
          links.allowance_option ?? '',
          links.deduction_option ?? '',
          links.advance ?? '',
          created,
          updated,
        ],
      );
    };
    if (first[0]) {
      await line('allowance', `Second salary of ${label} in the old system`, basic, {});
      ctx.report.toReview(
        from,
        oldId,
        'payslips',
        `a second salary for this employee in ${label} (the old screen allowed it; here a month has one payslip per employee): its basic salary ${centsText(basic)} and its lines were added to payslip ${payslip}`,
      );
    }
    for (const a of salaryLines(details, 'allowances'))
      await line('allowance', a.statement, a.cents, {
        allowance_option: await optionOf('allowance_options', a.statement),
      });
    for (const d of salaryLines(details, 'deductions')) {
      const instalment = ADVANCE_INSTALMENT.exec(d.statement);
      const advance = instalment ? await existing(tx, 'employee_advances', instalment[1]) : '';
      if (instalment && !advance)
        ctx.report.problem(
          `advance ${instalment[1]} was not imported: its instalment is kept as a deduction`,
          from,
          oldId,
        );
      if (advance) await line('advance', d.statement, d.cents, { advance });
      else {
        await line('deduction', d.statement, d.cents, {
          deduction_option: await optionOf('deduction_options', d.statement),
        });
      }
    }
    if (!first[0]) run.payslips.push(id);
    run.salaries++;
    run.oldTotal += cents(row.total_salary);
    run.oldPaid += cents(row.payed);
    entry.toImport++;
    if (entry.read % 100 === 0)
      ctx.onProgress?.({ group: 'salaries', collection: from, done: entry.read, total });
  }
  ctx.onProgress?.({ group: 'salaries', collection: from, done: entry.read, total });

  // Totals from the lines (as for any run), the pay date the last salary's, and the audit trail.
  for (const [label, month] of months) {
    // A second salary alone (its month imported before) changes the totals too.
    if (month.refusal || !month.salaries) continue;
    await recomputeTotals(tx.db, month.run);
    const { rows } = await tx.db.query<Row>(
      `UPDATE "payroll_runs" SET "pay_date" = s.last, "updated" = s.last
         FROM (SELECT max("created") AS last FROM "payslips" WHERE "run" = $1) s
        WHERE "id" = $1 RETURNING "payroll_runs".*`,
      [month.run],
    );
    await auditSideChange(tx.db, registry.get('payroll_runs')!, null, rows[0], ctx.request);
    const { rows: payslips } = await tx.db.query<Row>(
      `SELECT * FROM "payslips" WHERE "id" = ANY($1::text[])`,
      [month.payslips],
    );
    for (const payslip of payslips)
      await auditSideChange(tx.db, registry.get('payslips')!, null, payslip, ctx.request);
    ctx.report.money(
      `payroll ${label}`,
      `${month.salaries} salaries: total ${centsText(month.oldTotal)}, paid ${centsText(month.oldPaid)}`,
      `net pay ${centsText(Math.round(Number(rows[0].total_net) * 100))} (paid outside the vaults)`,
    );
  }
}
