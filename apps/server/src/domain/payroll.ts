import type { Queryable } from '../db/database';
import type { HookRegistry, RecordWrites } from '../core/hooks';
import type { Row } from '../core/record-export';
import { actingAsSystem, type RequestInfo } from '../core/request-info';
import { formatDate } from '../core/values';
import { fieldError, moveOf } from './finance';
import { centsText, postEntries, toCents } from './finance-ledger';

/**
 * Payroll on the hook point (see docs/finance.md, "Payroll").
 *
 * A run is created as a draft: the server drafts, in a few set-based statements, a payslip for
 * every active employee with a basic salary, with a line per active allowance and deduction option
 * they hold (fixed, or a percentage of the basic salary) and a line per open advance (the smaller
 * of its monthly deduction and what remains). Totals are sums of lines, recomputed in SQL whenever
 * a line comes or goes. Moving the run's `status` approves it, pays it (one ledger entry for the
 * run's net pay, plus a payroll repayment per advance line) and reverses it, each in the
 * transaction of the run's update. Which moves exist, who may make them, and that payslips and
 * lines change only while the run is a draft, are the run's workflow (PAYROLL_WORKFLOW in
 * packages/schema), enforced by the engine.
 */

const monthLabel = (year: unknown, month: unknown) =>
  `${String(year)}-${String(month).padStart(2, '0')}`;

/** Today at midnight UTC, in the stored date layout. */
const today = () => `${formatDate(new Date()).slice(0, 10)} 00:00:00.000Z`;

/** Takes the month's lock, so two runs for one month created at once are checked one after the other. */
async function lockMonth(tx: Queryable, year: number, month: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1::int, $2::int)`, [0x7061, year * 100 + month]);
}

/**
 * The run's draft payslips with their lines, written through the engine in two bulk creates (their
 * validation, workflow, hooks, audit and realtime); the figures are worked out by the database.
 */
async function draftPayslips(tx: Queryable, records: RecordWrites, run: Row): Promise<void> {
  const { rows: staff } = await tx.query<{ id: string; basic_salary: string }>(
    `SELECT "id", "basic_salary"::text AS basic_salary FROM "employees"
      WHERE "employment_status" = 'Active' AND "basic_salary" > 0 ORDER BY "id"`,
  );
  await records.createMany(
    'payslips',
    staff.map((e) => ({
      run: run.id,
      employee: e.id,
      year: run.year,
      month: run.month,
      basic_salary: e.basic_salary,
    })),
  );
  // Allowances and deductions from the options each employee holds (active ones only), then
  // each open advance's instalment: its monthly deduction, never more than what remains.
  const { rows: lines } = await tx.query<Row>(
    `SELECT p."id" AS payslip, p."employee", o.kind, 'option' AS source, o."title",
            x.amount::text AS amount,
            CASE WHEN o."calculation" = 'percentage' THEN o."percentage" ELSE 0 END AS percentage,
            CASE WHEN o.kind = 'allowance' THEN o."id" ELSE '' END AS allowance_option,
            CASE WHEN o.kind = 'deduction' THEN o."id" ELSE '' END AS deduction_option,
            '' AS advance, CASE WHEN o.kind = 'allowance' THEN 1 ELSE 2 END AS rank
       FROM "payslips" p
       JOIN "employees" e ON e."id" = p."employee"
       CROSS JOIN LATERAL (
         SELECT 'allowance' AS kind, a.* FROM jsonb_array_elements_text(e."allowances") AS held(id)
           JOIN "allowance_options" a ON a."id" = held.id AND a."active"
         UNION ALL
         SELECT 'deduction' AS kind, d.* FROM jsonb_array_elements_text(e."deductions") AS held(id)
           JOIN "deduction_options" d ON d."id" = held.id AND d."active") o
       CROSS JOIN LATERAL (SELECT CASE WHEN o."calculation" = 'percentage'
                                       THEN round(p."basic_salary" * o."percentage"::numeric / 100, 2)
                                       ELSE o."amount" END AS amount) x
      WHERE p."run" = $1 AND x.amount > 0
     UNION ALL
     SELECT p."id", p."employee", 'advance', 'advance',
            left('Advance' || CASE WHEN a."purpose" <> '' THEN ': ' || a."purpose" ELSE '' END, 200),
            LEAST(a."monthly_deduction", a."remaining")::text, 0, '', '', a."id", 3
       FROM "payslips" p
       JOIN "employee_advances" a ON a."employee" = p."employee"
      WHERE p."run" = $1 AND a."status" IN ('paid', 'partly_repaid')
        AND a."remaining" > 0 AND a."monthly_deduction" > 0
      ORDER BY payslip, rank, title`,
    [run.id],
  );
  await records.createMany(
    'payslip_lines',
    lines.map(({ rank: _rank, ...line }) => line),
  );
  await recomputeTotals(tx, String(run.id));
}

/**
 * Sets the payslips' totals and net pay from their lines (only `payslip`'s when given), then the
 * run's totals from its payslips; returns the run's stored row.
 *
 * Kept in SQL: these are sums of lines, read-only on both records, worked out by the database in
 * the line's (or run's) transaction while the engine holds the run's lock (every line's write
 * locks its run first). An engine write of the run from a line's hook would run the run's own
 * workflow and hooks from inside a change of the run's lines; the run's and payslip's audit
 * record and realtime event come from the write that changed the lines, as before.
 */
export async function recomputeTotals(
  tx: Queryable,
  runId: string,
  payslip?: string,
): Promise<Row> {
  await tx.query(
    `UPDATE "payslips" p
        SET "total_allowances" = s.allowances, "total_deductions" = s.deductions,
            "total_advances" = s.advances,
            "net_pay" = p."basic_salary" + s.allowances - s.deductions - s.advances
       FROM (SELECT q."id",
                    COALESCE(sum(l."amount") FILTER (WHERE l."kind" = 'allowance'), 0) AS allowances,
                    COALESCE(sum(l."amount") FILTER (WHERE l."kind" = 'deduction'), 0) AS deductions,
                    COALESCE(sum(l."amount") FILTER (WHERE l."kind" = 'advance'), 0) AS advances
               FROM "payslips" q LEFT JOIN "payslip_lines" l ON l."payslip" = q."id"
              WHERE q."run" = $1 AND ($2 = '' OR q."id" = $2)
              GROUP BY q."id") s
      WHERE p."id" = s."id"`,
    [runId, payslip ?? ''],
  );
  const { rows } = await tx.query<Row>(
    `UPDATE "payroll_runs" r
        SET "payslips_count" = s.n, "total_basic" = s.basic, "total_allowances" = s.allowances,
            "total_deductions" = s.deductions, "total_advances" = s.advances, "total_net" = s.net
       FROM (SELECT count(*)::int AS n, COALESCE(sum("basic_salary"), 0) AS basic,
                    COALESCE(sum("total_allowances"), 0) AS allowances,
                    COALESCE(sum("total_deductions"), 0) AS deductions,
                    COALESCE(sum("total_advances"), 0) AS advances,
                    COALESCE(sum("net_pay"), 0) AS net
               FROM "payslips" WHERE "run" = $1) s
      WHERE r."id" = $1 RETURNING r.*`,
    [runId],
  );
  return rows[0];
}

/** Refuses when a payslip of the run pays less than nothing, naming its employees. */
async function refuseNegativeNetPay(tx: Queryable, runId: string): Promise<void> {
  const { rows } = await tx.query<{ name: string; net: string }>(
    `SELECT e."name", p."net_pay"::text AS net FROM "payslips" p
       JOIN "employees" e ON e."id" = p."employee"
      WHERE p."run" = $1 AND p."net_pay" < 0 ORDER BY e."name"`,
    [runId],
  );
  if (rows.length === 0) return;
  const named = rows.map((r) => `${r.name} (${r.net})`).join(', ');
  throw fieldError(
    'status',
    'payroll.negative_net_pay',
    { employees: named },
    { employees: rows.map((r) => r.name) },
  );
}

/** The employee of a payslip (the engine has checked its run is a draft, and locked the run). */
async function payslipEmployee(tx: Queryable, payslip: string): Promise<string> {
  const { rows } = await tx.query<{ employee: string }>(
    `SELECT "employee" FROM "payslips" WHERE "id" = $1`,
    [payslip],
  );
  if (!rows[0]) throw fieldError('payslip', 'payroll.payslip_missing');
  return rows[0].employee;
}

type AdvanceLine = {
  advance: string;
  amount: string;
  remaining: string;
  status: string;
  name: string;
};

/** Pays an approved run: the salaries out of its vault and the advance instalments withheld. */
async function payRun(
  tx: Queryable,
  records: RecordWrites,
  run: Row,
  request: RequestInfo,
): Promise<Row> {
  await refuseNegativeNetPay(tx, String(run.id));
  const date = String(run.pay_date || today());
  const label = monthLabel(run.year, run.month);
  // Lock the advances withheld from (in id order, as the ledger locks vaults) and check that
  // each still has its instalment left: a cash repayment since the draft may have shrunk it.
  const { rows: lines } = await tx.query<AdvanceLine>(
    `SELECT a."id" AS advance, s.amount::text AS amount, a."remaining"::text AS remaining,
            a."status", e."name"
       FROM (SELECT l."advance", sum(l."amount") AS amount FROM "payslip_lines" l
               JOIN "payslips" p ON p."id" = l."payslip"
              WHERE p."run" = $1 AND l."kind" = 'advance' GROUP BY l."advance") s
       JOIN "employee_advances" a ON a."id" = s."advance"
       JOIN "employees" e ON e."id" = a."employee"
      ORDER BY a."id" FOR UPDATE OF a`,
    [run.id],
  );
  const short = lines.filter(
    (l) =>
      !['paid', 'partly_repaid'].includes(l.status) || toCents(l.amount) > toCents(l.remaining),
  );
  if (short.length)
    throw fieldError(
      'status',
      'payroll.instalments_over',
      { employees: short.map((l) => l.name).join(', ') },
      { employees: short.map((l) => l.name) },
    );
  const [entry] = await postEntries(
    tx,
    [
      {
        vault: String(run.vault),
        amount: -toCents(run.total_net),
        kind: 'salary',
        date,
        source: { collection: 'payroll_runs', id: String(run.id) },
        statement: `Salaries of ${label} (${String(run.payslips_count)} payslips)`,
      },
    ],
    request,
    'status',
  );
  if (lines.length) await withholdAdvances(tx, records, run, date, label);
  return { payment_entry: entry ?? '', pay_date: date };
}

/**
 * Records a payroll repayment per advance line of the run, through the engine: each repayment's
 * own rule moves its advance (locked by payRun, in id order, until the commit).
 */
async function withholdAdvances(
  tx: Queryable,
  records: RecordWrites,
  run: Row,
  date: string,
  label: string,
): Promise<void> {
  const { rows: lines } = await tx.query<{ advance: string; amount: string; payslip: string }>(
    `SELECT l."advance", l."amount"::text AS amount, l."payslip" FROM "payslip_lines" l
       JOIN "payslips" p ON p."id" = l."payslip"
      WHERE p."run" = $1 AND l."kind" = 'advance' ORDER BY l."advance", l."_rowid"`,
    [run.id],
  );
  await records.createMany(
    'advance_repayments',
    lines.map((line) => ({
      ...line,
      date,
      source: 'payroll',
      statement: `Withheld from the salary of ${label}`,
      reversed: false,
    })),
  );
}

/** Undoes a paid run: the salaries back into the vault, the withheld instalments owed again. */
async function reverseRun(
  tx: Queryable,
  records: RecordWrites,
  run: Row,
  request: RequestInfo,
): Promise<Row> {
  const label = monthLabel(run.year, run.month);
  const { rows: payment } = await tx.query<{ vault: string; amount: string }>(
    `SELECT "vault", "amount"::text AS amount FROM "ledger_entries" WHERE "id" = $1`,
    [run.payment_entry],
  );
  let reversal = '';
  if (payment[0]) {
    [reversal] = await postEntries(
      tx,
      [
        {
          vault: payment[0].vault,
          amount: -toCents(payment[0].amount),
          kind: 'salary_reversal',
          date: today(),
          source: { collection: 'payroll_runs', id: String(run.id) },
          statement: `Reversal of the salaries of ${label}`,
          reverses: String(run.payment_entry),
        },
      ],
      request,
      'status',
    );
  }
  // Lock the advances withheld from (in id order, as the ledger locks vaults), with how much.
  const { rows: advances } = await tx.query<Row & { withheld: string }>(
    `SELECT a.*, s.amount::text AS withheld FROM "employee_advances" a
       JOIN (SELECT r."advance", sum(r."amount") AS amount FROM "advance_repayments" r
               JOIN "payslips" p ON p."id" = r."payslip"
              WHERE p."run" = $1 AND NOT r."reversed" GROUP BY r."advance") s
         ON s."advance" = a."id"
      ORDER BY a."id" FOR UPDATE OF a`,
    [run.id],
  );
  if (advances.length) {
    for (const { withheld, ...advance } of advances) {
      const repaid = toCents(advance.repaid) - toCents(withheld);
      await records.update('employee_advances', String(advance.id), {
        repaid: centsText(repaid),
        remaining: centsText(toCents(advance.remaining) + toCents(withheld)),
        status: repaid === 0 ? 'paid' : 'partly_repaid',
      });
    }
    const { rows: repayments } = await tx.query<{ id: string }>(
      `SELECT r."id" FROM "advance_repayments" r JOIN "payslips" p ON p."id" = r."payslip"
        WHERE p."run" = $1 AND NOT r."reversed" ORDER BY r."id"`,
      [run.id],
    );
    for (const repayment of repayments)
      await records.update('advance_repayments', repayment.id, { reversed: true });
  }
  return { reversal_entry: reversal ?? '' };
}

export function registerPayrollHooks(hooks: HookRegistry): void {
  // ---- Salary options: a fixed amount or a percentage of the basic salary. ----
  for (const name of ['allowance_options', 'deduction_options']) {
    const check = (merged: Row, target: Row) => {
      target.calculation = merged.calculation || 'fixed';
      if (target.calculation === 'fixed' && !(toCents(merged.amount) > 0))
        throw fieldError('amount', 'payroll.option_amount');
      if (target.calculation === 'percentage' && !(Number(merged.percentage) > 0))
        throw fieldError('percentage', 'payroll.option_percentage');
    };
    hooks.on(name, {
      beforeCreate: async ({ row }) => check(row, row),
      beforeUpdate: async ({ changes, previous }) => check({ ...previous, ...changes }, changes),
    });
  }

  // ---- Runs: one per month; the bookkeeping of draft -> approved -> paid -> reversed. ----
  hooks.on('payroll_runs', {
    beforeCreate: async ({ tx, row }) => {
      await lockMonth(tx, Number(row.year), Number(row.month));
      const { rows } = await tx.query(
        `SELECT 1 FROM "payroll_runs" WHERE "year" = $1 AND "month" = $2 AND "status" <> 'reversed'`,
        [row.year, row.month],
      );
      if (rows.length)
        throw fieldError(
          'month',
          'payroll.month_taken',
          { month: monthLabel(row.year, row.month) },
          { year: Number(row.year), month: Number(row.month) },
        );
      const vault = await tx.query(`SELECT 1 FROM "vaults" WHERE "id" = $1`, [row.vault]);
      if (!vault.rows.length) throw fieldError('vault', 'finance.missing_vault');
    },
    afterCreate: async ({ tx, records, record }) => {
      await draftPayslips(tx, records, record);
      // The response and the audit record show the drafted totals.
      Object.assign(record, await recomputeTotals(tx, String(record.id)));
    },
    beforeUpdate: async ({ tx, records, changes, previous, request }) => {
      const to = moveOf(changes, previous);
      const merged = { ...previous, ...changes };
      if (to === 'approved') {
        // Approval fixes what will be paid: the totals as the lines are now.
        Object.assign(changes, pick(await recomputeTotals(tx, String(previous.id)), TOTALS));
        await refuseNegativeNetPay(tx, String(previous.id));
      }
      if (to === 'paid') Object.assign(changes, await payRun(tx, records, merged, request));
      if (to === 'reversed') Object.assign(changes, await reverseRun(tx, records, merged, request));
    },
    // A draft's payslips and lines go with it (their figures were never paid): the engine
    // deletes them as the relations declare (cascade), each audited.
  });

  // ---- Payslips: a draft's payslip may be taken out of the run. ----
  // Its lines go with it (the relation's cascade); deleted with its run, nothing is left to sum.
  hooks.on('payslips', {
    afterDelete: async ({ tx, record, cascade }) => {
      if (!cascade) await recomputeTotals(tx, String(record.run));
    },
  });

  // ---- Lines: ad-hoc allowances and deductions while the run is a draft. ----
  // The lines the server drafts with a run (options and advances) come with their employee and
  // source, and are summed once by the draft.
  hooks.on('payslip_lines', {
    beforeCreate: async ({ tx, row, request }) => {
      if (actingAsSystem(request)) return;
      if (row.kind === 'advance') throw fieldError('kind', 'payroll.advance_line');
      if (!(toCents(row.amount) > 0)) throw fieldError('amount', 'payroll.line_amount');
      row.employee = await payslipEmployee(tx, String(row.payslip));
      row.source = 'adhoc';
    },
    afterCreate: async ({ tx, record, request }) => {
      if (actingAsSystem(request)) return;
      await recomputeTotals(tx, await runOf(tx, record), String(record.payslip));
      if (record.kind === 'deduction') await refuseNegativePayslip(tx, String(record.payslip));
    },
    afterDelete: async ({ tx, record, cascade }) => {
      // Deleted with its payslip or run, the run's own totals are worked out there.
      if (cascade) return;
      const run = await runOf(tx, record);
      if (run) await recomputeTotals(tx, run, String(record.payslip));
    },
  });
}

const TOTALS = [
  'payslips_count',
  'total_basic',
  'total_allowances',
  'total_deductions',
  'total_advances',
  'total_net',
] as const;

const pick = (row: Row, names: readonly string[]): Row =>
  Object.fromEntries(names.map((n) => [n, row[n]]));

async function runOf(tx: Queryable, line: Row): Promise<string> {
  const { rows } = await tx.query<{ run: string }>(`SELECT "run" FROM "payslips" WHERE "id" = $1`, [
    line.payslip,
  ]);
  return rows[0]?.run ?? '';
}

/** A deduction that takes one payslip below zero is refused, naming its employee. */
async function refuseNegativePayslip(tx: Queryable, payslip: string): Promise<void> {
  const { rows } = await tx.query<{ name: string; net: string }>(
    `SELECT e."name", p."net_pay"::text AS net FROM "payslips" p
       JOIN "employees" e ON e."id" = p."employee" WHERE p."id" = $1 AND p."net_pay" < 0`,
    [payslip],
  );
  if (rows[0])
    throw fieldError(
      'amount',
      'payroll.deduction_below_zero',
      { employee: rows[0].name, net: centsText(toCents(rows[0].net)) },
      { employee: rows[0].name },
    );
}
